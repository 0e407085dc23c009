rocminfo | grep -E "Marketing Name|gfx"
rocm-smi --showmeminfo vram
