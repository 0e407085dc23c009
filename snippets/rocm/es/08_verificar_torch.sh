.venv/bin/python -c "import torch; print(torch.__version__, torch.cuda.is_available(), torch.version.hip)"
