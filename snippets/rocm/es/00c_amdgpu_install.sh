# Los nombres de la versión y del .deb son los de la documentación de AMD para ROCm 6.2 en
# Ubuntu 24.04 (noble); para otra versión, copia estas dos líneas de su guía rápida actual
wget https://repo.radeon.com/amdgpu-install/6.2/ubuntu/noble/amdgpu-install_6.2.60200-1_all.deb
sudo apt install ./amdgpu-install_6.2.60200-1_all.deb
# DKMS compila el controlador para cada núcleo instalado: necesita sus cabeceras
sudo apt install "linux-headers-$(uname -r)" "linux-modules-extra-$(uname -r)"
sudo amdgpu-install --usecase=rocm
# o bien, para quedarte con el amdgpu que trae el núcleo de Ubuntu y no instalar el de AMD:
#   sudo amdgpu-install --usecase=rocm --no-dkms
