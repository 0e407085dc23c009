"""open_orbax.py: the OrbaxCheckpoint folder model_parallel.py saved on the 2×2 mesh,
opened in a process with a single device."""

import logging
import os
from logging.handlers import BufferingHandler

os.environ["JAX_PLATFORMS"] = "cpu"
os.environ["KERAS_BACKEND"] = "jax"

import keras
import numpy as np

FOLDER = os.path.abspath("orbax_parallel")
log = BufferingHandler(10_000)  # what Orbax writes to Python's log
logging.getLogger().addHandler(log)
print("devices:", [str(d) for d in keras.distribution.list_devices()])
for distribution in (None, keras.distribution.DataParallel()):
    keras.distribution.set_distribution(distribution)
    name = type(distribution).__name__ if distribution else "no distribution"
    try:
        net = keras.saving.load_model(FOLDER)
    except Exception as error:  # what would happen to the reader
        first = str(error).splitlines()[0][:70]  # the start of the error
        print(f"with {name}: {type(error).__name__}: {first}…")
        errors = {
            r.getMessage() for r in log.buffer if r.levelno >= logging.ERROR
        }
        for message in sorted(errors):  # without the device list at the end
            print(f"    in the log, ERROR: {message.split('Original=')[0].strip()}")
        continue
    weights = np.concatenate([w.ravel() for w in net.get_weights()])
    same = np.abs(weights - np.load("orbax_weights.npy")).max() == 0
    print(f"with {name}: opens; the weights saved on the mesh? {same}")
