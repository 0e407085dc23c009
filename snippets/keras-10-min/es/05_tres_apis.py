import numpy as np

keras.utils.set_random_seed(0)
muestra = np.random.default_rng(0).normal(size=(5, 4)).astype("float32")

# 1. Sequential: una pila de capas.
secuencial = keras.Sequential(
    [
        keras.Input(shape=(4,)),
        keras.layers.Dense(8, activation="relu"),
        keras.layers.Dense(1),
    ]
)

# 2. Funcional: las capas se llaman sobre tensores simbólicos y forman un grafo.
entrada = keras.Input(shape=(4,))
oculta = keras.layers.Dense(8, activation="relu")(entrada)
funcional = keras.Model(entrada, keras.layers.Dense(1)(oculta))


# 3. Subclase de keras.Model: el paso hacia delante es código Python.
class RedPropia(keras.Model):
    def __init__(self):
        super().__init__()
        self.oculta = keras.layers.Dense(8, activation="relu")
        self.salida = keras.layers.Dense(1)

    def call(self, x):
        return self.salida(self.oculta(x))


propia = RedPropia()
propia(muestra)  # la primera llamada crea los pesos

# Mismos pesos en las tres: mismas predicciones.
for modelo in (funcional, propia):
    modelo.set_weights(secuencial.get_weights())
referencia = secuencial.predict(muestra, verbose=0)
for nombre, modelo in [
    ("Sequential", secuencial),
    ("funcional", funcional),
    ("subclase", propia),
]:
    diferencia = np.abs(modelo.predict(muestra, verbose=0) - referencia).max()
    print(
        f"{nombre:<10}  parámetros: {modelo.count_params()}  "
        f"diferencia máxima: {diferencia}"
    )
