# First remove any torch already there: pip would consider PyPI's enough for "torch==2.9.1"
.venv/bin/python -m pip uninstall -y torch
.venv/bin/python -m pip install "torch==2.9.1" \
  --index-url https://download.pytorch.org/whl/rocm6.4
