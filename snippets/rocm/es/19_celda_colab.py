import os
import sys

en_colab = "google.colab" in sys.modules
os.environ["KERAS_BACKEND"] = "tensorflow" if en_colab else "torch"

import tensorflow as tf

if not en_colab:
    tf.config.set_visible_devices([], "GPU")  # en local, la GPU es para PyTorch

import keras

keras.utils.set_random_seed(42)
print("Backend:", keras.backend.backend())
