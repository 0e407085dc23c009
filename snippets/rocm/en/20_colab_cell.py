import os
import sys

# Colab loads its google.colab module before the first cell: that tells us where we are.
place = "Colab" if "google.colab" in sys.modules else "local"
backend = {"Colab": "tensorflow", "local": "torch"}[place]
os.environ["KERAS_BACKEND"] = backend  # before Keras is first imported

import tensorflow as tf

if place == "local":
    # locally the GPU belongs to PyTorch; tf.data runs on the CPU
    tf.config.set_visible_devices([], "GPU")

import keras

keras.utils.set_random_seed(42)
print(f"{place} kernel: Keras uses {keras.backend.backend()}")
