BACKENDS = ["torch", "jax", "tensorflow"]


def lanza(backend, *argumentos):
    """har_keras.py en un proceso nuevo, mismo intérprete, otro KERAS_BACKEND; devuelve lo que guardó."""
    proceso = subprocess.run(
        [sys.executable, "har_keras.py", *argumentos],
        env={**os.environ, "KERAS_BACKEND": backend},
        capture_output=True, text=True,
    )
    if proceso.returncode != 0:
        raise RuntimeError(f"har_keras.py con {backend} falló:\n{proceso.stderr[-3000:]}")
    modo = "cargado" if argumentos else "entrenado"
    with np.load(f"resultado_{backend}_{modo}.npz") as guardado:
        return dict(guardado)


def en_escala_original(resultado):
    """Pendientes y MSE de prueba en log RV, deshaciendo la tipificación, y la QLIKE de su motor."""
    pendientes = resultado["w"] * sd_y / sd_x
    prevision = resultado["pred"] * sd_y + mu_y
    return [*pendientes, float(np.mean((prevision - yp) ** 2)), float(resultado["qlike"])]


corridas = {b: lanza(b) for b in BACKENDS}
filas = {"generador": [*verdad.values(), np.nan, np.nan], "OLS": [*beta[1:], mse_ols, qlike_ols]}
filas.update({f"keras-{b}": en_escala_original(r) for b, r in corridas.items()})
comparativa = pd.DataFrame(filas, index=COLS + ["MSE prueba", "QLIKE prueba"]).T
print(comparativa.round(4).to_string(na_rep="-"))
keras_filas = comparativa.loc[[f"keras-{b}" for b in BACKENDS], COLS]
distancia = (keras_filas - comparativa.loc["OLS", COLS]).abs().to_numpy().max()
print(f"mayor distancia entre una pendiente de Keras y la de la OLS: {distancia:.4f}")
