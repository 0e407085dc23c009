import os
import sys
import time
from pathlib import Path

os.environ["KERAS_BACKEND"] = "torch"
usar_cpu = "cpu" in sys.argv[1:]
if usar_cpu:  # ocultar la GPU antes de importar PyTorch
    os.environ["HIP_VISIBLE_DEVICES"] = "-1"
    os.environ["CUDA_VISIBLE_DEVICES"] = "-1"

import tensorflow as tf

tf.config.set_visible_devices([], "GPU")  # TensorFlow solo prepara datos, en la CPU

import keras
import tensorflow_datasets as tfds
import torch

assert keras.backend.backend() == "torch"
if usar_cpu:
    assert not torch.cuda.is_available(), "La GPU sigue visible"
else:
    assert torch.version.hip or torch.version.cuda, "PyTorch sin soporte de GPU"
    assert torch.cuda.is_available(), "PyTorch no ve la GPU"

keras.utils.set_random_seed(42)
carpeta_datos = Path(__file__).resolve().parent / "datasets"
(entreno_crudo, valid_crudo, prueba_crudo), info = tfds.load(
    "oxford_iiit_pet:4.0.0",
    split=["train[:80%]", "train[80%:90%]", "train[90%:]"],
    as_supervised=True,
    with_info=True,
    data_dir=str(carpeta_datos),
    download=False,  # si falta la copia local, fallar en vez de descargar
)


def preparar(imagen, etiqueta):
    imagen = tf.image.resize(imagen, (160, 160))
    return imagen / 127.5 - 1.0, etiqueta  # de [0, 255] a [-1, 1], como espera MobileNetV2


auto = tf.data.AUTOTUNE
entreno = entreno_crudo.map(preparar, num_parallel_calls=auto).batch(32).prefetch(auto)
valid = valid_crudo.map(preparar, num_parallel_calls=auto).batch(32).prefetch(auto)

base = keras.applications.MobileNetV2(
    input_shape=(160, 160, 3), include_top=False, weights="imagenet"
)
base.trainable = False  # solo se entrena la cabeza
modelo = keras.Sequential(
    [
        base,
        keras.layers.GlobalAveragePooling2D(),
        keras.layers.Dropout(0.2),
        keras.layers.Dense(info.features["label"].num_classes),
    ]
)
modelo.compile(
    optimizer="adam",
    loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    metrics=["accuracy"],
)

if not usar_cpu:
    torch.cuda.reset_peak_memory_stats()
    torch.cuda.synchronize()
inicio = time.perf_counter()
historia = modelo.fit(entreno, validation_data=valid, epochs=3, verbose=2)
if not usar_cpu:
    torch.cuda.synchronize()
segundos = time.perf_counter() - inicio

dispositivo = "cpu" if usar_cpu else "cuda"
assert all(p.device.type == dispositivo for p in modelo.parameters())
print("Dispositivo:", dispositivo)
print(f"Total: {segundos:.1f} s; media: {segundos / 3:.1f} s/época")
print(f"Exactitud de validación: {historia.history['val_accuracy'][-1]:.3f}")
if not usar_cpu:
    print("VRAM pico de PyTorch, MiB:", round(torch.cuda.max_memory_allocated() / 2**20))
modelo.save("modelo.keras")
