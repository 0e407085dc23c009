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
resultado = perdida_huber(y_real, y_pred)
tipo = type(resultado).__module__.split(".")[0]  # de qué biblioteca es el tensor devuelto

# La misma función sirve como pérdida de un modelo; con jit_compile="auto" (el valor por
# defecto de compile), Keras decide según el motor si fit compila el paso
# (con XLA en JAX y TensorFlow; con torch.compile en PyTorch).
modelo = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1)])
modelo.compile(optimizer="sgd", loss=perdida_huber)
modelo.fit(y_real[:, None], y_pred, epochs=1, verbose=0)
print(
    f"{keras.backend.backend():<10} Huber = {float(ops.convert_to_numpy(resultado)):.6f}"
    f"  (tensor de {tipo})  jit_compile: {modelo.jit_compile}"
)
