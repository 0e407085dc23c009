p_torch = np.load("pred_torch1.npy")
for target in ("jax", "tensorflow"):
    crossed = run(target, "har_torch.weights.h5")  # PyTorch's weights, loaded in another engine
    p_crossed = np.load(f"pred_{target}2.npy")
    print(
        f"torch -> {target:<10}",
        "same weights:", np.allclose(crossed["w"], res["torch"]["w"]),
        "| equal predictions (1e-6):", np.allclose(p_torch, p_crossed, rtol=0, atol=1e-6),
        f"| largest difference: {np.abs(p_torch - p_crossed).max():.1e}",
    )
