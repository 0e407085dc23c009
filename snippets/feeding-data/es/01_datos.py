"""Lo que comparten los programas de la página: los datos, la red y seis maneras de
dárselos a fit."""

import keras
import numpy as np

FILAS, LOTE, EPOCAS = 1024, 32, 3
PASOS = FILAS // LOTE  # lotes en cada pasada por los datos

# Una regresión sintética: 4 columnas y un objetivo que las combina linealmente, con
# algo de ruido.
azar = np.random.default_rng(3)
x = azar.normal(size=(FILAS, 4)).astype("float32")
y = (
    x @ np.array([[1.5], [-2.0], [0.5], [0.0]]) + 0.1 * azar.normal(size=(FILAS, 1))
).astype("float32")


def nueva_red():
    """La misma red, con los mismos pesos iniciales, en cada llamada y en cada motor:
    los pesos salen de NumPy, porque el generador aleatorio de cada motor da números
    distintos."""
    red = keras.Sequential(
        [
            keras.Input((4,)),
            keras.layers.Dense(8, activation="relu"),
            keras.layers.Dense(1),
        ]
    )
    inicio = np.random.default_rng(0)
    red.set_weights(
        [
            inicio.normal(scale=0.5, size=w.shape).astype("float32")
            for w in red.get_weights()
        ]
    )
    red.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
    return red


def lote(i):
    """El lote i, siempre el mismo: así cada manera recorre los datos en el mismo
    orden."""
    return x[i * LOTE : (i + 1) * LOTE], y[i * LOTE : (i + 1) * LOTE]


# Cada manera devuelve los argumentos de datos que recibe fit.
def con_numpy():
    return {"x": x, "y": y, "batch_size": LOTE}


def con_pandas():
    import pandas as pd

    tabla = pd.DataFrame(x, columns=["a", "b", "c", "d"]).assign(objetivo=y[:, 0])
    return {
        "x": tabla[["a", "b", "c", "d"]],
        "y": tabla["objetivo"],
        "batch_size": LOTE,
    }


def con_tf_data():
    import tensorflow as tf

    return {"x": tf.data.Dataset.from_tensor_slices((x, y)).batch(LOTE)}


def con_dataloader():
    import torch

    pares = torch.utils.data.TensorDataset(torch.from_numpy(x), torch.from_numpy(y))
    return {"x": torch.utils.data.DataLoader(pares, batch_size=LOTE)}


class Lotes(keras.utils.PyDataset):
    """Un PyDataset da lotes enteros por su número; con workers=2, dos hilos los
    preparan por adelantado."""

    def __init__(self, **opciones):
        super().__init__(**opciones)  # workers, use_multiprocessing, max_queue_size

    def __len__(self):
        return PASOS

    def __getitem__(self, i):
        return lote(i)


def con_pydataset():
    # dos hilos a propósito: el quinto tropiezo explica lo que pasa
    return {"x": Lotes(workers=2)}


def con_generador():
    def sin_fin():  # vuelve a empezar al acabar: fit le pide PASOS lotes en cada época
        while True:
            for i in range(PASOS):
                yield lote(i)

    return {"x": sin_fin(), "steps_per_epoch": PASOS}


def con_tf_data_en_cache():
    import tensorflow as tf

    # cache(): la primera época guarda los lotes ya hechos y las siguientes los leen de
    # ahí. prefetch(): mientras fit entrena con un lote, tf.data ya va preparando el
    # siguiente.
    return {"x": con_tf_data()["x"].cache().prefetch(tf.data.AUTOTUNE)}


# Cuatro maneras más: dos equivocadas y dos soluciones.
class Diccionarios:
    """Un conjunto de datos de PyTorch cuyas filas son diccionarios, no pares (x, y)."""

    def __len__(self):
        return FILAS

    def __getitem__(self, i):
        return {"x": x[i], "y": y[i]}


def con_dataloader_de_diccionarios():
    import torch

    return {"x": torch.utils.data.DataLoader(Diccionarios(), batch_size=LOTE)}


def con_keras_ops_en_tf_data():
    suaves = con_tf_data()["x"].map(
        lambda lote_x, lote_y: (keras.ops.tanh(lote_x), lote_y)
    )
    return {"x": suaves}


def con_tf_en_tf_data():
    import tensorflow as tf

    suaves = con_tf_data()["x"].map(lambda lote_x, lote_y: (tf.tanh(lote_x), lote_y))
    return {"x": suaves}


def con_capa_de_keras_en_tf_data():
    # una capa de preprocesado: dentro de tf.data calcula con TensorFlow
    mitad = keras.layers.Rescaling(0.5)
    return {"x": con_tf_data()["x"].map(lambda lote_x, lote_y: (mitad(lote_x), lote_y))}


MANERAS = {
    "NumPy": con_numpy,
    "pandas": con_pandas,
    "tf.data": con_tf_data,
    "DataLoader": con_dataloader,
    "PyDataset": con_pydataset,
    "generador": con_generador,
}
# El mismo tf.data con los dos métodos que recomienda la guía de TensorFlow: no es otra
# manera, es tf.data afinado, y la rejilla lo compara con NumPy como a las seis.
AFINADA = {"tf.data+cache": con_tf_data_en_cache}
OTRAS = {
    "dicts": con_dataloader_de_diccionarios,
    "ops en map": con_keras_ops_en_tf_data,
    "tf en map": con_tf_en_tf_data,
    "capa en map": con_capa_de_keras_en_tf_data,
}


def para_predict(datos):
    """Los mismos datos para predict: sin objetivo aparte, y steps en lugar de
    steps_per_epoch."""
    datos = {clave: valor for clave, valor in datos.items() if clave != "y"}
    if "steps_per_epoch" in datos:
        datos["steps"] = datos.pop("steps_per_epoch")
    return datos


def pesos(red):
    return np.concatenate([w.ravel() for w in red.get_weights()])
