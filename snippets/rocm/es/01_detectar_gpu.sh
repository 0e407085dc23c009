# Las herramientas de ROCm viven en /opt/rocm/bin, que no siempre está en el PATH
export PATH="$PATH:/opt/rocm/bin"
rocminfo | grep -E "Marketing Name|gfx"
amd-smi metric --mem-usage      # ROCm actual; con uno antiguo: rocm-smi --showmeminfo vram
