"""other_engines.py: what someone trying keras.distribution on the KERAS_BACKEND engine
meets, with a small network and a DataParallel with no arguments."""

import keras
import numpy as np

engine = keras.backend.backend()


def attempt(what, function):
    try:
        print(f"[{engine}] {what}: {function()}")
    except Exception as error:
        print(f"[{engine}] {what}: {type(error).__name__}: {error}")


def train_distributed():
    keras.distribution.set_distribution(keras.distribution.DataParallel())
    net = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    net.compile(optimizer="sgd", loss="mse")
    x = np.random.default_rng(0).normal(size=(64, 4)).astype("float32")
    history = net.fit(x, x[:, :1], batch_size=16, epochs=2, verbose=0)
    return f"trains, {len(history.history['loss'])} epochs"


attempt("list_devices()", keras.distribution.list_devices)
attempt("DataParallel() and fit", train_distributed)
