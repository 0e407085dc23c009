# 1) PyTorch solo para CPU, desde el índice de paquetes de PyTorch (el de PyPI trae CUDA
#    y pesa varios GB)
pip install "torch==2.13.0" --index-url https://download.pytorch.org/whl/cpu
