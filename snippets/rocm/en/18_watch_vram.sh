watch -n1 rocm-smi --showuse --showmeminfo vram   # with AMD's packages: watch -n1 amd-smi metric --usage --mem-usage
