# PyTorch solo-CPU, desde el índice de paquetes del propio PyTorch (no desde PyPI).
pip install "torch==2.13.0" --index-url https://download.pytorch.org/whl/cpu
