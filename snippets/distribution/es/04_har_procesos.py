import os
import sys

# Todo en la CPU, y cada proceso aporta dos dispositivos simulados.
os.environ["JAX_PLATFORMS"] = "cpu"
os.environ["KERAS_BACKEND"] = "jax"

import jax

jax.config.update("jax_num_cpu_devices", 2)

import keras
import numpy as np
import pandas as pd

LOTE = 128  # el lote global, el de la tabla de arriba: entre todos los procesos

# Antes de cualquier cálculo, cada proceso se une a los demás a través del proceso 0.
# Sin argumentos, initialize lee la dirección, el número de procesos y el suyo de las
# variables KERAS_DISTRIBUTION_* con que se lanzó.
keras.distribution.initialize()
yo, procesos = jax.process_index(), jax.process_count()

# La salida estándar la comparte con los avisos de Gloo: el informe va al archivo que se
# le pida.
informe = open(sys.argv[1], "w", encoding="utf-8")


def anota(*partes):
    print(*partes, file=informe, flush=True)


def datos_har(ruta="vol5_diario.parquet"):
    """El HAR de arriba: la log-varianza del índice y sus medias de 1, 5 y 22 sesiones,
    hasta 2017."""
    panel = pd.read_parquet(ruta)
    log_rv = np.log(
        panel.loc[panel["activo"] == "indice"].set_index("fecha")["rv_5min"]
    )
    hasta_ayer = log_rv.shift(1)
    tabla = pd.concat(
        {f"media_{k}": hasta_ayer.rolling(k).mean() for k in (1, 5, 22)}, axis=1
    )
    tabla["objetivo"] = log_rv
    tabla = tabla.loc[tabla.index < "2018-01-01"].dropna()
    z = ((tabla - tabla.mean()) / tabla.std()).astype("float32")
    return z.drop(columns="objetivo").to_numpy(), z["objetivo"].to_numpy()


def entrenar(x, y, lote):
    keras.utils.set_random_seed(0)
    red = keras.Sequential([keras.Input((x.shape[1],)), keras.layers.Dense(1)])
    red.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
    curva = red.fit(x, y, batch_size=lote, epochs=10, shuffle=False, verbose=0).history[
        "loss"
    ]
    return red, curva


def aplanados(red):
    return np.concatenate([np.asarray(v.value).ravel() for v in red.weights])


x_todo, y_todo = datos_har()
lotes = len(x_todo) // LOTE  # solo lotes completos, como arriba
x, y = x_todo[: lotes * LOTE], y_todo[: lotes * LOTE]
propios = ", ".join(str(d) for d in jax.local_devices())
anota(
    f"proceso {yo} de {procesos}: dispositivos propios {propios}; "
    f"en total {jax.device_count()}"
)

# Una malla con los dispositivos de todos los procesos: list_devices los devuelve todos.
malla = keras.distribution.DeviceMesh(
    (jax.device_count(),),
    axis_names=["lote"],
    devices=keras.distribution.list_devices("cpu"),
)
reparto = keras.distribution.DataParallel(device_mesh=malla)
keras.distribution.set_distribution(reparto)

# Con varios procesos, Keras solo sabe repartir por su cuenta un tf.data.Dataset.
try:
    entrenar(x, y, LOTE)
except ValueError as error:
    anota("con arrays NumPy y reparto automático:", error)

# Así que cada proceso entrega su parte de cada lote global: el proceso p, el trozo p de
# cada uno.
parte = LOTE // procesos
x_mio = x.reshape(lotes, procesos, parte, -1)[:, yo].reshape(-1, x.shape[1])
y_mio = y.reshape(lotes, procesos, parte)[:, yo].reshape(-1)
reparto.auto_shard_dataset = False  # los datos ya llegan repartidos
red, curva = entrenar(x_mio, y_mio, parte)  # batch_size es el lote de este proceso
anota(f"mis filas: {len(x_mio)} de {len(x)}, {parte} de cada lote de {LOTE}")
anota("pérdida por época:", " ".join(f"{p:.4f}" for p in curva))
pesos = aplanados(red)
anota("pesos finales:", " ".join(f"{w:+.4f}" for w in pesos))

# Otro reparto es otro entrenamiento: con las filas seguidas (la primera mitad al
# proceso 0, la segunda al 1), cada lote global junta filas de años distintos.
seguidas, _ = entrenar(
    np.array_split(x, procesos)[yo], np.array_split(y, procesos)[yo], parte
)

# La referencia: el mismo entrenamiento sin distribución, en un dispositivo y con lotes
# de 128.
keras.distribution.set_distribution(None)
solo, _ = entrenar(x, y, LOTE)
for nombre, otra in (("mis pesos", red), ("con las filas seguidas", seguidas)):
    iguales = np.abs(aplanados(otra) - aplanados(solo)).max() < 1e-5
    anota(f"{nombre}: ¿a menos de 1e-5 de los de un solo dispositivo? {iguales}")
informe.close()
