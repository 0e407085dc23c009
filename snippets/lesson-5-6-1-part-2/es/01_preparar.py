import os

# Un hilo por biblioteca, fijado antes de importarlas (la sección de determinismo
# explica por qué); los scripts que lanza esta parte heredan el entorno.
for variable in (
    "OMP_NUM_THREADS",
    "OPENBLAS_NUM_THREADS",
    "MKL_NUM_THREADS",
    "TF_NUM_INTRAOP_THREADS",
    "TF_NUM_INTEROP_THREADS",
):
    os.environ[variable] = "1"
os.environ["XLA_FLAGS"] = "--xla_cpu_multi_thread_eigen=false"
os.environ["KERAS_BACKEND"] = "torch"

import keras
import numpy as np
import pandas as pd
import torch
from keras import layers

torch.set_num_threads(1)
torch.use_deterministic_algorithms(True)

# 1) har.npz: las medias de 1, 5 y 22 sesiones del índice, hasta ayer, y el log RV de
#    hoy;
#    tres periodos, tipificados con la media y la desviación del primero.
panel = pd.read_parquet("vol5_diario.parquet")
log_rv = np.log(panel.loc[panel["activo"] == "indice"].set_index("fecha")["rv_5min"])
tabla = pd.DataFrame(
    {
        f"{letra}{n}": log_rv.rolling(n).mean().shift(1)
        for letra, n in (("d", 1), ("s", 5), ("m", 22))
    }
)
tabla["y"] = log_rv
tabla = tabla.dropna()
fecha = tabla.index
periodos = {
    "e": fecha < "2016-01-01",
    "v": (fecha >= "2016-01-01") & (fecha < "2018-01-01"),
    "p": fecha >= "2018-01-01",
}
X = {
    k: tabla.loc[filas, ["d1", "s5", "m22"]].to_numpy() for k, filas in periodos.items()
}
y = {k: tabla.loc[filas, "y"].to_numpy() for k, filas in periodos.items()}
mu_x, sd_x, mu_y, sd_y = (
    X["e"].mean(axis=0),
    X["e"].std(axis=0),
    y["e"].mean(),
    y["e"].std(),
)
tipificados = {}
for k in periodos:
    tipificados[f"X{k}"] = ((X[k] - mu_x) / sd_x).astype("float32")
    tipificados[f"y{k}"] = ((y[k] - mu_y) / sd_y).astype("float32")
np.savez("har.npz", **tipificados, mu_x=mu_x, sd_x=sd_x, mu_y=mu_y, sd_y=sd_y)

# 2) har_torch.weights.h5: la receta de har_keras.py con PyTorch (semilla 0; Adam(0,01),
#    40 épocas,
#    lotes de 128, validando con 2016-2017).
datos = np.load("har.npz")
keras.utils.set_random_seed(0)
har = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
har.compile(optimizer=keras.optimizers.Adam(learning_rate=0.01), loss="mse")
har.fit(
    datos["Xe"],
    datos["ye"],
    validation_data=(datos["Xv"], datos["yv"]),
    epochs=40,
    batch_size=128,
    verbose=0,
)
har.save_weights("har_torch.weights.h5")

print({k: v.shape for k, v in tipificados.items()})
pendientes = har.layers[0].get_weights()[0].ravel() * sd_y / sd_x
print("pendientes de PyTorch en log RV (d1, s5, m22):", pendientes.round(4))
