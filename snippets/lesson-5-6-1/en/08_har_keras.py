"""Train the HAR as Dense(1) on the KERAS_BACKEND backend, or load weights and predict."""

import json
import sys

import keras
import numpy as np

backend = keras.config.backend()
# Each engine's determinism switch (on a CPU, JAX needs nothing more).
if backend == "torch":
    import torch

    torch.use_deterministic_algorithms(True)
elif backend == "tensorflow":
    import tensorflow as tf

    tf.config.experimental.enable_op_determinism()

keras.utils.set_random_seed(0)
data = np.load("har.npz")
model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
if len(sys.argv) > 1:  # weights saved by another backend: do not train, only predict
    model.load_weights(sys.argv[1])
    curve = []
else:
    model.compile(keras.optimizers.Adam(0.01), "mse")
    history = model.fit(
        data["Xe"], data["ye"], epochs=40, batch_size=128, verbose=0,
        validation_data=(data["Xp"], data["yp"]),
    )
    model.save_weights(f"har_{backend}.weights.h5")
    curve = history.history["val_loss"]
pred = model.predict(data["Xp"], verbose=0).ravel()
np.save(f"pred_{backend}{len(sys.argv)}.npy", pred)
w, c = model.layers[-1].get_weights()
print(json.dumps({"w": w.ravel().tolist(), "c": float(c[0]), "curve": curve}))
