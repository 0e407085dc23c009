"""Entrena la red con el motor del proceso y la guarda de las dos maneras."""

import json
import zipfile

import keras
import numpy as np

from piezas import compilar, construir, datos, estado_del_optimizador

motor = keras.backend.backend()
keras.utils.set_random_seed(0)
x, y = datos()
red = construir()
compilar(red)
historia = red.fit(x, y, epochs=8, batch_size=32, verbose=0)
print(f"entrenada en {motor}: exactitud {historia.history['accuracy'][-1]:.3f}")

red.save("modelo.keras")  # arquitectura, pesos y optimizador, en un solo archivo
# solo variables: las de la red y las del optimizador
red.save_weights("modelo.weights.h5")
pasos, suma = estado_del_optimizador(red)
print(f"optimizador: {pasos} pasos de Adam, momentos {suma}")

# Las predicciones de referencia: las demás formas de abrir el modelo se comparan con
# estas.
np.save("muestra.npy", x[:6])
np.save("prediccion.npy", red.predict(x[:6], verbose=0))

# Un .keras es un zip: la arquitectura (config.json), los pesos y la versión de Keras
# que lo guardó.
with zipfile.ZipFile("modelo.keras") as archivo:
    print("dentro de modelo.keras:", ", ".join(archivo.namelist()))
    config = json.loads(archivo.read("config.json"))
    version = json.loads(archivo.read("metadata.json"))["keras_version"]
propia = next(
    capa for capa in config["config"]["layers"] if capa["class_name"] == "Temperatura"
)
print(
    f"guardado con Keras {version}; la capa propia, como {propia['registered_name']} "
    f"(módulo {propia['module']})"
)
print(
    "la clase del optimizador, del módulo",
    config["compile_config"]["optimizer"]["module"],
)
