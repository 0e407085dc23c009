BACKENDS = ["torch", "jax", "tensorflow"]


def lanza(backends, *argumentos):
    """har_keras.py en un proceso nuevo por backend (mismo intérprete, otro
    KERAS_BACKEND), todos a la vez porque no dependen unos de otros; espera a que acaben
    y devuelve lo que guardó cada uno. Lo que cada proceso escribe va a
    har_keras_<backend>.log (un archivo no se llena como una tubería)."""
    modo = "cargado" if argumentos else "entrenado"
    procesos = {
        b: subprocess.Popen(
            [sys.executable, "har_keras.py", *argumentos],
            env={**os.environ, "KERAS_BACKEND": b},
            stdout=open(f"har_keras_{b}.log", "w"),
            stderr=subprocess.STDOUT,
        )
        for b in backends
    }
    resultados = {}
    for b, proceso in procesos.items():
        if proceso.wait() != 0:
            with open(f"har_keras_{b}.log") as registro:
                raise RuntimeError(
                    f"har_keras.py con {b} falló:\n{registro.read()[-3000:]}"
                )
        with np.load(f"resultado_{b}_{modo}.npz") as guardado:
            resultados[b] = dict(guardado)
    return resultados


def en_escala_original(resultado):
    """Pendientes y MSE de prueba en log RV, deshaciendo la tipificación, y la QLIKE de
    su motor."""
    pendientes = resultado["w"] * sd_y / sd_x
    prevision = resultado["pred"] * sd_y + mu_y
    return [
        *pendientes,
        float(np.mean((prevision - yp) ** 2)),
        float(resultado["qlike"]),
    ]


corridas = lanza(BACKENDS)
filas = {
    "generador": [*verdad.values(), np.nan, np.nan],
    "OLS": [*beta[1:], mse_ols, qlike_ols],
}
filas.update({f"keras-{b}": en_escala_original(r) for b, r in corridas.items()})
comparativa = pd.DataFrame(filas, index=COLS + ["MSE prueba", "QLIKE prueba"]).T
print(comparativa.round(4).to_string(na_rep="-"))
keras_filas = comparativa.loc[[f"keras-{b}" for b in BACKENDS], COLS]
distancia = (keras_filas - comparativa.loc["OLS", COLS]).abs().to_numpy().max()
print(f"mayor distancia entre una pendiente de Keras y la de la OLS: {distancia:.4f}")
MARCAS = {  # fila de la tabla: (marca, color) con que la dibujan las figuras que siguen
    "generador": ("X", "black"),
    "OLS": ("*", "dimgray"),
    "keras-torch": ("o", "C0"),
    "keras-jax": ("s", "C1"),
    "keras-tensorflow": ("^", "C2"),
}
