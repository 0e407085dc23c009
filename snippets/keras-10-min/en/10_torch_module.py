import torch

# With the torch backend, a Keras model is also a torch.nn.Module.
print("torch.nn.Module?", isinstance(model, torch.nn.Module))
n_torch = sum(p.numel() for p in model.parameters())
print("parameters according to torch:", n_torch, "| according to Keras:", model.count_params())
