"""otras_redes.py: la receta de har_distribuido.py (DataParallel sobre N dispositivos simulados) en
otras redes. Cada variación cambia una sola cosa de una red pequeña; se entrena sin distribución y con
ella, con la misma semilla, y se comparan todos los pesos y la curva de pérdida."""

import os
import sys

N = int(sys.argv[1]) if len(sys.argv) > 1 else 4
os.environ["JAX_PLATFORMS"] = "cpu"
os.environ["KERAS_BACKEND"] = "jax"

import jax

jax.config.update("jax_num_cpu_devices", N)

import keras
import numpy as np

LOTE, FILAS = 128, 1024
azar = np.random.default_rng(0)
x = azar.normal(size=(FILAS, 8)).astype("float32")
x2 = azar.normal(size=(FILAS, 3)).astype("float32")  # la segunda entrada
y = (x[:, :1] - 0.5 * x[:, 1:2] + 0.1 * azar.normal(size=(FILAS, 1))).astype("float32")
por_muestra = azar.uniform(0.1, 2.0, size=FILAS).astype("float32")  # un peso por fila

L2, ACTIVIDAD, BN, PESOS, DOS, METRICA, CORTO_N, CORTO = (
    "regularizador L2 en los pesos",
    "regularizador de actividad",
    "BatchNormalization y Dropout",
    "pesos por muestra",
    "dos entradas",
    "una métrica en compile",
    f"último lote más corto, múltiplo de {N}",
    f"último lote más corto, no múltiplo de {N}",
)
# Filas de cada variación: 7 lotes de 128 y un último de 40 (múltiplo de 4) o de 42 (no lo es).
FILAS_DE = {CORTO_N: 7 * LOTE + 10 * N, CORTO: 7 * LOTE + 10 * N + 2}


def red_con(variacion):
    entradas = [keras.Input((8,))] + ([keras.Input((3,))] if variacion == DOS else [])
    capa = keras.layers.Concatenate()(entradas) if variacion == DOS else entradas[0]
    capa = keras.layers.Dense(
        16,
        activation="relu",
        kernel_regularizer=keras.regularizers.L2(0.01) if variacion == L2 else None,
        activity_regularizer=keras.regularizers.L1(0.01) if variacion == ACTIVIDAD else None,
    )(capa)
    if variacion == BN:
        capa = keras.layers.Dropout(0.2, seed=1)(keras.layers.BatchNormalization()(capa))
    red = keras.Model(entradas if variacion == DOS else entradas[0], keras.layers.Dense(1)(capa))
    red.compile(keras.optimizers.Adam(0.01), loss="mse", metrics=["mae"] if variacion == METRICA else None)
    return red


def entrena(variacion):
    """La red de esa variación, entrenada con fit; devuelve todos sus pesos y su historial."""
    keras.utils.set_random_seed(0)
    red = red_con(variacion)
    n = FILAS_DE.get(variacion, FILAS)
    historia = red.fit(
        [x[:n], x2[:n]] if variacion == DOS else x[:n],
        y[:n],
        sample_weight=por_muestra[:n] if variacion == PESOS else None,
        batch_size=LOTE,
        epochs=3,
        shuffle=False,
        verbose=0,
    ).history
    return np.concatenate([w.ravel() for w in red.get_weights()]), historia


malla = keras.distribution.DeviceMesh((N,), axis_names=["lote"], devices=keras.distribution.list_devices("cpu"))
en_paralelo = keras.distribution.DataParallel(device_mesh=malla)
cubiertas, no_cubiertas = [], []
for variacion in (L2, ACTIVIDAD, BN, PESOS, DOS, METRICA, CORTO_N, CORTO):
    keras.distribution.set_distribution(None)
    pesos_1, historia_1 = entrena(variacion)
    keras.distribution.set_distribution(en_paralelo)
    try:
        pesos_n, historia_n = entrena(variacion)
    except Exception as error:  # lo que le pasaría al lector: el nombre del error
        no_cubiertas.append(f"{variacion} ({type(error).__name__})")
        continue
    igual = np.abs(pesos_n - pesos_1).max() < 1e-5 and historia_n.keys() == historia_1.keys()
    igual = igual and all(np.allclose(historia_n[k], historia_1[k], rtol=1e-5) for k in historia_1)
    (cubiertas if igual else no_cubiertas).append(variacion if igual else f"{variacion} (otro resultado)")

print(f"DataParallel en {N} dispositivos frente a uno, mismos pesos y misma curva:")
print("  comprobado también con:", "; ".join(cubiertas) or "nada")
print("  no cubierto:", "; ".join(no_cubiertas) or "nada")
