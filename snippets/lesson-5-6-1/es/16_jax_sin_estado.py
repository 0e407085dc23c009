import os

os.environ["KERAS_BACKEND"] = "jax"

import jax
import keras
import numpy as np

z = np.load("har.npz")
x, y = z["Xe"][:256], z["ye"][:256]
m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
m.load_weights("har_torch.weights.h5")  # los mismos pesos que en la celda de autograd
entrenables = [v.value for v in m.trainable_variables]
no_entrenables = [v.value for v in m.non_trainable_variables]


def perdida(entrenables, x, y):
    pred, _ = m.stateless_call(entrenables, no_entrenables, x)  # función pura: pesos como argumento
    return jax.numpy.mean((pred[:, 0] - y) ** 2)


grad = jax.jit(jax.grad(perdida))(entrenables, x, y)
print("backend:", keras.config.backend())
print("gradiente jax.grad:", np.round(np.r_[np.ravel(grad[0]), np.ravel(grad[1])], 5))
