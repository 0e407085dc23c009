watch -n1 amd-smi metric --usage --mem-usage   # con un ROCm antiguo: watch -n1 rocm-smi
