"""Sirve las SavedModel con TensorFlow, sin la red de Keras: solo la función que exportó
model.export."""

import glob
import sys

import numpy as np
import tensorflow as tf

from libreta import anota

muestra = np.load("muestra.npy")
# otro tamaño de lote: el lote no quedó fijo al exportar
doble = np.concatenate([muestra, muestra])

for carpeta in sorted(glob.glob("keras_*_savedmodel")):
    origen = carpeta.removeprefix("keras_").removesuffix("_savedmodel")
    # el punto de entrada "serve" lo creó model.export
    servicio = tf.saved_model.load(carpeta)
    diferencia = np.abs(
        servicio.serve(muestra).numpy() - np.load(f"keras_{origen}.npy")
    ).max()
    forma = tuple(servicio.serve(doble).shape)
    print(
        f"SavedModel de {origen}: misma predicción: {diferencia < 1e-6}; "
        f"lote de {len(doble)}: {forma}"
    )
    anota("tf.saved_model.load", origen, "sí")
print("¿Keras cargado en este proceso?", "keras" in sys.modules)
