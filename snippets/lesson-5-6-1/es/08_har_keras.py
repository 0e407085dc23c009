"""Entrena el HAR como Dense(1) con el backend de KERAS_BACKEND, o carga pesos y predice."""

import json
import sys

import keras
import numpy as np

backend = keras.config.backend()
# Determinismo de cada motor (en CPU con JAX no hace falta nada más).
if backend == "torch":
    import torch

    torch.use_deterministic_algorithms(True)
elif backend == "tensorflow":
    import tensorflow as tf

    tf.config.experimental.enable_op_determinism()

keras.utils.set_random_seed(0)
datos = np.load("har.npz")
modelo = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
if len(sys.argv) > 1:  # pesos guardados por otro backend: no entrenar, solo predecir
    modelo.load_weights(sys.argv[1])
    curva = []
else:
    modelo.compile(keras.optimizers.Adam(0.01), "mse")
    historia = modelo.fit(
        datos["Xe"], datos["ye"], epochs=40, batch_size=128, verbose=0,
        validation_data=(datos["Xp"], datos["yp"]),
    )
    modelo.save_weights(f"har_{backend}.weights.h5")
    curva = historia.history["val_loss"]
pred = modelo.predict(datos["Xp"], verbose=0).ravel()
np.save(f"pred_{backend}{len(sys.argv)}.npy", pred)
w, c = modelo.layers[-1].get_weights()
print(json.dumps({"w": w.ravel().tolist(), "c": float(c[0]), "curva": curva}))
