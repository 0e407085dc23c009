"""Sirve los .onnx con ONNX Runtime, que no necesita ni Keras ni ningún
motor."""

import glob
import sys

import numpy as np
import onnxruntime

from libreta import anota

muestra = np.load("muestra.npy")
doble = np.concatenate([muestra, muestra])

for archivo in sorted(glob.glob("keras_*.onnx")):
    origen = archivo.removeprefix("keras_").removesuffix(".onnx")
    sesion = onnxruntime.InferenceSession(archivo, providers=["CPUExecutionProvider"])
    entrada = sesion.get_inputs()[0]
    (salida,) = sesion.run(None, {entrada.name: muestra})
    diferencia = np.abs(salida - np.load(f"keras_{origen}.npy")).max()
    (de_doble,) = sesion.run(None, {entrada.name: doble})
    print(
        f"ONNX de {origen}: entrada {entrada.name} {entrada.shape}; "
        f"misma predicción: {diferencia < 1e-6}"
    )
    print(f"    lote de {len(doble)}: {de_doble.shape}")
    anota("onnxruntime", origen, "sí")
print(
    "¿Keras, TensorFlow, PyTorch o JAX cargados?",
    any(m in sys.modules for m in ["keras", "tensorflow", "torch", "jax"]),
)
