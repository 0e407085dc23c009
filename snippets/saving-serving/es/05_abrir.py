"""Abre lo que guardó entrenar.py con el motor de este proceso, de cinco maneras."""

import re
import warnings

import keras
import numpy as np

motor = keras.backend.backend()
muestra, referencia = np.load("muestra.npy"), np.load("prediccion.npy")


def misma_prediccion(red):
    diferencia = float(
        np.abs(keras.ops.convert_to_numpy(red(muestra)) - referencia).max()
    )
    return f"misma predicción: {diferencia < 1e-6} (diferencia máxima {diferencia:.1e})"


# Antes de importar el módulo que define Temperatura, Keras no sabe crear esa capa.
try:
    keras.saving.load_model("modelo.keras")
except TypeError as error:
    print(
        f"[{motor}] sin importar piezas:",
        re.search(r"Could not locate class '\w+'", str(error)).group(),
    )

# Ahora sí: importar piezas ejecuta su decorador, que registra Temperatura.
from libreta import anota
from piezas import compilar, construir, datos, estado_del_optimizador

x, y = datos()

# 1. El .keras entero: arquitectura, pesos y optimizador con su estado.
red = keras.saving.load_model("modelo.keras")
print(f"[{motor}] 1. modelo.keras: {misma_prediccion(red)}")
print(
    f"[{motor}]    optimizador: {type(red.optimizer).__module__}, "
    f"{estado_del_optimizador(red)[0]} pasos"
)
try:
    red.fit(x, y, epochs=1, batch_size=32, verbose=0)
    print(f"[{motor}]    fit sigue entrenando: {estado_del_optimizador(red)[0]} pasos")
    anota(".keras", motor, "sí, y sigue")
except TypeError as error:
    print(f"[{motor}]    fit falla: TypeError: {error}")
    anota(".keras", motor, "sí; fit falla")

# 2. El .keras sin compilar, y compilado aquí con un Adam nuevo.
red = keras.saving.load_model("modelo.keras", compile=False)
compilar(red)
print(
    f"[{motor}] 2. compile=False y un Adam nuevo: "
    f"{estado_del_optimizador(red)[0]} pasos"
)
anota(".keras, compile=False", motor, "sí, Adam nuevo")

# 3. Los pesos sueltos, en la arquitectura que construye el código.
red = construir()
red.load_weights("modelo.weights.h5")
print(f"[{motor}] 3. modelo.weights.h5: {misma_prediccion(red)}")
anota(".weights.h5", motor, "sí, sin estado")

# 4. Los pesos y el estado del optimizador. Primero, en un Adam que aún no tiene
#    variables: no entra.
red = construir()
compilar(red)
with warnings.catch_warnings(record=True) as avisos:
    warnings.simplefilter("always")
    red.load_weights("modelo.weights.h5")
aviso = next(str(a.message) for a in avisos if "optimizer" in str(a.message))
print(f"[{motor}] 4. sin optimizer.build, aviso: {aviso.strip()}")

# Después, con las variables del optimizador ya creadas (build): el estado guardado
# entra en este Adam.
red = construir()
compilar(red)
red.optimizer.build(red.trainable_variables)
red.load_weights("modelo.weights.h5")
pasos, suma = estado_del_optimizador(red)
print(f"[{motor}]    con optimizer.build: {pasos} pasos, momentos {suma}")
red.fit(x, y, epochs=1, batch_size=32, verbose=0)
print(f"[{motor}]    fit sigue entrenando: {estado_del_optimizador(red)[0]} pasos")
anota(".weights.h5 + build", motor, "sí, y sigue")

# 5. Lo mismo con solo el .keras: la red sin compilar, un Adam de este motor con sus
#    variables, y los pesos y el estado del optimizador leídos del mismo archivo.
red = keras.saving.load_model("modelo.keras", compile=False)
compilar(red)
red.optimizer.build(red.trainable_variables)
red.load_weights("modelo.keras")
pasos, suma = estado_del_optimizador(red)
print(f"[{motor}] 5. solo modelo.keras, con optimizer.build: {misma_prediccion(red)}")
print(
    f"[{motor}]    optimizador: {type(red.optimizer).__module__}, {pasos} pasos, "
    f"momentos {suma}"
)
red.fit(x, y, epochs=1, batch_size=32, verbose=0)
print(f"[{motor}]    fit sigue entrenando: {estado_del_optimizador(red)[0]} pasos")
anota(".keras, compile=False + build", motor, "sí, y sigue")
