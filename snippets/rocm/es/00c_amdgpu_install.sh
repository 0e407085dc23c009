# Los nombres de la versión y del .deb son los de la guía rápida de AMD para ROCm 7.0.2
# en Ubuntu 24.04 (noble), cuya tabla incluye Linux 6.14; para otra versión,
# copia estas dos órdenes de su guía rápida actual
wget https://repo.radeon.com/amdgpu-install/7.0.2/ubuntu/noble/\
amdgpu-install_7.0.2.70002-1_all.deb
sudo apt install ./amdgpu-install_7.0.2.70002-1_all.deb
sudo apt update
# ROCm en /opt/rocm, con el amdgpu que ya trae el núcleo de Ubuntu (sin el módulo DKMS
# de AMD)
sudo amdgpu-install --usecase=rocm --no-dkms
