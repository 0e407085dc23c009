import os

os.environ["KERAS_BACKEND"] = "torch"  # before importing Keras

import keras
import numpy as np
import torch

# ROCm (HIP) and CUDA both appear under torch.cuda: say which one this is.
if torch.version.hip:
    platform = f"ROCm/HIP {torch.version.hip}"
elif torch.version.cuda:
    platform = f"CUDA {torch.version.cuda}"
else:
    raise SystemExit("This PyTorch has no GPU support (neither ROCm nor CUDA)")
if not torch.cuda.is_available():
    raise SystemExit(f"PyTorch ({platform}) sees no GPU: check the driver and permissions")
if keras.backend.backend() != "torch":
    raise SystemExit(f"Keras is using {keras.backend.backend()}, not torch")
print(f"PyTorch {torch.__version__} with {platform}")
print("GPU:", torch.cuda.get_device_name(0))

# 1) A matrix multiplication on the GPU.
a = torch.randn(1024, 1024, device="cuda")
b = torch.randn(1024, 1024, device="cuda")
product = a @ b
torch.cuda.synchronize()  # wait until the GPU has really finished
if not torch.isfinite(product).all():
    raise SystemExit("The multiplication gave non-finite values")
print("OK: 1024 × 1024 matrix multiplication")
del a, b, product

# 2) Train a small convolution with Keras: this also exercises backpropagation.
keras.utils.set_random_seed(42)
net = keras.Sequential(
    [
        keras.Input(shape=(32, 32, 3)),
        keras.layers.Conv2D(8, 3, activation="relu"),
        keras.layers.GlobalAveragePooling2D(),
        keras.layers.Dense(2, activation="softmax"),
    ]
)
net.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
images = np.random.rand(32, 32, 32, 3).astype("float32")  # synthetic data: no downloads
classes = np.random.randint(0, 2, size=32)
history = net.fit(images, classes, batch_size=8, epochs=1, verbose=2)
torch.cuda.synchronize()
if not np.isfinite(history.history["loss"]).all():
    raise SystemExit("The loss is not finite")
if not all(p.device.type == "cuda" for p in net.parameters()):
    raise SystemExit("Some model parameters are not on the GPU")
print("OK: the convolution trained on the GPU")
print("PyTorch peak VRAM, MiB:", round(torch.cuda.max_memory_allocated() / 2**20))
