"""\
entrenar_keras.py: MobileNetV2 sobre Oxford-IIIT Pet con Keras 3 y el backend PyTorch.

    python entrenar_keras.py        # en la GPU
    python entrenar_keras.py cpu    # la misma carga en la CPU, para comparar

Mide cada época (entrenamiento + validación) y separa la primera, fría, de la media de
las demás. No cuenta la carga del dataset ni la de los pesos.
"""

import argparse
import os
import statistics
import time
from pathlib import Path

opciones = argparse.ArgumentParser(description=__doc__.splitlines()[0])
opciones.add_argument("dispositivo", nargs="?", choices=["gpu", "cpu"], default="gpu")
EN_CPU = opciones.parse_args().dispositivo == "cpu"

os.environ["KERAS_BACKEND"] = "torch"
if EN_CPU:
    # PyTorch lee estas variables al arrancar: con -1 no enumera ninguna GPU, ni ROCm ni
    # CUDA.
    os.environ["HIP_VISIBLE_DEVICES"] = os.environ["CUDA_VISIBLE_DEVICES"] = "-1"

# Las variables anteriores tienen que estar puestas antes de estos imports.
import tensorflow as tf

# TensorFlow solo lee y prepara imágenes, en la CPU
tf.config.set_visible_devices([], "GPU")

import keras
import tensorflow_datasets as tfds
import torch

EPOCAS, LOTE, LADO = 3, 32, 160
# 80 % para entrenar, el 10 % siguiente para validar y el último 10 % apartado.
PARTICIONES = {
    "entrenar": "train[:80%]",
    "validar": "train[80%:90%]",
    "apartado": "train[90%:]",
}
# el mismo permiso que probar_rocm.py
ACEPTAR_CUDA = os.environ.get("ROCM_GUIDE_ACCEPT_CUDA") == "1"


def comprobar_entorno():
    if keras.backend.backend() != "torch":
        raise SystemExit(f"Keras usa {keras.backend.backend()}, no torch")
    if EN_CPU:
        if torch.cuda.is_available():
            raise SystemExit(
                "la GPU sigue visible: PyTorch ya estaba importado al ocultarla"
            )
    elif torch.version.hip is None and not (ACEPTAR_CUDA and torch.version.cuda):
        raise SystemExit(
            "este PyTorch no es una compilación ROCm; desinstálalo y vuelve a "
            "instalarlo desde el índice ROCm (paso 2)"
        )
    elif not torch.cuda.is_available():
        raise SystemExit(
            "PyTorch no ve la GPU: ejecuta probar_rocm.py (paso 3) para saber por qué"
        )
    elif equivocada := gpu_equivocada():
        raise SystemExit(
            f"cuda:0 es {equivocada}, una gráfica integrada o sin kernels en este "
            "PyTorch: deja visible solo la Radeon con ROCR_VISIBLE_DEVICES (paso 1)"
        )


def gpu_equivocada():
    """cuda:0 con su ISA si es una integrada, o si este PyTorch de ROCm no trae kernels
    para ella (la gfx1036 de un Ryzen 7000, por ejemplo); None si es la buena."""
    gpu = torch.cuda.get_device_properties(0)
    isa = gpu.gcnArchName.split(":")[0]
    if gpu.is_integrated or (
        torch.version.hip and isa not in torch.cuda.get_arch_list()
    ):
        return f"{gpu.name} ({isa})"
    return None


def normalizar(imagen, etiqueta):
    """LADO × LADO píxeles, de [0, 255] a [-1, 1]: la escala con la que se entrenó
    MobileNetV2."""
    imagen = tf.image.resize(imagen, (LADO, LADO))
    return imagen * (2.0 / 255.0) - 1.0, etiqueta


def cargar_datos():
    """Lee la copia preparada en datasets/, junto a este archivo; si falta, error en vez
    de descarga."""
    partes, info = tfds.load(
        "oxford_iiit_pet:4.0.0",
        split=list(PARTICIONES.values()),
        data_dir=str(Path(__file__).resolve().parent / "datasets"),
        as_supervised=True,
        with_info=True,
        download=False,
    )
    en_lotes = {
        nombre: parte.map(normalizar, num_parallel_calls=tf.data.AUTOTUNE)
        .batch(LOTE)
        .prefetch(tf.data.AUTOTUNE)
        for nombre, parte in zip(PARTICIONES, partes)
    }
    return en_lotes["entrenar"], en_lotes["validar"], info.features["label"].num_classes


def construir_modelo(num_clases):
    base = keras.applications.MobileNetV2(
        input_shape=(LADO, LADO, 3), include_top=False, weights="imagenet"
    )
    base.trainable = False  # se congela la base: solo aprende la cabeza
    # Cabeza nueva: promedio espacial, un 20 % de dropout y una salida (logits) por
    # raza.
    cabeza = [
        keras.layers.GlobalAveragePooling2D(),
        keras.layers.Dropout(0.2),
        keras.layers.Dense(num_clases),
    ]
    modelo = keras.Sequential([base, *cabeza])
    modelo.compile(
        optimizer="adam",
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=["accuracy"],
    )
    return modelo


class Cronometro(keras.callbacks.Callback):
    """Tiempo de cada época. En la GPU el trabajo se encola: hay que esperarlo antes de
    mirar el reloj."""

    def __init__(self, esperar):
        super().__init__()
        self.esperar, self.segundos = esperar, []

    def on_epoch_begin(self, epoch, logs=None):
        self.esperar()
        self.inicio = time.perf_counter()

    def on_epoch_end(self, epoch, logs=None):
        self.esperar()
        self.segundos.append(time.perf_counter() - self.inicio)
        print(
            f"época {epoch + 1}/{EPOCAS}: {self.segundos[-1]:.1f} s | "
            f"pérdida {logs['loss']:.4f} | exactitud {logs['accuracy']:.3f} | "
            f"exactitud de validación {logs['val_accuracy']:.3f}"
        )


comprobar_entorno()
keras.utils.set_random_seed(42)
entrenar, validar, num_clases = cargar_datos()
modelo = construir_modelo(num_clases)

esperar = (lambda: None) if EN_CPU else torch.cuda.synchronize
if not EN_CPU:
    torch.cuda.reset_peak_memory_stats()
cronometro = Cronometro(esperar)
modelo.fit(
    entrenar, validation_data=validar, epochs=EPOCAS, verbose=0, callbacks=[cronometro]
)

lugar = "cpu" if EN_CPU else "cuda"
donde_estan = {peso.value.device.type for peso in modelo.weights}
assert donde_estan == {lugar}, f"pesos en {donde_estan}, se esperaba {lugar}"

fria, *calientes = cronometro.segundos
print(f"dispositivo: {lugar}")
print(f"época fría (la primera): {fria:.1f} s")
print(
    f"épocas calientes: {statistics.mean(calientes):.1f} s de media "
    f"({len(calientes)} épocas)"
)
total = sum(cronometro.segundos)
# La cuenta del programa de la fuente: las 3 épocas, fría incluida, entre 3 (de ahí
# sale, deducimos, su ≈ 5 s/época).
print(
    f"total: {total:.1f} s, o sea {total / EPOCAS:.1f} s por época contando la fría "
    "(la cuenta del programa de la fuente)"
)
if not EN_CPU:
    print(
        "VRAM pico reservada por PyTorch: "
        f"{torch.cuda.max_memory_allocated() / 2**20:.0f} MiB"
    )
modelo.save("modelo.keras")
