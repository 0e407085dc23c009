# DKMS builds AMD's driver for every installed kernel: it needs their headers
sudo apt install "linux-headers-$(uname -r)" "linux-modules-extra-$(uname -r)"
sudo amdgpu-install --usecase=rocm
