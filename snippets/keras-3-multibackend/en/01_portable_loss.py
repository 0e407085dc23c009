import os

os.environ.setdefault("KERAS_BACKEND", "torch")

import keras
import numpy as np
from keras import ops


def huber_loss(y_true, y_pred, delta=1.0):
    """Huber loss written with keras.ops only: it works on any backend."""
    error = ops.abs(y_true - y_pred)
    quadratic = 0.5 * ops.square(error)
    linear = delta * (error - 0.5 * delta)
    return ops.mean(ops.where(error <= delta, quadratic, linear))


y_true = np.array([0.0, 1.0, 2.0, 3.0], dtype="float32")
y_pred = np.array([0.1, 0.8, 3.5, -1.0], dtype="float32")
value = ops.convert_to_numpy(huber_loss(y_true, y_pred))
kind = type(huber_loss(y_true, y_pred)).__module__.split(".")[0]
print(f"{keras.backend.backend():<10} Huber = {value:.6f}  ({kind} tensor)")
