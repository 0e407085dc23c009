watch -n1 rocm-smi
