rocminfo --support | grep gfx
rocm-smi --showhw
