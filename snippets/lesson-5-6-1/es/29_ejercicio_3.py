# 1) La aritmética: los pesos de PyTorch, cargados en JAX por la celda de «Mismos
#    pesos».
with np.load("resultado_jax_cargado.npz") as jax_con_pesos_de_torch:
    hueco = float(
        np.abs(jax_con_pesos_de_torch["pred"] - corridas["torch"]["pred"]).max()
    )

# 2) El azar: el mismo HAR en este proceso (PyTorch), con tres semillas y la receta de
#    har_keras.py.
datos = np.load("har.npz")
semanales = []
for semilla in (0, 1, 2):
    keras.utils.set_random_seed(semilla)
    red = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    red.compile(optimizer=keras.optimizers.Adam(learning_rate=0.01), loss="mse")
    red.fit(
        datos["Xe"],
        datos["ye"],
        validation_data=(datos["Xv"], datos["yv"]),
        epochs=40,
        batch_size=128,
        verbose=0,
    )
    semanales.append(float(red.layers[0].get_weights()[0][1, 0] * sd_y / sd_x[1]))
print(
    "mismos pesos, PyTorch frente a JAX: "
    f"¿previsiones a menos de 1e-6?: {hueco <= 1e-6}"
)
print(
    "pendiente semanal con PyTorch, semillas 0, 1 y 2:",
    [round(s, 4) for s in semanales],
)
print(
    "PyTorch frente a JAX, semilla 0 en los dos (tabla de los tres motores):",
    round(
        abs(comparativa.loc["keras-torch", "s5"] - comparativa.loc["keras-jax", "s5"]),
        4,
    ),
)
