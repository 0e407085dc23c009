# The version and .deb names are those of AMD's quick start for ROCm 7.0.2 on
# Ubuntu 24.04 (noble), whose table lists Linux 6.14; for another version,
# copy these two commands from its current quick start
wget https://repo.radeon.com/amdgpu-install/7.0.2/ubuntu/noble/\
amdgpu-install_7.0.2.70002-1_all.deb
sudo apt install ./amdgpu-install_7.0.2.70002-1_all.deb
sudo apt update
# ROCm under /opt/rocm, with the amdgpu that Ubuntu's kernel already ships (without
# AMD's DKMS module)
sudo amdgpu-install --usecase=rocm --no-dkms
