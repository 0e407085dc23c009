keras.utils.set_random_seed(0)
secuencial = keras.Sequential(
    [keras.Input((3,)), layers.Dense(8, activation="relu"), layers.Dense(1)]
)

entrada = keras.Input((3,), name="har")
oculta = layers.Dense(8, activation="relu")(entrada)
funcional = keras.Model(entrada, layers.Dense(1)(oculta))


class MLP(keras.Model):
    def __init__(self, ocultas=8, **kwargs):
        super().__init__(**kwargs)
        self.oculta = layers.Dense(ocultas, activation="relu")
        self.salida = layers.Dense(1)

    def call(self, x, training=False):
        return self.salida(self.oculta(x))


subclase = MLP()
subclase(np.zeros((1, 3), "float32"))  # la subclase crea sus pesos al ver la primera entrada
funcional.set_weights(secuencial.get_weights())
subclase.set_weights(secuencial.get_weights())

x4 = ((Xp[:4] - Xe.mean(0)) / Xe.std(0)).astype("float32")  # tipificado con el entrenamiento
for modelo in (secuencial, funcional, subclase):
    salida = np.round(ops.convert_to_numpy(modelo(x4)).ravel(), 4)
    print(f"{type(modelo).__name__:<11}{modelo.count_params():>3} parámetros", salida)
