# The version and .deb names are those of AMD's documentation for ROCm 6.2 on
# Ubuntu 24.04 (noble); for another version, copy these two lines from its current quick start
wget https://repo.radeon.com/amdgpu-install/6.2/ubuntu/noble/amdgpu-install_6.2.60200-1_all.deb
sudo apt install ./amdgpu-install_6.2.60200-1_all.deb
# DKMS builds the driver for every installed kernel: it needs their headers
sudo apt install "linux-headers-$(uname -r)" "linux-modules-extra-$(uname -r)"
sudo amdgpu-install --usecase=rocm
# or, to keep the amdgpu that Ubuntu's kernel ships and not install AMD's:
#   sudo amdgpu-install --usecase=rocm --no-dkms
