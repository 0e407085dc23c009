import os

os.environ["KERAS_BACKEND"] = "torch"  # antes de importar Keras

import keras
import numpy as np
import torch

# ROCm (HIP) y CUDA aparecen los dos bajo torch.cuda: decimos cuál es.
if torch.version.hip:
    plataforma = f"ROCm/HIP {torch.version.hip}"
elif torch.version.cuda:
    plataforma = f"CUDA {torch.version.cuda}"
else:
    raise SystemExit("Este PyTorch no tiene soporte de GPU (ni ROCm ni CUDA)")
if not torch.cuda.is_available():
    raise SystemExit(f"PyTorch ({plataforma}) no ve ninguna GPU: revisa controlador y permisos")
if keras.backend.backend() != "torch":
    raise SystemExit(f"Keras usa {keras.backend.backend()}, no torch")
print(f"PyTorch {torch.__version__} con {plataforma}")
print("GPU:", torch.cuda.get_device_name(0))

# 1) Una multiplicación de matrices en la GPU.
a = torch.randn(1024, 1024, device="cuda")
b = torch.randn(1024, 1024, device="cuda")
producto = a @ b
torch.cuda.synchronize()  # esperar a que la GPU termine de verdad
if not torch.isfinite(producto).all():
    raise SystemExit("La multiplicación dio valores no finitos")
print("OK: multiplicación de matrices 1024 × 1024")
del a, b, producto

# 2) Entrenar una convolución pequeña con Keras: ejercita también la retropropagación.
keras.utils.set_random_seed(42)
red = keras.Sequential(
    [
        keras.Input(shape=(32, 32, 3)),
        keras.layers.Conv2D(8, 3, activation="relu"),
        keras.layers.GlobalAveragePooling2D(),
        keras.layers.Dense(2, activation="softmax"),
    ]
)
red.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
imagenes = np.random.rand(32, 32, 32, 3).astype("float32")  # datos sintéticos: sin descargas
clases = np.random.randint(0, 2, size=32)
historia = red.fit(imagenes, clases, batch_size=8, epochs=1, verbose=2)
torch.cuda.synchronize()
if not np.isfinite(historia.history["loss"]).all():
    raise SystemExit("La pérdida no es finita")
if not all(p.device.type == "cuda" for p in red.parameters()):
    raise SystemExit("Hay parámetros del modelo fuera de la GPU")
print("OK: la convolución se entrenó en la GPU")
print("VRAM pico de PyTorch, MiB:", round(torch.cuda.max_memory_allocated() / 2**20))
