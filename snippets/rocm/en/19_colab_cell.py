import os
import sys

in_colab = "google.colab" in sys.modules
os.environ["KERAS_BACKEND"] = "tensorflow" if in_colab else "torch"

import tensorflow as tf

if not in_colab:
    tf.config.set_visible_devices([], "GPU")  # locally, the GPU belongs to PyTorch

import keras

keras.utils.set_random_seed(42)
print("Backend:", keras.backend.backend())
