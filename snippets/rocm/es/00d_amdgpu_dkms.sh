# DKMS compila el controlador de AMD para cada núcleo instalado: necesita sus cabeceras
sudo apt install "linux-headers-$(uname -r)" "linux-modules-extra-$(uname -r)"
sudo amdgpu-install --usecase=rocm
