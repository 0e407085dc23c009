# Fuera cualquier torch previo y lo que el de PyPI trajo consigo (el triton de CUDA,
# las bibliotecas nvidia-*): pip no desinstala dependencias, y con el de PyPI daría
# «torch==2.9.1» por cumplido
.venv/bin/python -m pip freeze |
  sed -nE 's/^(torch|torchvision|torchaudio|triton|nvidia-[a-z0-9-]+)(==| @ ).*/\1/p' |
  xargs -r .venv/bin/python -m pip uninstall -y
.venv/bin/python -m pip install "torch==2.9.1" \
  --index-url https://download.pytorch.org/whl/rocm6.4
