import torch

# Con el backend torch, un modelo de Keras también es un torch.nn.Module.
print("¿torch.nn.Module?", isinstance(modelo, torch.nn.Module))
n_torch = sum(p.numel() for p in modelo.parameters())
print("parámetros según torch:", n_torch, "| según Keras:", modelo.count_params())
