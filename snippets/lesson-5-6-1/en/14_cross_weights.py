source = runs["torch"]
eps32 = np.finfo(np.float32).eps
print(f"float32 epsilon: {eps32:.1e}")
# PyTorch's weights on other engines
loaded_runs = launch(["jax", "tensorflow"], "har_torch.weights.h5")
for target, loaded in loaded_runs.items():
    largest = np.abs(loaded["pred"] - source["pred"]).max()
    print(
        f"torch -> {target:<10} identical weights: "
        f"{np.array_equal(loaded['w'], source['w'])}"
        f" | {len(source['pred'])} predictions, largest gap {largest:.1e}"
        f" | within 1e-6?: {largest <= 1e-6}"
    )
    # The same qlike.py, now computed by another engine on the forecasts of the same
    # weights.
    print(
        f"{'':<20}QLIKE {loaded['qlike']:.4f} (with torch, {source['qlike']:.4f})"
        f" | less than 1e-6 apart?: {abs(loaded['qlike'] - source['qlike']) <= 1e-6}"
    )
