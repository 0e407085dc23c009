import subprocess
import sys

BACKENDS = ("torch", "jax", "tensorflow")


def run(backend, *args):
    """har_keras.py in a process of its own, same interpreter, another KERAS_BACKEND."""
    env = {**os.environ, "KERAS_BACKEND": backend}
    out = subprocess.run(
        [sys.executable, "har_keras.py", *args],
        env=env, capture_output=True, text=True, check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


res = {b: run(b) for b in BACKENDS}
rows = {"OLS": list(b_ols[1:]) + [mse_ols]}
for b, r in res.items():
    slopes = np.array(r["w"]) * sy / sd  # back to the original scale
    pred = np.load(f"pred_{b}1.npy") * sy + my
    rows[f"keras-{b}"] = list(slopes) + [np.mean((pred - yp) ** 2)]
table = pd.DataFrame(rows, index=COLS + ["test MSE"]).T
print(table.round(4))
print(f"largest distance to the OLS slopes: {(table[COLS] - table.loc['OLS', COLS]).abs().max().max():.4f}")
