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
result = huber_loss(y_true, y_pred)
kind = type(result).__module__.split(".")[0]  # which library the returned tensor comes from

# The same function serves as a model's loss; with jit_compile="auto" (compile's
# default), Keras decides per engine whether fit compiles the step
# (with XLA on JAX and TensorFlow; with torch.compile on PyTorch).
model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss=huber_loss)
model.fit(y_true[:, None], y_pred, epochs=1, verbose=0)
print(
    f"{keras.backend.backend():<10} Huber = {float(ops.convert_to_numpy(result)):.6f}"
    f"  ({kind} tensor)  jit_compile: {model.jit_compile}"
)
