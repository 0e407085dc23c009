# Permission warnings from rocminfo go to standard output: the filter lets them through
rocminfo | grep -E "Marketing Name|gfx|denied|render"
rocm-smi --showmeminfo vram     # with AMD's packages, also: amd-smi metric --mem-usage
