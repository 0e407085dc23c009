"""Exporta la red, con el motor de este proceso, a los dos formatos de servir:
SavedModel y ONNX."""

import keras
import numpy as np

from libreta import anota

# basta con importarla: así queda registrada, y load_model la encuentra
from piezas import Temperatura

motor = keras.backend.backend()
muestra = np.load("muestra.npy")
# servir no necesita el optimizador
red = keras.saving.load_model("modelo.keras", compile=False)

# Recién cargada, la red aún no ha recibido datos, y la exportación a ONNX de Keras
# 3.15.1 lo comprueba.
try:
    red.export(f"keras_{motor}.onnx", format="onnx", verbose=False)
except ValueError as error:
    print(
        f"[{motor}] onnx, con la red recién cargada: "
        f"ValueError: {str(error).strip()}"
    )

np.save(f"keras_{motor}.npy", red.predict(muestra, verbose=0))  # lo que predice Keras

# ¿Basta esa predicción para exportar a ONNX? Según el motor: con JAX, predict no cuenta
# como llamada.
try:
    red.export(f"keras_{motor}.onnx", format="onnx", verbose=False)
    print(f"[{motor}] onnx, tras predict: se exporta")
except ValueError as error:
    print(f"[{motor}] onnx, tras predict: ValueError: {str(error).strip()}")
red(muestra)  # una llamada directa sí cuenta, en los tres motores

for formato, destino in [
    ("tf_saved_model", f"keras_{motor}_savedmodel"),
    ("onnx", f"keras_{motor}.onnx"),
]:
    try:
        red.export(destino, format=formato, verbose=False)
        print(f"[{motor}] {formato}: {destino}")
        anota(formato, motor, "sí")
    # el error real, tal cual: es parte de lo que enseña la página
    except Exception as error:
        print(
            f"[{motor}] {formato}: {type(error).__name__}: {str(error).splitlines()[0]}"
        )
        anota(formato, motor, f"no, {type(error).__name__}")

# Una SavedModel también se abre como capa de Keras, pero solo con el backend de
# TensorFlow.
try:
    capa = keras.layers.TFSMLayer("keras_tensorflow_savedmodel", call_endpoint="serve")
    diferencia = np.abs(
        keras.ops.convert_to_numpy(capa(muestra)) - np.load("keras_tensorflow.npy")
    ).max()
    print(f"[{motor}] TFSMLayer: misma predicción: {diferencia < 1e-6}")
    anota("TFSMLayer", motor, "sí")
except NotImplementedError as error:
    print(f"[{motor}] TFSMLayer: NotImplementedError: {error}")
    anota("TFSMLayer", motor, "no")


# Dos límites más. Una red subclase sin llamar aún no tiene pesos, y ningún formato la
# exporta.
class Subclase(keras.Model):
    def __init__(self):
        super().__init__()
        self.densa = keras.layers.Dense(1)

    def call(self, x):
        return self.densa(x)


errores = set()
for formato in ("tf_saved_model", "onnx"):
    try:
        Subclase().export(f"keras_{motor}_sub", format=formato, verbose=False)
    except ValueError as error:
        errores.add(str(error).strip())
print(
    f"[{motor}] una subclase sin llamar, en los dos formatos: "
    f"ValueError: {' / '.join(sorted(errores))}"
)
# Y LiteRT, el formato de TensorFlow para móviles, solo sale de TensorFlow y de PyTorch.
if motor == "jax":
    try:
        red.export("keras_jax.tflite", format="litert", verbose=False)
    except ValueError as error:
        print(f"[{motor}] litert: ValueError: {error}")
