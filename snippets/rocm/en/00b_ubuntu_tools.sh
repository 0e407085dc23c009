sudo apt install rocminfo rocm-smi
