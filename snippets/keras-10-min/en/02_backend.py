import os

# The backend is chosen BEFORE Keras is imported; it cannot change afterwards.
os.environ["KERAS_BACKEND"] = "torch"  # or "jax", or "tensorflow"

import keras

print("Keras", keras.__version__, "on", keras.backend.backend())
