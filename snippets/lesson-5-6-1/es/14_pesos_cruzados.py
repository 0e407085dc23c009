origen = corridas["torch"]
eps32 = np.finfo(np.float32).eps
print(f"épsilon de float32: {eps32:.1e}")
# pesos de PyTorch en otros motores
cargados = lanza(["jax", "tensorflow"], "har_torch.weights.h5")
for destino, cargado in cargados.items():
    diferencia = np.abs(cargado["pred"] - origen["pred"]).max()
    print(
        f"torch -> {destino:<10} pesos idénticos: "
        f"{np.array_equal(cargado['w'], origen['w'])}"
        f" | {len(origen['pred'])} predicciones, mayor diferencia {diferencia:.1e}"
        f" | ¿dentro de 1e-6?: {diferencia <= 1e-6}"
    )
    # La misma qlike.py, calculada ahora por otro motor sobre las previsiones de los
    # mismos pesos.
    print(
        f"{'':<20}QLIKE {cargado['qlike']:.4f} (con torch, {origen['qlike']:.4f})"
        f" | ¿a menos de 1e-6?: {abs(cargado['qlike'] - origen['qlike']) <= 1e-6}"
    )
