import os

# KERAS_BACKEND is read on the first `import keras`; changing it afterwards has no
# effect.
os.environ["KERAS_BACKEND"] = "torch"  # or "jax", or "tensorflow"

import keras

print("Keras", keras.__version__, "on", keras.backend.backend())
