# Una sola receta (3 entradas -> 8 neuronas ReLU -> 1 salida) y tres formas de montarla.
RECETA = [(8, "relu"), (1, None)]  # (neuronas, activación) de cada capa densa


def como_lista():
    """Secuencial: las capas, en orden, dentro de una lista."""
    return keras.Sequential(
        [keras.Input((3,))] + [layers.Dense(n, activation=a) for n, a in RECETA]
    )


def como_grafo():
    """Funcional: cada capa se aplica al tensor simbólico que sale de la anterior."""
    entrada = tensor = keras.Input((3,))
    for n, a in RECETA:
        tensor = layers.Dense(n, activation=a)(tensor)
    return keras.Model(entrada, tensor)


class ComoClase(keras.Model):
    """Subclase: las capas se crean en __init__ y el cálculo se escribe en call."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.densas = [layers.Dense(n, activation=a) for n, a in RECETA]

    def call(self, x, training=False):
        for densa in self.densas:
            x = densa(x)
        return x


redes = {}
for nombre, construir in {
    "secuencial": como_lista,
    "funcional": como_grafo,
    "subclase": ComoClase,
}.items():
    keras.utils.set_random_seed(0)  # la misma semilla antes de cada construcción
    redes[nombre] = construir()
    print(
        f"{nombre:<10} recién construida: {len(redes[nombre].weights)} "
        "tensores de pesos"
    )

# el primer lote le dice cuántas columnas hay
redes["subclase"](np.zeros((1, 3), "float32"))
print(
    f"{'subclase':<10} tras ver un lote  : {len(redes['subclase'].weights)} "
    "tensores de pesos"
)

# Cuatro sesiones de prueba, tipificadas con la media y la desviación del entrenamiento.
x4 = ((Xp[:4] - Xe.mean(axis=0)) / Xe.std(axis=0)).astype("float32")
for nombre, red in redes.items():
    salida = ops.convert_to_numpy(red(x4)).ravel()
    print(
        f"{nombre:<10} {red.count_params()} parámetros, predice {np.round(salida, 4)}"
    )
mismos_pesos = all(
    np.array_equal(a, b)
    for red in redes.values()
    for a, b in zip(red.get_weights(), redes["secuencial"].get_weights())
)
print("¿la misma semilla dio los mismos pesos a las tres?", mismos_pesos)
