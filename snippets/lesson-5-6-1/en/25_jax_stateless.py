"""JAX: the Keras model as a pure function (stateless_call), with jax.grad and jax.jit."""

import os

# A standalone file: unless the environment already fixes the threads (the configuration cell does
# for its child processes; a fresh terminal does not), it fixes them before any numerical import.
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS",
             "TF_NUM_INTRAOP_THREADS", "TF_NUM_INTEROP_THREADS"):
    os.environ.setdefault(_var, "1")
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false")

os.environ["KERAS_BACKEND"] = "jax"  # before the first import of keras

import jax
import jax.numpy as jnp
import keras
import numpy as np

data = np.load("har.npz")
net = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
state = [v.value for v in net.non_trainable_variables]  # Dense has none, but the call asks for it


def mse(weights, x, y):
    """The weights come in as an argument: the model keeps nothing between calls."""
    pred, _ = net.stateless_call(weights, state, x)  # returns the output and the new state
    return jnp.mean((pred[:, 0] - y) ** 2)


def as_row(weights):
    """[kernel (3, 1), bias (1,)] -> [d1, s5, m22, b]."""
    return np.concatenate([np.ravel(p) for p in weights])


# 1) Gradient with PyTorch's weights and the same batch as in the autograd cell.
net.load_weights("har_torch.weights.h5")
gradient = jax.jit(jax.grad(mse))  # derivative with respect to the weights, compiled with XLA
torch_weights = [v.value for v in net.trainable_variables]
g = as_row(gradient(torch_weights, data["Xe"][::10], data["ye"][::10]))
print("backend:", keras.config.backend())
print("jax.grad :", np.round(g, 5))
print("same as autograd (1e-6):", np.allclose(g, np.load("grad_torch.npy"), atol=1e-6))


# 2) The same descent as the PyTorch loop: a pure step, compiled once.
@jax.jit
def step(weights, x, y):
    return [p - 0.3 * d for p, d in zip(weights, jax.grad(mse)(weights, x, y))]


weights = [jnp.zeros((3, 1)), jnp.zeros(1)]  # the same start: zeros
for _ in range(300):
    weights = step(weights, data["Xe"], data["ye"])
scale = data["sd_y"] / data["sd_x"]
print("slopes in log RV:", np.round(as_row(weights)[:3] * scale, 4))
print("same as the PyTorch loop (1e-5):",
      np.allclose(as_row(weights), np.load("torch_loop_weights.npy"), atol=1e-5))
