import os

# 1) The backend, before anything else: Keras fixes it at its first import and never
#    looks again.
os.environ["KERAS_BACKEND"] = "torch"

# 2) TensorFlow only feeds the model (tf.data): take the GPU away from it so it works on
#    the CPU.
import tensorflow as tf

tf.config.set_visible_devices([], "GPU")

# 3) Now Keras and PyTorch.
import keras
import torch

engine = keras.backend.backend()
if engine != "torch":
    raise RuntimeError(
        f"Keras was already imported with '{engine}': restart the kernel "
        "and run this cell first"
    )
if not torch.cuda.is_available():
    raise RuntimeError("PyTorch sees no GPU: run test_rocm.py (step 3) to find out why")
# A Ryzen 7000's integrated GPU (gfx1036) is not among this PyTorch's ISAs
gpu = torch.cuda.get_device_properties(0)
isa = gpu.gcnArchName.split(":")[0]
no_kernels = torch.version.hip and isa not in torch.cuda.get_arch_list()
if gpu.is_integrated or no_kernels:
    raise RuntimeError(
        f"cuda:0 ({gpu.name}, {isa}) is an integrated GPU or has no kernels in this "
        "PyTorch: leave only the Radeon visible with ROCR_VISIBLE_DEVICES (step 1) "
        "and restart the kernel"
    )
keras.utils.set_random_seed(42)
print(
    f"Keras {keras.__version__} on {engine} | GPU: {torch.cuda.get_device_name(0)} | "
    f"HIP {torch.version.hip}"
)
