import os

os.environ["KERAS_BACKEND"] = "torch"  # antes de cualquier import que cargue Keras

import tensorflow as tf

tf.config.set_visible_devices([], "GPU")  # tf.data se queda en la CPU

import keras
import torch

keras.utils.set_random_seed(42)
assert keras.backend.backend() == "torch", "Keras ya estaba importado: reinicia el kernel"
assert torch.cuda.is_available(), "PyTorch no ve la GPU"
print("Backend:", keras.backend.backend())
print("GPU:", torch.cuda.get_device_name(0), "| HIP:", torch.version.hip, "| CUDA:", torch.version.cuda)
