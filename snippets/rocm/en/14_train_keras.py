import os
import sys
import time
from pathlib import Path

os.environ["KERAS_BACKEND"] = "torch"
use_cpu = "cpu" in sys.argv[1:]
if use_cpu:  # hide the GPU before PyTorch is imported
    os.environ["HIP_VISIBLE_DEVICES"] = "-1"
    os.environ["CUDA_VISIBLE_DEVICES"] = "-1"

import tensorflow as tf

tf.config.set_visible_devices([], "GPU")  # TensorFlow only prepares data, on the CPU

import keras
import tensorflow_datasets as tfds
import torch

assert keras.backend.backend() == "torch"
if use_cpu:
    assert not torch.cuda.is_available(), "The GPU is still visible"
else:
    assert torch.version.hip or torch.version.cuda, "PyTorch without GPU support"
    assert torch.cuda.is_available(), "PyTorch does not see the GPU"

keras.utils.set_random_seed(42)
data_dir = Path(__file__).resolve().parent / "datasets"
(train_raw, val_raw, test_raw), info = tfds.load(
    "oxford_iiit_pet:4.0.0",
    split=["train[:80%]", "train[80%:90%]", "train[90%:]"],
    as_supervised=True,
    with_info=True,
    data_dir=str(data_dir),
    download=False,  # if the local copy is missing, fail instead of downloading
)


def prepare(image, label):
    image = tf.image.resize(image, (160, 160))
    return image / 127.5 - 1.0, label  # from [0, 255] to [-1, 1], as MobileNetV2 expects


auto = tf.data.AUTOTUNE
train = train_raw.map(prepare, num_parallel_calls=auto).batch(32).prefetch(auto)
val = val_raw.map(prepare, num_parallel_calls=auto).batch(32).prefetch(auto)

base = keras.applications.MobileNetV2(
    input_shape=(160, 160, 3), include_top=False, weights="imagenet"
)
base.trainable = False  # only the head is trained
model = keras.Sequential(
    [
        base,
        keras.layers.GlobalAveragePooling2D(),
        keras.layers.Dropout(0.2),
        keras.layers.Dense(info.features["label"].num_classes),
    ]
)
model.compile(
    optimizer="adam",
    loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    metrics=["accuracy"],
)

if not use_cpu:
    torch.cuda.reset_peak_memory_stats()
    torch.cuda.synchronize()
start = time.perf_counter()
history = model.fit(train, validation_data=val, epochs=3, verbose=2)
if not use_cpu:
    torch.cuda.synchronize()
seconds = time.perf_counter() - start

device = "cpu" if use_cpu else "cuda"
assert all(p.device.type == device for p in model.parameters())
print("Device:", device)
print(f"Total: {seconds:.1f} s; mean: {seconds / 3:.1f} s/epoch")
print(f"Validation accuracy: {history.history['val_accuracy'][-1]:.3f}")
if not use_cpu:
    print("PyTorch peak VRAM, MiB:", round(torch.cuda.max_memory_allocated() / 2**20))
model.save("model.keras")
