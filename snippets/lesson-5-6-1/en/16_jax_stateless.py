import os

os.environ["KERAS_BACKEND"] = "jax"

import jax
import keras
import numpy as np

z = np.load("har.npz")
x, y = z["Xe"][:256], z["ye"][:256]
m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
m.load_weights("har_torch.weights.h5")  # the same weights as in the autograd cell
trainable = [v.value for v in m.trainable_variables]
non_trainable = [v.value for v in m.non_trainable_variables]


def loss(trainable, x, y):
    pred, _ = m.stateless_call(trainable, non_trainable, x)  # a pure function: weights as arguments
    return jax.numpy.mean((pred[:, 0] - y) ** 2)


grad = jax.jit(jax.grad(loss))(trainable, x, y)
print("backend:", keras.config.backend())
print("jax.grad gradient:", np.round(np.r_[np.ravel(grad[0]), np.ravel(grad[1])], 5))
