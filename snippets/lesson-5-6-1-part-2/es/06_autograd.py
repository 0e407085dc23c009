# el de la preparación, también si te saltaste la sección de semillas
datos = np.load("har.npz")
har_torch = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
# los que entrenó PyTorch en la preparación
har_torch.load_weights("har_torch.weights.h5")
print("¿es un torch.nn.Module?", isinstance(har_torch, torch.nn.Module))
print(
    "parámetros:", [(type(p).__name__, tuple(p.shape)) for p in har_torch.parameters()]
)


def gradiente_a_mano(X, y, w, b):
    """Gradiente del MSE de y ≈ Xw + b, con r = Xw + b − y: (2/n)·Xᵀr para w,
    (2/n)·Σr para b."""
    r = X @ w + b - y
    return 2 / len(y) * np.r_[X.T @ r, r.sum()]


# Un lote fijo: una de cada diez sesiones del entrenamiento.
x_lote, y_lote = datos["Xe"][::10], datos["ye"][::10]
har_torch.zero_grad()
perdida = torch.mean(
    (har_torch(torch.from_numpy(x_lote))[:, 0] - torch.from_numpy(y_lote)) ** 2
)
perdida.backward()  # autograd rellena .grad de cada parámetro
por_forma = {tuple(p.shape): p.grad.numpy() for p in har_torch.parameters()}
g_autograd = np.r_[por_forma[(3, 1)].ravel(), por_forma[(1,)]]
kernel, sesgo = har_torch.layers[0].get_weights()
g_formula = gradiente_a_mano(x_lote, y_lote, kernel.ravel(), sesgo[0])
np.save("grad_torch.npy", g_autograd)  # lo usará JAX más abajo

print(f"lote de {len(y_lote)} filas; gradiente en el orden d1, s5, m22, b")
print("autograd :", np.round(g_autograd, 5))
print("fórmula  :", np.round(g_formula, 5))
print("iguales (tolerancia 1e-6):", np.allclose(g_autograd, g_formula, atol=1e-6))
