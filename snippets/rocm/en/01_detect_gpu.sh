# Permission warnings from rocminfo go to standard output: the filter lets them through
rocminfo | grep -E "Marketing Name|gfx|denied|render"
# with AMD's packages, also: amd-smi metric --mem-usage
rocm-smi --showmeminfo vram
