# with AMD's packages: watch -n1 amd-smi metric --usage --mem-usage
watch -n1 rocm-smi --showuse --showmeminfo vram
