import os
import sys

# Colab carga su módulo google.colab antes de la primera celda: así sabemos dónde
# estamos.
lugar = "Colab" if "google.colab" in sys.modules else "local"
backend = {"Colab": "tensorflow", "local": "torch"}[lugar]
os.environ["KERAS_BACKEND"] = backend  # antes del primer import de Keras

import tensorflow as tf

if lugar == "local":
    # en local la GPU es de PyTorch; tf.data, en la CPU
    tf.config.set_visible_devices([], "GPU")

import keras

keras.utils.set_random_seed(42)
print(f"kernel {lugar}: Keras usa {keras.backend.backend()}")
