# Primero se quita cualquier torch previo: con el de PyPI, pip daría «torch==2.9.1» por cumplido
.venv/bin/python -m pip uninstall -y torch
.venv/bin/python -m pip install "torch==2.9.1" \
  --index-url https://download.pytorch.org/whl/rocm6.4
