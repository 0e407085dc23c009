import os
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 4
os.environ["KERAS_BACKEND"] = "jax"
# n dispositivos de CPU simulados: XLA lo lee al arrancar, así que va antes de importar JAX.
os.environ["XLA_FLAGS"] = f"--xla_force_host_platform_device_count={n}"

import jax
import keras
import numpy as np
import pandas as pd

# El HAR del índice de la lección 5.6.1, tipificado con el periodo de entrenamiento.
v = pd.read_parquet("vol5_diario.parquet")
lrv = np.log(v[v["activo"] == "indice"].set_index("fecha")["rv_5min"])
har = pd.DataFrame({"d1": lrv, "s5": lrv.rolling(5).mean(), "m22": lrv.rolling(22).mean()}).shift(1)
har["y"] = lrv
har = har[har.index < "2018-01-01"].dropna()
X = har[["d1", "s5", "m22"]].to_numpy()
X = ((X - X.mean(0)) / X.std(0)).astype("float32")
y = ((har["y"] - har["y"].mean()) / har["y"].std()).to_numpy("float32")
# Cada lote se reparte a partes iguales: con lotes de 128, solo lotes completos.
completos = len(X) // 128 * 128
X, y = X[:completos], y[:completos]
print("dispositivos:", [str(d) for d in jax.devices()])


def entrena():
    keras.utils.set_random_seed(0)
    modelo = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    modelo.compile(keras.optimizers.Adam(0.01), "mse")
    historia = modelo.fit(X, y, epochs=10, batch_size=128, shuffle=False, verbose=0)
    return modelo, historia.history["loss"]


uno, perdidas_uno = entrena()  # sin distribución: todo en un dispositivo

# Paralelismo de datos: una malla de n dispositivos; cada lote se reparte entre ellos.
malla = keras.distribution.DeviceMesh(
    shape=(n,), axis_names=["lote"], devices=keras.distribution.list_devices()
)
keras.distribution.set_distribution(keras.distribution.DataParallel(device_mesh=malla))
varios, perdidas_varios = entrena()

disposicion = keras.distribution.distribution().get_data_layout((128, 3))
lote = keras.distribution.distribute_tensor(X[:128], disposicion)
print("malla:", dict(zip(malla.axis_names, malla.shape)))
print("un lote de 128 filas, por dispositivo:", [s.data.shape for s in lote.addressable_shards])
print("pesos:", varios.layers[-1].kernel.value.sharding.spec, "(replicados en cada dispositivo)")
print(f"pérdida final con 1 dispositivo : {perdidas_uno[-1]:.6f}")
print(f"pérdida final con {n} dispositivos: {perdidas_varios[-1]:.6f}")
diferencia = max(abs(a - b) for a, b in zip(perdidas_uno, perdidas_varios))
print("misma pérdida en cada época (tolerancia 1e-5):", diferencia < 1e-5)
