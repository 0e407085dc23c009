import subprocess
import sys

BACKENDS = ("torch", "jax", "tensorflow")


def ejecuta(backend, *args):
    """har_keras.py en un proceso propio, con el mismo intérprete y otro KERAS_BACKEND."""
    entorno = {**os.environ, "KERAS_BACKEND": backend}
    salida = subprocess.run(
        [sys.executable, "har_keras.py", *args],
        env=entorno, capture_output=True, text=True, check=True,
    ).stdout
    return json.loads(salida.strip().splitlines()[-1])


res = {b: ejecuta(b) for b in BACKENDS}
filas = {"OLS": list(b_ols[1:]) + [mse_ols]}
for b, r in res.items():
    pendientes = np.array(r["w"]) * sy / sd  # de vuelta a la escala original
    pred = np.load(f"pred_{b}1.npy") * sy + my
    filas[f"keras-{b}"] = list(pendientes) + [np.mean((pred - yp) ** 2)]
tabla = pd.DataFrame(filas, index=COLS + ["MSE prueba"]).T
print(tabla.round(4))
print(f"máxima distancia a las pendientes de la OLS: {(tabla[COLS] - tabla.loc['OLS', COLS]).abs().max().max():.4f}")
