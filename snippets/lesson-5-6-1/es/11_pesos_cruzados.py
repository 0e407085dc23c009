p_torch = np.load("pred_torch1.npy")
for destino in ("jax", "tensorflow"):
    cruzado = ejecuta(destino, "har_torch.weights.h5")  # pesos de PyTorch, cargados en otro motor
    p_cruzado = np.load(f"pred_{destino}2.npy")
    print(
        f"torch -> {destino:<10}",
        "mismos pesos:", np.allclose(cruzado["w"], res["torch"]["w"]),
        "| predicciones iguales (1e-6):", np.allclose(p_torch, p_cruzado, rtol=0, atol=1e-6),
        f"| mayor diferencia: {np.abs(p_torch - p_cruzado).max():.1e}",
    )
