"""abrir_orbax.py: la carpeta de OrbaxCheckpoint que guardó modelo_paralelo.py en la
malla de 2×2, abierta en un proceso con un solo dispositivo."""

import logging
import os
from logging.handlers import BufferingHandler

os.environ["JAX_PLATFORMS"] = "cpu"
os.environ["KERAS_BACKEND"] = "jax"

import keras
import numpy as np

CARPETA = os.path.abspath("orbax_paralelo")
registro = BufferingHandler(10_000)  # lo que Orbax escribe en el registro de Python
logging.getLogger().addHandler(registro)
print("dispositivos:", [str(d) for d in keras.distribution.list_devices()])
for distribucion in (None, keras.distribution.DataParallel()):
    keras.distribution.set_distribution(distribucion)
    nombre = type(distribucion).__name__ if distribucion else "ninguna distribución"
    try:
        red = keras.saving.load_model(CARPETA)
    except Exception as error:  # lo que le pasaría al lector
        primera = str(error).splitlines()[0][:70]  # el principio del error
        print(f"con {nombre}: {type(error).__name__}: {primera}…")
        errores = {
            r.getMessage() for r in registro.buffer if r.levelno >= logging.ERROR
        }
        for mensaje in sorted(errores):  # sin la lista de dispositivos del final
            print(f"    en el registro, ERROR: {mensaje.split('Original=')[0].strip()}")
        continue
    pesos = np.concatenate([p.ravel() for p in red.get_weights()])
    iguales = np.abs(pesos - np.load("pesos_orbax.npy")).max() == 0
    print(f"con {nombre}: se abre; ¿los pesos guardados en la malla? {iguales}")
