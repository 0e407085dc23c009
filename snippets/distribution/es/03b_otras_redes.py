"""otras_redes.py: la receta de har_distribuido.py (DataParallel sobre N dispositivos
simulados) en otras redes. Cada variación cambia una sola cosa de una red pequeña; se
entrena sin distribución y con ella, con la misma semilla, y se comparan todos los pesos
y la curva de pérdida."""

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

(
    L2,
    ACTIVIDAD,
    BN,
    DROPOUT,
    PESOS,
    DOS,
    METRICA,
    VALIDACION,
    BARAJADO,
    CORTO_N,
    CORTO,
) = (
    "regularizador L2 en los pesos",
    "regularizador de actividad",
    "BatchNormalization",
    "Dropout",
    "pesos por muestra",
    "dos entradas",
    "una métrica en compile",
    "validation_data en fit",
    "lotes barajados (shuffle=True)",
    f"último lote más corto, múltiplo de {N}",
    f"último lote más corto, no múltiplo de {N}",
)
# Filas de esas dos: 7 lotes de 128 y un último de 10·N (40 con N=4), que se divide, o
# de 10·N+1, que no.
FILAS_DE = {CORTO_N: 7 * LOTE + 10 * N, CORTO: 7 * LOTE + 10 * N + 1}


def red_con(variacion):
    entradas = [keras.Input((8,))] + ([keras.Input((3,))] if variacion == DOS else [])
    capa = keras.layers.Concatenate()(entradas) if variacion == DOS else entradas[0]
    capa = keras.layers.Dense(
        16,
        activation="relu",
        kernel_regularizer=keras.regularizers.L2(0.01) if variacion == L2 else None,
        activity_regularizer=keras.regularizers.L1(0.01)
        if variacion == ACTIVIDAD
        else None,
    )(capa)
    if variacion == BN:
        capa = keras.layers.BatchNormalization()(capa)
    if variacion == DROPOUT:
        capa = keras.layers.Dropout(0.2, seed=1)(capa)
    red = keras.Model(
        entradas if variacion == DOS else entradas[0], keras.layers.Dense(1)(capa)
    )
    red.compile(
        keras.optimizers.Adam(0.01),
        loss="mse",
        metrics=["mae"] if variacion == METRICA else None,
    )
    return red


def entrena(variacion):
    """La red de esa variación, entrenada con fit; devuelve todos sus pesos y su
    historial."""
    keras.utils.set_random_seed(0)
    red = red_con(variacion)
    n = FILAS_DE.get(variacion, FILAS)
    historia = red.fit(
        [x[:n], x2[:n]] if variacion == DOS else x[:n],
        y[:n],
        sample_weight=por_muestra[:n] if variacion == PESOS else None,
        # 2 lotes de 128
        validation_data=(x[:256] * 0.5, y[:256]) if variacion == VALIDACION else None,
        batch_size=LOTE,
        epochs=3,
        shuffle=variacion == BARAJADO,
        verbose=0,
    ).history
    return np.concatenate([w.ravel() for w in red.get_weights()]), historia


malla = keras.distribution.DeviceMesh(
    (N,), axis_names=["lote"], devices=keras.distribution.list_devices("cpu")
)
en_paralelo = keras.distribution.DataParallel(device_mesh=malla)
cubiertas, no_cubiertas = [], []
for variacion in (
    L2,
    ACTIVIDAD,
    BN,
    DROPOUT,
    PESOS,
    DOS,
    METRICA,
    VALIDACION,
    BARAJADO,
    CORTO_N,
    CORTO,
):
    keras.distribution.set_distribution(None)
    pesos_1, historia_1 = entrena(variacion)
    keras.distribution.set_distribution(en_paralelo)
    try:
        pesos_n, historia_n = entrena(variacion)
    # lo que le pasaría al lector (el error de reparto de JAX es un ValueError)
    except ValueError as error:
        no_cubiertas.append(f"{variacion} ({type(error).__name__})")
        continue
    distancia = np.abs(pesos_n - pesos_1).max()  # la mayor diferencia entre dos pesos
    igual = distancia < 1e-5 and historia_n.keys() == historia_1.keys()
    igual = igual and all(
        np.abs(np.subtract(historia_n[k], historia_1[k])).max() < 1e-5
        for k in historia_1
    )
    (cubiertas if igual else no_cubiertas).append(
        variacion if igual else f"{variacion} (otro resultado, {distancia:.1e})"
    )

print(f"DataParallel en {N} dispositivos frente a uno, mismos pesos y misma curva:")
for titulo, lista in (
    ("comprobado también con", cubiertas),
    ("no cubierto", no_cubiertas),
):
    print(f"  {titulo}:")
    for variacion in lista:
        print(f"    {variacion}")
    if not lista:
        print("    nada")
