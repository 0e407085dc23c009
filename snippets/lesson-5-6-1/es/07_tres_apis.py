def red_secuencial():
    return keras.Sequential([keras.Input(shape=(3,)), layers.Dense(8, activation="relu"), layers.Dense(1)])


def red_funcional():
    entrada = keras.Input(shape=(3,))
    oculta = layers.Dense(8, activation="relu")(entrada)
    return keras.Model(entrada, layers.Dense(1)(oculta))


class RedSubclase(keras.Model):
    def __init__(self, neuronas=8, **kwargs):
        super().__init__(**kwargs)
        self.oculta = layers.Dense(neuronas, activation="relu")
        self.final = layers.Dense(1)

    def call(self, x, training=False):
        return self.final(self.oculta(x))


keras.utils.set_random_seed(0)
redes = {"secuencial": red_secuencial(), "funcional": red_funcional(), "subclase": RedSubclase()}
print("pesos de la subclase recién creada:", len(redes["subclase"].weights))
redes["subclase"](np.zeros((1, 3), "float32"))  # al ver una entrada sabe que tiene 3 columnas
print("pesos de la subclase tras una llamada:", len(redes["subclase"].weights))

iniciales = redes["secuencial"].get_weights()
for red in redes.values():
    red.set_weights(iniciales)  # los mismos números en las tres

# Cuatro sesiones de prueba, tipificadas con la media y la desviación del entrenamiento.
x4 = ((Xp[:4] - Xe.mean(axis=0)) / Xe.std(axis=0)).astype("float32")
comparacion = pd.DataFrame(
    {nombre: ops.convert_to_numpy(red(x4)).ravel() for nombre, red in redes.items()}
).T.round(4)
comparacion["parámetros"] = [red.count_params() for red in redes.values()]
print(comparacion)
