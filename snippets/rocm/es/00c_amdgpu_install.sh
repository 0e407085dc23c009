# Los nombres de la versión y del .deb son los de la documentación de AMD para ROCm 6.2 en
# Ubuntu 24.04 (noble); para otra versión, copia estas dos líneas de su guía rápida actual
wget https://repo.radeon.com/amdgpu-install/6.2/ubuntu/noble/amdgpu-install_6.2.60200-1_all.deb
sudo apt install ./amdgpu-install_6.2.60200-1_all.deb
# ROCm en /opt/rocm, con el amdgpu que ya trae el núcleo de Ubuntu (sin el módulo DKMS de AMD)
sudo amdgpu-install --usecase=rocm --no-dkms
