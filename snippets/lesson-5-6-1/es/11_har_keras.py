"""El HAR como una capa Dense(1), entrenado con el backend que diga KERAS_BACKEND.

    python har_keras.py            entrena 40 épocas y guarda har_<backend>.weights.h5
    python har_keras.py PESOS.h5   no entrena: carga esos pesos (de cualquier backend) y
                                   predice

En los dos casos deja en resultado_<backend>_<modo>.npz las pendientes (w), la constante
(b), el MSE de validación (2016-2017) al cerrar cada época (curva, vacía si no entrena),
las predicciones de prueba (2018-2025), que no se miran hasta el final, y su QLIKE
(qlike.py, al lado), calculada por este mismo motor.
"""

import os

# Archivo independiente: si el entorno no fija ya los hilos (la celda de configuración
# lo hace para sus procesos hijos; una terminal nueva, no), los fija él antes de
# importar nada numérico.
for _var in (
    "OMP_NUM_THREADS",
    "OPENBLAS_NUM_THREADS",
    "MKL_NUM_THREADS",
    "TF_NUM_INTRAOP_THREADS",
    "TF_NUM_INTEROP_THREADS",
):
    os.environ.setdefault(_var, "1")
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false")
import sys

import keras
import numpy as np
from qlike import qlike

BACKEND = keras.config.backend()


def fija_el_azar():
    keras.utils.set_random_seed(0)  # Python, NumPy y el generador del backend
    if BACKEND == "torch":
        import torch

        torch.use_deterministic_algorithms(True)
    elif BACKEND == "tensorflow":
        import tensorflow as tf

        tf.config.experimental.enable_op_determinism()
    # JAX en CPU repite sus resultados sin más ajustes.


def entrena(modelo, datos):
    modelo.compile(optimizer=keras.optimizers.Adam(learning_rate=0.01), loss="mse")
    # Se vigila con 2016-2017, los años justo anteriores a la prueba; la prueba no entra
    # aquí.
    historia = modelo.fit(
        datos["Xe"],
        datos["ye"],
        validation_data=(datos["Xv"], datos["yv"]),
        epochs=40,
        batch_size=128,
        verbose=0,
    )
    modelo.save_weights(f"har_{BACKEND}.weights.h5")
    return historia.history["val_loss"]


def qlike_de_prueba(modelo, datos, pred):
    """QLIKE en 2018-2025 de la previsión log h + s²/2, con s² de los residuos de
    entrenamiento."""

    def en_log(z):  # de la escala tipificada a log RV, en float32 con los tres motores
        return (z * datos["sd_y"] + datos["mu_y"]).astype("float32")

    ajuste = modelo.predict(datos["Xe"], verbose=0).ravel()
    s2 = np.mean((en_log(ajuste) - en_log(datos["ye"])) ** 2)
    return float(qlike(en_log(datos["yp"]), en_log(pred) + s2 / 2))


if __name__ == "__main__":
    fija_el_azar()
    datos = np.load("har.npz")
    modelo = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    if len(sys.argv) > 1:
        modelo.load_weights(sys.argv[1])
        modo, curva = "cargado", []
    else:
        modo, curva = "entrenado", entrena(modelo, datos)
    kernel, sesgo = modelo.layers[-1].get_weights()
    pred = modelo.predict(datos["Xp"], verbose=0).ravel()
    destino = f"resultado_{BACKEND}_{modo}.npz"
    np.savez(
        destino,
        w=kernel.ravel(),
        b=sesgo,
        curva=np.asarray(curva),
        pred=pred,
        qlike=qlike_de_prueba(modelo, datos, pred),
    )
    print(f"{BACKEND}: {modo} -> {destino}")
