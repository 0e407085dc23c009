import os

os.environ.setdefault("KERAS_BACKEND", "torch")

import keras
import numpy as np
from keras import ops


def perdida_huber(y_real, y_pred, delta=1.0):
    """Pérdida de Huber escrita solo con keras.ops: vale para cualquier backend."""
    error = ops.abs(y_real - y_pred)
    cuadratica = 0.5 * ops.square(error)
    lineal = delta * (error - 0.5 * delta)
    return ops.mean(ops.where(error <= delta, cuadratica, lineal))


y_real = np.array([0.0, 1.0, 2.0, 3.0], dtype="float32")
y_pred = np.array([0.1, 0.8, 3.5, -1.0], dtype="float32")
valor = ops.convert_to_numpy(perdida_huber(y_real, y_pred))
tipo = type(perdida_huber(y_real, y_pred)).__module__.split(".")[0]
print(f"{keras.backend.backend():<10} Huber = {valor:.6f}  (tensor de {tipo})")
