ESCALA = datos["sd_y"] / datos["sd_x"]  # pendiente tipificada -> pendiente en log RV
X_ent, y_ent = torch.from_numpy(datos["Xe"]), torch.from_numpy(datos["ye"])

# salida común: ceros
har_torch.set_weights([np.zeros((3, 1), "float32"), np.zeros(1, "float32")])
optimizador = torch.optim.SGD(har_torch.parameters(), lr=0.3)
for paso in range(1, 301):  # descenso por gradiente con el lote entero, sin fit()
    optimizador.zero_grad()
    perdida = torch.mean((har_torch(X_ent)[:, 0] - y_ent) ** 2)
    perdida.backward()
    optimizador.step()
    if paso in (1, 10, 100, 300):
        print(f"paso {paso:>3}: MSE tipificado {perdida.item():.4f}")

kernel, sesgo = har_torch.layers[0].get_weights()
pesos_bucle = np.r_[kernel.ravel(), sesgo]
np.save("pesos_bucle_torch.npy", pesos_bucle)  # también para comparar con JAX

X1 = np.c_[datos["Xe"], np.ones(len(datos["Xe"]))]
ols_tip = np.linalg.lstsq(X1, datos["ye"], rcond=None)[0]  # [d1, s5, m22, constante]
print("pendientes d1, s5, m22 en log RV")
print("  bucle torch.optim :", np.round(pesos_bucle[:3] * ESCALA, 4))
print("  mínimos cuadrados :", np.round(ols_tip[:3] * ESCALA, 4))
