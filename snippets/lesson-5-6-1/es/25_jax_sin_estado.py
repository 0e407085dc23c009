"""JAX: el modelo de Keras como función pura (stateless_call), con jax.grad y jax.jit."""

import os

# Archivo independiente: si el entorno no fija ya los hilos (la celda de configuración lo hace para
# sus procesos hijos; una terminal nueva, no), los fija él antes de importar nada numérico.
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS",
             "TF_NUM_INTRAOP_THREADS", "TF_NUM_INTEROP_THREADS"):
    os.environ.setdefault(_var, "1")
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false")

os.environ["KERAS_BACKEND"] = "jax"  # antes del primer import de keras

import jax
import jax.numpy as jnp
import keras
import numpy as np

datos = np.load("har.npz")
red = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
estado = [v.value for v in red.non_trainable_variables]  # Dense no tiene; la llamada lo pide


def mse(pesos, x, y):
    """Los pesos entran como argumento: el modelo no guarda nada entre llamadas."""
    pred, _ = red.stateless_call(pesos, estado, x)  # devuelve la salida y el estado nuevo
    return jnp.mean((pred[:, 0] - y) ** 2)


def en_fila(pesos):
    """[kernel (3, 1), bias (1,)] -> [d1, s5, m22, b]."""
    return np.concatenate([np.ravel(p) for p in pesos])


# 1) Gradiente con los pesos de PyTorch y el mismo lote que en la celda de autograd.
red.load_weights("har_torch.weights.h5")
gradiente = jax.jit(jax.grad(mse))  # derivada respecto de los pesos, compilada con XLA
pesos_torch = [v.value for v in red.trainable_variables]
g = en_fila(gradiente(pesos_torch, datos["Xe"][::10], datos["ye"][::10]))
print("backend:", keras.config.backend())
print("jax.grad :", np.round(g, 5))
print("igual que autograd (1e-6):", np.allclose(g, np.load("grad_torch.npy"), atol=1e-6))


# 2) El mismo descenso que el bucle de PyTorch: un paso puro, compilado una vez.
@jax.jit
def paso(pesos, x, y):
    return [p - 0.3 * d for p, d in zip(pesos, jax.grad(mse)(pesos, x, y))]


pesos = [jnp.zeros((3, 1)), jnp.zeros(1)]  # la misma salida: ceros
for _ in range(300):
    pesos = paso(pesos, datos["Xe"], datos["ye"])
escala = datos["sd_y"] / datos["sd_x"]
print("pendientes en log RV:", np.round(en_fila(pesos)[:3] * escala, 4))
print("igual que el bucle de PyTorch (1e-5):",
      np.allclose(en_fila(pesos), np.load("pesos_bucle_torch.npy"), atol=1e-5))
