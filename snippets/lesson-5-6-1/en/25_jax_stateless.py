"""jax_stateless.py: the Keras network turned into a pure JAX function, and trained with it."""

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
net.load_weights("har_torch.weights.h5")  # the weights PyTorch trained
print("backend:", keras.config.backend())


def loss(weights, x, y):
    """The squared error as a function of the weights: the network keeps nothing between calls.
    stateless_call takes the trainable weights and the others (Dense has none: an empty list)."""
    output, _ = net.stateless_call(weights, [], x)
    return jnp.mean(jnp.square(output[:, 0] - y))


def flat(weights):
    """[kernel (3, 1), bias (1,)] -> [d1, s5, m22, b], to compare them with PyTorch's."""
    return np.concatenate([np.ravel(w) for w in weights])


# 1) Derivative of the loss at PyTorch's weights, with the autograd cell's batch.
value_and_derivative = jax.jit(jax.value_and_grad(loss))  # both at once, compiled
_, derivative = value_and_derivative([v.value for v in net.trainable_variables], data["Xe"][::10], data["ye"][::10])
print("JAX      :", np.round(flat(derivative), 5))
print("same as autograd (1e-6):", np.allclose(flat(derivative), np.load("grad_torch.npy"), atol=1e-6))


# 2) The PyTorch loop's descent (300 steps of 0.3 from zero), but with the loop inside the
#    compiled function: jax.lax.fori_loop turns it into a single XLA program.
@jax.jit
def descent(weights):
    def one_step(_, w):
        _, d = value_and_derivative(w, data["Xe"], data["ye"])
        return [a - 0.3 * g for a, g in zip(w, d)]

    return jax.lax.fori_loop(0, 300, one_step, weights)


final = flat(descent([jnp.zeros((3, 1)), jnp.zeros(1)]))
print("slopes in log RV:", np.round(final[:3] * data["sd_y"] / data["sd_x"], 4))
print("same as the PyTorch loop (1e-5):", np.allclose(final, np.load("torch_loop_weights.npy"), atol=1e-5))
