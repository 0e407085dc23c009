# The version and .deb names are those of AMD's documentation for ROCm 6.2 on
# Ubuntu 24.04 (noble); for another version, copy these two lines from its current quick start
wget https://repo.radeon.com/amdgpu-install/6.2/ubuntu/noble/amdgpu-install_6.2.60200-1_all.deb
sudo apt install ./amdgpu-install_6.2.60200-1_all.deb
# ROCm under /opt/rocm, with the amdgpu that Ubuntu's kernel already ships (without AMD's DKMS module)
sudo amdgpu-install --usecase=rocm --no-dkms
