"""otros_motores.py: lo que encuentra quien prueba keras.distribution con el motor de
KERAS_BACKEND, con una red pequeña y un DataParallel sin argumentos."""

import keras
import numpy as np

motor = keras.backend.backend()


def prueba(que, funcion):
    try:
        print(f"[{motor}] {que}: {funcion()}")
    except Exception as error:
        print(f"[{motor}] {que}: {type(error).__name__}: {error}")


def entrena_repartida():
    keras.distribution.set_distribution(keras.distribution.DataParallel())
    red = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    red.compile(optimizer="sgd", loss="mse")
    x = np.random.default_rng(0).normal(size=(64, 4)).astype("float32")
    historia = red.fit(x, x[:, :1], batch_size=16, epochs=2, verbose=0)
    return f"entrena, {len(historia.history['loss'])} épocas"


prueba("list_devices()", keras.distribution.list_devices)
prueba("DataParallel() y fit", entrena_repartida)
