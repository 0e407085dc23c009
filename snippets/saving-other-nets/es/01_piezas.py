"""Lo que comparten los programas de Keras de esta página: una capa propia, la red, su
receta y los datos."""

import keras
import numpy as np


# El paquete "tutorial" entra en el nombre con que la capa queda registrada:
# tutorial>Temperatura.
@keras.saving.register_keras_serializable(package="tutorial")
class Temperatura(keras.layers.Layer):
    """Divide los logits entre una temperatura fija; con t > 1 las probabilidades salen
    más suaves."""

    def __init__(self, t=1.0, **kwargs):
        super().__init__(**kwargs)
        self.t = t

    def call(self, logits):
        return logits / self.t

    def get_config(self):
        # Lo que el archivo guarda para volver a crear la capa: sin "t", se crearía con
        # t=1.
        return {**super().get_config(), "t": self.t}


def construir():
    """La arquitectura, escrita en código: la que necesita un archivo que solo trae
    pesos."""
    medidas = keras.Input((4,), name="medidas")
    oculta = keras.layers.Dense(16, activation="relu")(medidas)
    logits = keras.layers.Dense(3)(oculta)
    return keras.Model(medidas, keras.layers.Softmax()(Temperatura(2.0)(logits)))


def compilar(red):
    """La receta de entrenamiento, la misma al entrenar y al volver a compilar."""
    adam = keras.optimizers.Adam(learning_rate=0.01)
    red.compile(
        optimizer=adam, loss="sparse_categorical_crossentropy", metrics=["accuracy"]
    )


def datos():
    """240 filas de 4 medidas y 3 clases: la clase es la mayor de tres mezclas lineales
    de las medidas."""
    azar = np.random.default_rng(3)
    x = azar.normal(size=(240, 4)).astype("float32")
    return x, np.argmax(x @ azar.normal(size=(4, 3)), axis=1)


def estado_del_optimizador(red):
    """Los pasos dados y la suma de los valores absolutos de los momentos de Adam (sin
    contar sus otras dos variables, el contador de pasos y la tasa): un resumen para
    comparar dos optimizadores."""
    momentos = [
        v
        for v in red.optimizer.variables
        if v.name not in ("iteration", "learning_rate")
    ]
    suma = sum(float(np.abs(keras.ops.convert_to_numpy(v)).sum()) for v in momentos)
    return int(red.optimizer.iterations), round(suma, 4)
