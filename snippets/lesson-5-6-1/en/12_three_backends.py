BACKENDS = ["torch", "jax", "tensorflow"]


def launch(backends, *arguments):
    """har_keras.py in a new process per backend (same interpreter, another
    KERAS_BACKEND), all at once since none depends on another; waits for them to finish
    and returns what each one saved. What each process writes goes to
    har_keras_<backend>.log (a file does not fill up like a pipe)."""
    mode = "loaded" if arguments else "trained"
    processes = {
        b: subprocess.Popen(
            [sys.executable, "har_keras.py", *arguments],
            env={**os.environ, "KERAS_BACKEND": b},
            stdout=open(f"har_keras_{b}.log", "w"),
            stderr=subprocess.STDOUT,
        )
        for b in backends
    }
    results = {}
    for b, process in processes.items():
        if process.wait() != 0:
            with open(f"har_keras_{b}.log") as log:
                raise RuntimeError(
                    f"har_keras.py with {b} failed:\n{log.read()[-3000:]}"
                )
        with np.load(f"result_{b}_{mode}.npz") as saved:
            results[b] = dict(saved)
    return results


def on_original_scale(result):
    """Slopes and test MSE in log RV, undoing the standardisation, and its engine's
    QLIKE."""
    slopes = result["w"] * sd_y / sd_x
    forecast = result["pred"] * sd_y + mu_y
    return [*slopes, float(np.mean((forecast - yp) ** 2)), float(result["qlike"])]


runs = launch(BACKENDS)
rows = {
    "generator": [*truth.values(), np.nan, np.nan],
    "OLS": [*beta[1:], mse_ols, qlike_ols],
}
rows.update({f"keras-{b}": on_original_scale(r) for b, r in runs.items()})
side_by_side = pd.DataFrame(rows, index=COLS + ["test MSE", "test QLIKE"]).T
print(side_by_side.round(4).to_string(na_rep="-"))
keras_rows = side_by_side.loc[[f"keras-{b}" for b in BACKENDS], COLS]
distance = (keras_rows - side_by_side.loc["OLS", COLS]).abs().to_numpy().max()
print(f"largest distance between a Keras slope and the OLS one: {distance:.4f}")
MARKERS = {  # table row: (marker, colour) the figures below draw it with
    "generator": ("X", "black"),
    "OLS": ("*", "dimgray"),
    "keras-torch": ("o", "C0"),
    "keras-jax": ("s", "C1"),
    "keras-tensorflow": ("^", "C2"),
}
