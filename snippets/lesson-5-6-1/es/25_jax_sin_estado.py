"""jax_sin_estado.py: la red de Keras convertida en una función pura de JAX, y entrenada con ella."""

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
red.load_weights("har_torch.weights.h5")  # los pesos que entrenó PyTorch
print("backend:", keras.config.backend())


def perdida(pesos, x, y):
    """El error cuadrático como función de los pesos: la red no guarda nada entre llamadas.
    stateless_call recibe los pesos entrenables y los demás (Dense no tiene: lista vacía)."""
    salida, _ = red.stateless_call(pesos, [], x)
    return jnp.mean(jnp.square(salida[:, 0] - y))


def plano(pesos):
    """[kernel (3, 1), bias (1,)] -> [d1, s5, m22, b], para compararlos con los de PyTorch."""
    return np.concatenate([np.ravel(p) for p in pesos])


# 1) Derivada de la pérdida en los pesos de PyTorch, con el lote de la celda de autograd.
valor_y_derivada = jax.jit(jax.value_and_grad(perdida))  # las dos cosas de una vez, compiladas
_, derivada = valor_y_derivada([v.value for v in red.trainable_variables], datos["Xe"][::10], datos["ye"][::10])
print("JAX      :", np.round(plano(derivada), 5))
print("igual que autograd (1e-6):", np.allclose(plano(derivada), np.load("grad_torch.npy"), atol=1e-6))


# 2) El descenso del bucle de PyTorch (300 pasos de 0,3 desde cero), pero con el bucle dentro de
#    la función compilada: jax.lax.fori_loop lo convierte en un solo programa de XLA.
@jax.jit
def descenso(pesos):
    def un_paso(_, p):
        _, d = valor_y_derivada(p, datos["Xe"], datos["ye"])
        return [w - 0.3 * g for w, g in zip(p, d)]

    return jax.lax.fori_loop(0, 300, un_paso, pesos)


final = plano(descenso([jnp.zeros((3, 1)), jnp.zeros(1)]))
print("pendientes en log RV:", np.round(final[:3] * datos["sd_y"] / datos["sd_x"], 4))
print("igual que el bucle de PyTorch (1e-5):", np.allclose(final, np.load("pesos_bucle_torch.npy"), atol=1e-5))
