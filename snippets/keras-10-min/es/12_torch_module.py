import torch

# Con el backend torch, un modelo de Keras también es un torch.nn.Module...
print("¿torch.nn.Module?", isinstance(modelo, torch.nn.Module))
n_torch = sum(p.numel() for p in modelo.parameters())
print("parámetros según torch:", n_torch, "| según Keras:", modelo.count_params())

# ...así que un bucle de PyTorch escrito a mano puede seguir entrenándolo.
# las filas de entrenamiento de fit
x_t, y_t = torch.from_numpy(x[:640]), torch.from_numpy(y[:640]).unsqueeze(1)


def perdida_entrenamiento():
    return torch.nn.functional.binary_cross_entropy(modelo(x_t), y_t)


optimizador = torch.optim.SGD(modelo.parameters(), lr=0.1)
with torch.no_grad():
    print(f"antes del bucle:  pérdida {perdida_entrenamiento().item():.4f}")
for paso in range(1, 4):
    optimizador.zero_grad()
    perdida_entrenamiento().backward()  # gradiente en los pesos actuales
    optimizador.step()  # los actualiza
    with torch.no_grad():  # y medimos con los pesos ya actualizados
        print(f"tras el paso {paso}:  pérdida {perdida_entrenamiento().item():.4f}")
