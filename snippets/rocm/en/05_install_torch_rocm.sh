# Remove any earlier torch and whatever PyPI's torch brought along (CUDA's triton, the
# nvidia-* libraries): pip does not uninstall dependencies, and with PyPI's torch
# present it would consider "torch==2.9.1" satisfied
.venv/bin/python -m pip freeze |
  sed -nE 's/^(torch|torchvision|torchaudio|triton|nvidia-[a-z0-9-]+)(==| @ ).*/\1/p' |
  xargs -r .venv/bin/python -m pip uninstall -y
.venv/bin/python -m pip install "torch==2.9.1" \
  --index-url https://download.pytorch.org/whl/rocm6.4
