# Opcional, antes del primer make: PyTorch solo-CPU en el .venv que make usará
# después.
python3.11 -m venv .venv
.venv/bin/python -m pip install "torch==2.13.0" \
    --index-url https://download.pytorch.org/whl/cpu
