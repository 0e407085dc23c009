.venv/bin/python -c "import torch; print(torch.cuda.get_arch_list())"
