rocminfo | grep -E "Marketing Name|gfx"
rocm-smi --showmeminfo vram     # with AMD's packages, also: amd-smi metric --mem-usage
