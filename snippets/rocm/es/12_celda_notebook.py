import os

# 1) El backend, antes que nada: Keras lo fija en su primer import y no vuelve a mirar
#    la variable.
os.environ["KERAS_BACKEND"] = "torch"

# 2) TensorFlow solo alimenta el modelo (tf.data): le quitamos la GPU para que trabaje
#    en la CPU.
import tensorflow as tf

tf.config.set_visible_devices([], "GPU")

# 3) Ahora sí, Keras y PyTorch.
import keras
import torch

motor = keras.backend.backend()
if motor != "torch":
    raise RuntimeError(
        f"Keras ya se había importado con '{motor}': reinicia el kernel "
        "y ejecuta esta celda la primera"
    )
if not torch.cuda.is_available():
    raise RuntimeError(
        "PyTorch no ve la GPU: ejecuta probar_rocm.py (paso 3) para saber por qué"
    )
# La integrada de un Ryzen 7000 (gfx1036) no está entre las ISA de este PyTorch
gpu = torch.cuda.get_device_properties(0)
isa = gpu.gcnArchName.split(":")[0]
sin_kernels = torch.version.hip and isa not in torch.cuda.get_arch_list()
if gpu.is_integrated or sin_kernels:
    raise RuntimeError(
        f"cuda:0 ({gpu.name}, {isa}) es una gráfica integrada o no tiene kernels en "
        "este PyTorch: deja visible solo la Radeon con ROCR_VISIBLE_DEVICES (paso 1) "
        "y reinicia el kernel"
    )
keras.utils.set_random_seed(42)
print(
    f"Keras {keras.__version__} con {motor} | GPU: {torch.cuda.get_device_name(0)} | "
    f"HIP {torch.version.hip}"
)
