import contextlib
import os
import sys

N = int(sys.argv[1]) if len(sys.argv) > 1 else 4  # cuántos dispositivos simular
# Todo en la CPU, aunque JAX vea una GPU: los N dispositivos simulados son de la CPU.
os.environ["JAX_PLATFORMS"] = "cpu"
os.environ["KERAS_BACKEND"] = "jax"

import jax

# JAX presenta la CPU como N dispositivos; hay que decírselo antes de que los use por
# primera vez.
jax.config.update("jax_num_cpu_devices", N)

import keras
import numpy as np
import pandas as pd

LOTE = 128


def datos_har(ruta="vol5_diario.parquet"):
    """HAR en logaritmos del índice (lección 5.6.1), los años antes de la prueba
    (2008-2017), tipificado."""
    panel = pd.read_parquet(ruta)
    log_rv = np.log(
        panel.loc[panel["activo"] == "indice"].set_index("fecha")["rv_5min"]
    )
    hasta_ayer = log_rv.shift(1)  # cada fila solo ve sesiones anteriores
    tabla = pd.concat(
        {f"media_{k}": hasta_ayer.rolling(k).mean() for k in (1, 5, 22)}, axis=1
    )
    tabla["objetivo"] = log_rv
    tabla = tabla.loc[tabla.index < "2018-01-01"].dropna()
    z = ((tabla - tabla.mean()) / tabla.std()).astype("float32")
    return z.drop(columns="objetivo").to_numpy(), z["objetivo"].to_numpy()


def entrenar(x, y):
    """La misma red lineal, la misma semilla y el mismo orden de lotes en cada
    llamada."""
    keras.utils.set_random_seed(0)
    red = keras.Sequential([keras.Input((x.shape[1],)), keras.layers.Dense(1)])
    red.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
    curva = red.fit(x, y, batch_size=LOTE, epochs=10, shuffle=False, verbose=0).history[
        "loss"
    ]
    return red, curva


x_todo, y_todo = datos_har()
# DataParallel parte cada lote en N trozos iguales: nos quedamos con los lotes
# completos.
completos = len(x_todo) // LOTE * LOTE
x, y = x_todo[:completos], y_todo[:completos]
print("JAX ve:", ", ".join(str(d) for d in jax.devices("cpu")))

# Referencia: sin ninguna distribución activa, todo ocurre en un dispositivo.
_, curva_1 = entrenar(x, y)

# Paralelismo de datos: una malla de una sola dimensión; cada lote se parte a lo largo
# de ella.
malla = keras.distribution.DeviceMesh(
    (N,), axis_names=["lote"], devices=keras.distribution.list_devices("cpu")
)
keras.distribution.set_distribution(keras.distribution.DataParallel(device_mesh=malla))
red_n, curva_n = entrenar(x, y)

# Qué ha hecho DataParallel con un lote y con los pesos.
reparto = keras.distribution.distribution().get_data_layout((LOTE, x.shape[1]))
trozos = keras.distribution.distribute_tensor(x[:LOTE], reparto).addressable_shards
print(f"malla: eje {malla.axis_names[0]!r} de {malla.shape[0]} dispositivos")
print(
    f"un lote de {LOTE} filas queda en trozos de",
    [t.data.shape[0] for t in trozos],
    "filas",
)
print(
    "pesos de la capa densa:",
    red_n.layers[0].kernel.value.sharding.spec,
    "= copia entera en cada uno",
)

print(f"\népoca  pérdida (1 disp.)  pérdida ({N} disp.)")
for epoca, (a, b) in enumerate(zip(curva_1, curva_n), start=1):
    print(f"{epoca:>5}  {a:>17.4f}  {b:>17.4f}")
mayor = max(abs(a - b) for a, b in zip(curva_1, curva_n))
print("¿las dos curvas coinciden a menos de 1e-5 en cada época?", mayor < 1e-5)

# Con todas las filas, el último lote queda incompleto: ¿se puede partir en N trozos
# iguales?
sobran = len(x_todo) - completos
try:
    entrenar(x_todo, y_todo)
    print(
        f"\ncon un último lote de {sobran} filas entre {N} dispositivos: "
        "entrena sin error"
    )
except ValueError as error:  # el error de reparto de JAX es un ValueError
    print(
        f"\ncon un último lote de {sobran} filas entre {N} dispositivos: "
        f"{type(error).__name__}"
    )
    print("  ...", str(error).split(", but ")[-1].split(" (")[0])

# predict y evaluate también parten cada lote en N trozos, pero no pueden descartar
# filas.
red, _ = entrenar(x, y)
try:
    red.predict(x_todo, verbose=0)
except ValueError as error:
    print(f"predict con sus {len(x_todo)} filas: {type(error).__name__}")
try:
    red.evaluate(x, y, verbose=0)
except TypeError as error:  # el fallo dejó las variables de la red vacías
    print(
        "  después, la misma red ya no evalúa ni con lotes completos: "
        f"{type(error).__name__}: {error}"
    )
# devuelve a las variables los valores que el entrenador de JAX aún guarda
red.jax_state_sync()
print(
    "  tras red.jax_state_sync(), evalúa otra vez: "
    f"pérdida {red.evaluate(x, y, verbose=0):.4f}"
)


@contextlib.contextmanager
def sin_distribucion():
    """Un rato sin distribución: cada lote entra entero, sin partirlo entre los N
    dispositivos."""
    antes = keras.distribution.distribution()
    keras.distribution.set_distribution(None)
    try:
        yield
    finally:
        keras.distribution.set_distribution(antes)


red, _ = entrenar(x, y)
# Salida 1, para predict: rellenar con filas de ceros hasta un múltiplo de N y quitar lo
# añadido.
relleno = np.zeros((-len(x_todo) % N, x_todo.shape[1]), dtype=x_todo.dtype)
prediccion = red.predict(np.concatenate([x_todo, relleno]), verbose=0)[: len(x_todo)]
# Salida 2, para predict y evaluate: hacerlo fuera de la distribución.
with sin_distribucion():
    en_uno = red.predict(x_todo, verbose=0)
    perdida = red.evaluate(x_todo, y_todo, verbose=0)
print(
    f"rellenando hasta {len(x_todo) + len(relleno)} filas: "
    f"{len(prediccion)} predicciones, a {np.abs(prediccion - en_uno).max():.1e} "
    "de las de un dispositivo"
)
print(f"evaluate sin distribución, con las {len(x_todo)} filas: pérdida {perdida:.4f}")
