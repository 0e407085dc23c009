import os

# KERAS_BACKEND se lee en el primer `import keras`; cambiarlo después ya no tiene
# efecto.
os.environ["KERAS_BACKEND"] = "torch"  # o "jax", o "tensorflow"

import keras

print("Keras", keras.__version__, "sobre", keras.backend.backend())
