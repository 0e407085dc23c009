import os

os.environ["KERAS_BACKEND"] = "torch"  # before any import that loads Keras

import tensorflow as tf

tf.config.set_visible_devices([], "GPU")  # tf.data stays on the CPU

import keras
import torch

keras.utils.set_random_seed(42)
assert keras.backend.backend() == "torch", "Keras was already imported: restart the kernel"
assert torch.cuda.is_available(), "PyTorch does not see the GPU"
print("Backend:", keras.backend.backend())
print("GPU:", torch.cuda.get_device_name(0), "| HIP:", torch.version.hip, "| CUDA:", torch.version.cuda)
