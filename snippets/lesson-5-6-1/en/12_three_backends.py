BACKENDS = ["torch", "jax", "tensorflow"]


def launch(backend, *arguments):
    """har_keras.py in a new process, same interpreter, another KERAS_BACKEND; returns what it saved."""
    process = subprocess.run(
        [sys.executable, "har_keras.py", *arguments],
        env={**os.environ, "KERAS_BACKEND": backend},
        capture_output=True, text=True,
    )
    if process.returncode != 0:
        raise RuntimeError(f"har_keras.py with {backend} failed:\n{process.stderr[-3000:]}")
    mode = "loaded" if arguments else "trained"
    with np.load(f"result_{backend}_{mode}.npz") as saved:
        return dict(saved)


def on_original_scale(result):
    """Slopes and test MSE in log RV, undoing the standardisation, and its engine's QLIKE."""
    slopes = result["w"] * sd_y / sd_x
    forecast = result["pred"] * sd_y + mu_y
    return [*slopes, float(np.mean((forecast - yp) ** 2)), float(result["qlike"])]


runs = {b: launch(b) for b in BACKENDS}
rows = {"generator": [*truth.values(), np.nan, np.nan], "OLS": [*beta[1:], mse_ols, qlike_ols]}
rows.update({f"keras-{b}": on_original_scale(r) for b, r in runs.items()})
side_by_side = pd.DataFrame(rows, index=COLS + ["test MSE", "test QLIKE"]).T
print(side_by_side.round(4).to_string(na_rep="-"))
keras_rows = side_by_side.loc[[f"keras-{b}" for b in BACKENDS], COLS]
distance = (keras_rows - side_by_side.loc["OLS", COLS]).abs().to_numpy().max()
print(f"largest distance between a Keras slope and the OLS one: {distance:.4f}")
