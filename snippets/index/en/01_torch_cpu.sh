# Optional, before the first make: CPU-only PyTorch in the .venv that make will
# use next.
python3.11 -m venv .venv
.venv/bin/python -m pip install "torch==2.13.0" \
    --index-url https://download.pytorch.org/whl/cpu
