import os

# El backend se elige ANTES de importar Keras; después ya no se puede cambiar.
os.environ["KERAS_BACKEND"] = "torch"  # o "jax", o "tensorflow"

import keras

print("Keras", keras.__version__, "sobre", keras.backend.backend())
