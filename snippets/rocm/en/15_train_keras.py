"""\
train_keras.py: MobileNetV2 on Oxford-IIIT Pet with Keras 3 and the PyTorch backend.

    python train_keras.py        # on the GPU
    python train_keras.py cpu    # the same workload on the CPU, to compare

Times every epoch (training + validation) and keeps the first, cold one apart from the
mean of the others. Loading the dataset and the weights is not counted.
"""

import argparse
import os
import statistics
import time
from pathlib import Path

options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
options.add_argument("device", nargs="?", choices=["gpu", "cpu"], default="gpu")
ON_CPU = options.parse_args().device == "cpu"

os.environ["KERAS_BACKEND"] = "torch"
if ON_CPU:
    # PyTorch reads these variables at start-up: with -1 it enumerates no GPU, ROCm or
    # CUDA.
    os.environ["HIP_VISIBLE_DEVICES"] = os.environ["CUDA_VISIBLE_DEVICES"] = "-1"

# The variables above must be set before these imports.
import tensorflow as tf

# TensorFlow only reads and prepares images, on the CPU
tf.config.set_visible_devices([], "GPU")

import keras
import tensorflow_datasets as tfds
import torch

EPOCHS, BATCH, SIDE = 3, 32, 160
# 80 % to train, the next 10 % to validate and the last 10 % held back.
SPLITS = {
    "train": "train[:80%]",
    "validate": "train[80%:90%]",
    "held_back": "train[90%:]",
}
# the same opt-in as test_rocm.py
ACCEPT_CUDA = os.environ.get("ROCM_GUIDE_ACCEPT_CUDA") == "1"


def check_environment():
    if keras.backend.backend() != "torch":
        raise SystemExit(f"Keras uses {keras.backend.backend()}, not torch")
    if ON_CPU:
        if torch.cuda.is_available():
            raise SystemExit(
                "the GPU is still visible: "
                "PyTorch was already imported when it was hidden"
            )
    elif torch.version.hip is None and not (ACCEPT_CUDA and torch.version.cuda):
        raise SystemExit(
            "this PyTorch is not a ROCm build; uninstall it and install it again from "
            "the ROCm index (step 2)"
        )
    elif not torch.cuda.is_available():
        raise SystemExit(
            "PyTorch sees no GPU: run test_rocm.py (step 3) to find out why"
        )
    elif wrong := wrong_gpu():
        raise SystemExit(
            f"cuda:0 is {wrong}, an integrated GPU or one without kernels in this "
            "PyTorch: leave only the Radeon visible with ROCR_VISIBLE_DEVICES (step 1)"
        )


def wrong_gpu():
    """cuda:0 with its ISA if it is an integrated GPU, or if this ROCm PyTorch carries
    no kernels for it (a Ryzen 7000's gfx1036, for instance); None if it is the right
    one."""
    gpu = torch.cuda.get_device_properties(0)
    isa = gpu.gcnArchName.split(":")[0]
    if gpu.is_integrated or (
        torch.version.hip and isa not in torch.cuda.get_arch_list()
    ):
        return f"{gpu.name} ({isa})"
    return None


def normalise(image, label):
    """SIDE × SIDE pixels, from [0, 255] to [-1, 1]: the scale MobileNetV2 was trained
    on."""
    image = tf.image.resize(image, (SIDE, SIDE))
    return image * (2.0 / 255.0) - 1.0, label


def load_data():
    """Reads the prepared copy in datasets/, next to this file; if it is missing, it
    raises an error instead of downloading."""
    parts, info = tfds.load(
        "oxford_iiit_pet:4.0.0",
        split=list(SPLITS.values()),
        data_dir=str(Path(__file__).resolve().parent / "datasets"),
        as_supervised=True,
        with_info=True,
        download=False,
    )
    batched = {
        name: part.map(normalise, num_parallel_calls=tf.data.AUTOTUNE)
        .batch(BATCH)
        .prefetch(tf.data.AUTOTUNE)
        for name, part in zip(SPLITS, parts)
    }
    return batched["train"], batched["validate"], info.features["label"].num_classes


def build_model(num_classes):
    base = keras.applications.MobileNetV2(
        input_shape=(SIDE, SIDE, 3), include_top=False, weights="imagenet"
    )
    base.trainable = False  # the base is frozen: only the head learns
    # A new head: spatial average, 20 % dropout and one output (logit) per breed.
    head = [
        keras.layers.GlobalAveragePooling2D(),
        keras.layers.Dropout(0.2),
        keras.layers.Dense(num_classes),
    ]
    model = keras.Sequential([base, *head])
    model.compile(
        optimizer="adam",
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=["accuracy"],
    )
    return model


class Stopwatch(keras.callbacks.Callback):
    """Times each epoch. On the GPU, work is queued: wait for it before reading the
    clock."""

    def __init__(self, wait):
        super().__init__()
        self.wait, self.seconds = wait, []

    def on_epoch_begin(self, epoch, logs=None):
        self.wait()
        self.start = time.perf_counter()

    def on_epoch_end(self, epoch, logs=None):
        self.wait()
        self.seconds.append(time.perf_counter() - self.start)
        print(
            f"epoch {epoch + 1}/{EPOCHS}: {self.seconds[-1]:.1f} s | "
            f"loss {logs['loss']:.4f} | accuracy {logs['accuracy']:.3f} | "
            f"validation accuracy {logs['val_accuracy']:.3f}"
        )


check_environment()
keras.utils.set_random_seed(42)
train, validate, num_classes = load_data()
model = build_model(num_classes)

wait = (lambda: None) if ON_CPU else torch.cuda.synchronize
if not ON_CPU:
    torch.cuda.reset_peak_memory_stats()
stopwatch = Stopwatch(wait)
model.fit(
    train, validation_data=validate, epochs=EPOCHS, verbose=0, callbacks=[stopwatch]
)

place = "cpu" if ON_CPU else "cuda"
where_they_are = {weight.value.device.type for weight in model.weights}
assert where_they_are == {place}, f"weights on {where_they_are}, expected {place}"

cold, *warm = stopwatch.seconds
print(f"device: {place}")
print(f"cold epoch (the first): {cold:.1f} s")
print(f"warm epochs: {statistics.mean(warm):.1f} s on average ({len(warm)} epochs)")
total = sum(stopwatch.seconds)
# What the source's program computes: the 3 epochs, cold one included, over 3 (where, we
# infer, its ≈ 5 s/epoch comes from).
print(
    f"total: {total:.1f} s, i.e. {total / EPOCHS:.1f} s per epoch counting the cold "
    "one (what the source's program computes)"
)
if not ON_CPU:
    print(
        "Peak VRAM allocated by PyTorch: "
        f"{torch.cuda.max_memory_allocated() / 2**20:.0f} MiB"
    )
model.save("model.keras")
