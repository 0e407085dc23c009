datos = np.load("har.npz")


def ajuste_corto():
    """Crea un Dense(1), lo entrena tres épocas y devuelve [w_d1, w_s5, w_m22, b]."""
    red = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    red.compile(keras.optimizers.SGD(0.05), "mse")
    red.fit(datos["Xe"], datos["ye"], epochs=3, batch_size=64, verbose=0)
    kernel, sesgo = red.get_weights()
    return np.r_[kernel.ravel(), sesgo]


SEMILLA = 2024
ajustes = {}
keras.utils.set_random_seed(SEMILLA)
ajustes["semilla -> modelo"] = ajuste_corto()
keras.utils.set_random_seed(SEMILLA)
ajustes["semilla -> modelo (repetido)"] = ajuste_corto()
ajustes["modelo sin volver a sembrar"] = ajuste_corto()
keras.utils.set_random_seed(SEMILLA)
keras.random.uniform((1,))  # un sorteo cualquiera entre la semilla y el modelo
ajustes["semilla -> sorteo -> modelo"] = ajuste_corto()

referencia = ajustes["semilla -> modelo"]
print(
    f"{'orden de las llamadas':<30}{'d1':>8}{'s5':>8}{'m22':>8}{'b':>8}  "
    "¿idéntico al primero?"
)
for nombre, w in ajustes.items():
    print(
        f"{nombre:<30}" + "".join(f"{x:8.4f}" for x in w),
        " ",
        np.array_equal(w, referencia),
    )
