# CPU-only PyTorch, from PyTorch's own package index (not from PyPI).
pip install "torch==2.13.0" --index-url https://download.pytorch.org/whl/cpu
