# Datos de juguete: ¿es positiva x0 + x1·x2 + ruido? (1 000 ejemplos, 4 rasgos)
rng = np.random.default_rng(1)
x = rng.normal(size=(1000, 4)).astype("float32")
y = (x[:, 0] + x[:, 1] * x[:, 2] + rng.normal(scale=0.5, size=1000) > 0).astype(
    "float32"
)

keras.utils.set_random_seed(1)
modelo = keras.Sequential(
    [
        keras.Input(shape=(4,)),
        keras.layers.Dense(64, activation="relu"),
        keras.layers.Dense(1, activation="sigmoid"),
    ]
)
# compile fija optimizador, pérdida y métricas.
modelo.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])

# fit hace los lotes, la retropropagación, las métricas y la validación;
# las devoluciones de llamada guardan el mejor modelo y paran cuando deja de mejorar.
historia = modelo.fit(
    x[:800],
    y[:800],
    validation_split=0.2,
    epochs=100,
    batch_size=32,
    verbose=0,
    callbacks=[
        keras.callbacks.ModelCheckpoint("mejor.keras", save_best_only=True),
        keras.callbacks.EarlyStopping(patience=5, restore_best_weights=True),
    ],
)
print("épocas entrenadas:", len(historia.history["loss"]))

# evaluate mide con datos que el modelo no ha visto; predict devuelve probabilidades.
perdida, exactitud = modelo.evaluate(x[800:], y[800:], verbose=0)
print(f"prueba: pérdida {perdida:.3f}, exactitud {exactitud:.3f}")
print(
    "probabilidades de los 3 primeros:",
    np.round(modelo.predict(x[800:803], verbose=0).ravel(), 3),
)
