rocminfo | grep -E "Marketing Name|gfx"
rocm-smi --showmeminfo vram     # con los paquetes de AMD también: amd-smi metric --mem-usage
