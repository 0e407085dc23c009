watch -n1 amd-smi metric --usage --mem-usage   # on an older ROCm: watch -n1 rocm-smi
