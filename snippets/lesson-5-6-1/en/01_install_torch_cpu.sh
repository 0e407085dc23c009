# 1) CPU-only PyTorch, from PyTorch's own package index (PyPI's build ships CUDA and
#    weighs several GB)
pip install "torch==2.13.0" --index-url https://download.pytorch.org/whl/cpu
