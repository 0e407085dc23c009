.venv/bin/python -c "import torch
print('torch', torch.__version__, '| GPU visible:', torch.cuda.is_available(),
      '| HIP:', torch.version.hip)"
