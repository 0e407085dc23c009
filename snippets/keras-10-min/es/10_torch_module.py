import torch

# Con el backend torch, un modelo de Keras también es un torch.nn.Module...
print("¿torch.nn.Module?", isinstance(modelo, torch.nn.Module))
n_torch = sum(p.numel() for p in modelo.parameters())
print("parámetros según torch:", n_torch, "| según Keras:", modelo.count_params())

# ...así que un bucle de PyTorch escrito a mano puede seguir entrenándolo.
optimizador = torch.optim.SGD(modelo.parameters(), lr=0.1)
x_t, y_t = torch.from_numpy(x[:800]), torch.from_numpy(y[:800]).unsqueeze(1)
for paso in range(3):
    optimizador.zero_grad()
    perdida = torch.nn.functional.binary_cross_entropy(modelo(x_t), y_t)
    perdida.backward()
    optimizador.step()
    print(f"paso {paso}: pérdida {perdida.item():.4f}")
