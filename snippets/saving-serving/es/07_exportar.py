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


# Dos límites más. Una red subclase de keras.Model no declara su entrada: lo que exporta
# depende de lo que se le haya hecho antes.
class Subclase(keras.Model):
    def __init__(self):
        super().__init__()
        self.densa = keras.layers.Dense(1)

    def call(self, x):
        return self.densa(x)


firma = [keras.InputSpec(shape=(None, 4), dtype="float32", name="medidas")]
ANTES = {
    "construida": (lambda sub: sub.build((None, 4)), {}),
    "construida, con input_signature": (
        lambda sub: sub.build((None, 4)),
        {"input_signature": firma},
    ),
    "llamada una vez": (lambda sub: sub(muestra), {}),
}
for antes, (preparar, opciones) in ANTES.items():
    print(f"[{motor}] subclase {antes}:")
    for formato, destino in [
        ("tf_saved_model", f"sub_{motor}_savedmodel"),
        ("onnx", f"sub_{motor}.onnx"),
    ]:
        sub = Subclase()
        preparar(sub)
        try:
            sub.export(destino, format=formato, verbose=False, **opciones)
            resultado = "se exporta"
        except Exception as error:
            # el tipo y el principio del mensaje, para que quepa en una línea
            mensaje = str(error).splitlines()[0]
            mensaje = mensaje if len(mensaje) <= 60 else mensaje[:57] + "…"
            resultado = f"{type(error).__name__}: {mensaje}"
        print(f"    {formato}: {resultado}")

# Y LiteRT, el formato de TensorFlow para móviles, solo sale de TensorFlow y de PyTorch.
if motor == "jax":
    try:
        red.export("keras_jax.tflite", format="litert", verbose=False)
    except ValueError as error:
        print(f"[{motor}] litert: ValueError: {error}")

# Y el formato "torch" (.pt2), solo desde PyTorch: ¿acepta el programa exportado un
# lote de otro tamaño?
if motor == "torch":
    import torch

    doce = np.concatenate([muestra, muestra])
    for nombre, opciones in [
        ("sin dynamic_shapes", {}),
        ("con dynamic_shapes", {"dynamic_shapes": {0: torch.export.Dim("lote")}}),
    ]:
        red.export("keras_torch.pt2", format="torch", verbose=False, **opciones)
        programa = torch.export.load("keras_torch.pt2").module()
        for filas in (muestra[:1], doce):
            try:
                salida = programa(torch.from_numpy(filas)).detach().numpy()
                igual = np.abs(salida - red.predict(filas, verbose=0)).max() < 1e-6
                resultado = f"misma predicción: {igual}"
            except Exception as error:
                resultado = f"{type(error).__name__}: {str(error).splitlines()[0]}"
            print(f"[{motor}] .pt2 {nombre}, lote de {len(filas)}: {resultado}")
