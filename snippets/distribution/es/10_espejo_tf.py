"""espejo_tf.py: la red de modelo_paralelo.py con TensorFlow y
tf.distribute.MirroredStrategy sobre dos dispositivos simulados en la CPU, frente a la
misma red en uno."""

import os

os.environ["KERAS_BACKEND"] = "tensorflow"

import tensorflow as tf

# TensorFlow presenta la CPU como dos dispositivos lógicos; también antes de usarla por
# primera vez.
cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(
    cpu, [tf.config.LogicalDeviceConfiguration()] * 2
)

import keras
import numpy as np

LOTE = 64
azar = np.random.default_rng(0)
x = azar.normal(size=(1024, 8)).astype("float32")
y = (
    np.sin(x[:, :1]) + x[:, 1:2] * x[:, 2:3] + 0.1 * azar.normal(size=(1024, 1))
).astype("float32")


def entrenar():
    """La misma red, la misma semilla y los mismos lotes; dentro de la estrategia que
    esté activa."""
    keras.utils.set_random_seed(0)
    red = keras.Sequential(
        [
            keras.Input((8,)),
            keras.layers.Dense(32, activation="relu"),
            keras.layers.Dense(1),
        ]
    )
    red.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
    historia = red.fit(x, y, batch_size=LOTE, epochs=5, shuffle=False, verbose=0)
    return red, historia.history["loss"]


red_1, curva_1 = entrenar()
estrategia = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
with estrategia.scope():  # la red, y su compile, se crean dentro
    red_2, curva_2 = entrenar()

kernel = red_2.layers[0].kernel.value
print(
    f"réplicas: {estrategia.num_replicas_in_sync}; "
    f"el kernel es un {type(kernel).__name__}",
    "con una copia en",
    [v.device.split("/")[-1] for v in kernel.values],
)
print("pérdida por época, 1 dispositivo:", [round(p, 4) for p in curva_1])
print("pérdida por época, 2 réplicas:   ", [round(p, 4) for p in curva_2])
pesos = max(
    float(np.abs(a - b).max()) for a, b in zip(red_1.get_weights(), red_2.get_weights())
)
print(
    "¿curva y pesos a menos de 1e-5 de un dispositivo? "
    f"{max(abs(a - b) for a, b in zip(curva_1, curva_2)) < 1e-5 and pesos < 1e-5}"
)
