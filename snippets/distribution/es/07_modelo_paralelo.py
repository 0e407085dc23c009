"""modelo_paralelo.py: los pesos de una red repartidos entre dispositivos
(ModelParallel) en una malla de 2×2 dispositivos simulados, frente a la misma red en un
dispositivo; el atajo DataParallel(devices=...); y la red repartida, guardada durante
fit y abierta en un solo dispositivo."""

import os
import shutil

os.environ["JAX_PLATFORMS"] = "cpu"
os.environ["KERAS_BACKEND"] = "jax"

import jax

jax.config.update("jax_num_cpu_devices", 4)

import keras
import numpy as np
from keras.distribution import (
    DataParallel,
    DeviceMesh,
    LayoutMap,
    ModelParallel,
    TensorLayout,
    list_devices,
    set_distribution,
)

LOTE = 64
azar = np.random.default_rng(0)
x = azar.normal(size=(1024, 8)).astype("float32")
y = (
    np.sin(x[:, :1]) + x[:, 1:2] * x[:, 2:3] + 0.1 * azar.normal(size=(1024, 1))
).astype("float32")


def entrenar(*avisos):
    """La misma red (8 -> 32 ReLU -> 1), la misma semilla y los mismos lotes en cada
    llamada."""
    keras.utils.set_random_seed(0)
    red = keras.Sequential(
        [
            keras.Input((8,)),
            keras.layers.Dense(32, activation="relu", name="oculta"),
            keras.layers.Dense(1, name="salida"),
        ],
        name="red",
    )
    red.compile(optimizer=keras.optimizers.Adam(0.01, name="adam"), loss="mse")
    historia = red.fit(
        x,
        y,
        batch_size=LOTE,
        epochs=5,
        shuffle=False,
        verbose=0,
        callbacks=list(avisos),
    )
    return red, historia.history["loss"]


def distancia(a, b):
    """La mayor diferencia entre dos listas de arrays (pesos) o de números (curvas)."""
    return max(
        float(np.max(np.abs(np.asarray(p) - np.asarray(q)))) for p, q in zip(a, b)
    )


def como_en_uno(red, curva):
    """¿Curva y pesos a menos de 1e-5 de los del entrenamiento en un dispositivo?"""
    return (
        distancia(curva_1, curva) < 1e-5
        and distancia(red_1.get_weights(), red.get_weights()) < 1e-5
    )


red_1, curva_1 = entrenar()  # la referencia: sin distribución, en un dispositivo

# Una malla de 2×2: a lo largo del eje "lote" se parten los datos; a lo largo de
# "modelo", los pesos.
malla = DeviceMesh((2, 2), axis_names=("lote", "modelo"), devices=list_devices("cpu"))
print("malla", dict(zip(malla.axis_names, malla.shape)), "=", malla.devices.tolist())
mapa = LayoutMap(malla)
# Cada clave es una expresión regular que tiene que cubrir la ruta entera de la
# variable. sus 32 columnas, 16 en cada mitad
mapa[".*oculta/kernel"] = TensorLayout((None, "modelo"))
mapa[".*oculta/bias"] = ("modelo",)  # una tupla vale como TensorLayout
mapa[".*salida/kernel"] = ("modelo", None)  # las 32 filas que reciben esas columnas
print("claves del LayoutMap:", list(mapa))
set_distribution(ModelParallel(layout_map=mapa, batch_dim_name="lote"))
red_p, curva_p = entrenar(keras.callbacks.ModelCheckpoint("paralelo.keras"))

# Con varios procesos se guarda con OrbaxCheckpoint. La misma red, funcional (con una
# Sequential, load_model no trae los pesos de Orbax en Keras 3.15.1), repartida igual y
# guardada con Orbax al final de cada época; sus pesos, para comparar al abrirla.
keras.utils.set_random_seed(0)
entrada = keras.Input((8,))
oculta = keras.layers.Dense(32, activation="relu", name="oculta")(entrada)
red_o = keras.Model(entrada, keras.layers.Dense(1, name="salida")(oculta), name="red")
red_o.compile(optimizer=keras.optimizers.Adam(0.01, name="adam"), loss="mse")
CARPETA = os.path.abspath("orbax_paralelo")
shutil.rmtree(CARPETA, ignore_errors=True)
orbax = keras.callbacks.OrbaxCheckpoint(CARPETA, save_on_background=False)
red_o.fit(x, y, batch_size=LOTE, epochs=5, shuffle=False, verbose=0, callbacks=[orbax])
np.save("pesos_orbax.npy", np.concatenate([p.ravel() for p in red_o.get_weights()]))

print()
for v in red_p.weights:
    trozos = {tuple(t.data.shape) for t in v.value.addressable_shards}
    print(
        f"{v.path} {tuple(v.shape)}: reparto {v.value.sharding.spec}, "
        f"trozo en cada dispositivo {trozos}"
    )
kernel = red_p.layers[0].kernel
# los de ese kernel
momentos = [v for v in red_p.optimizer.variables if v.shape == kernel.shape]
repartos = ", ".join(str(v.value.sharding.spec) for v in momentos)
print(f"los {len(momentos)} momentos de Adam para {kernel.path}: reparto {repartos}")

reparto = keras.distribution.distribution().get_data_layout((LOTE, 8))
trozos = keras.distribution.distribute_tensor(x[:LOTE], reparto).addressable_shards
filas = {str(t.device): f"{t.index[0].start}-{t.index[0].stop - 1}" for t in trozos}
print(f"\nun lote de {LOTE} filas, reparto {reparto.axes}: filas", filas)
print("pérdida por época, 1 dispositivo:", [round(p, 4) for p in curva_1])
print("pérdida por época, malla 2×2:    ", [round(p, 4) for p in curva_p])
print("¿curva y pesos a menos de 1e-5 de un dispositivo?", como_en_uno(red_p, curva_p))

# Dos errores con las claves. Una que no cubre la ruta entera no reparte nada, y no
# avisa:
sin_prefijo = LayoutMap(malla)
sin_prefijo["oculta/kernel"] = (None, "modelo")
print(
    "\nla clave 'oculta/kernel' para la ruta 'red/oculta/kernel' da",
    sin_prefijo["red/oculta/kernel"],
)
# Dos claves que cubren la misma ruta son un error, que salta al crear esa variable:
doble = LayoutMap(malla)
doble[".*kernel"] = (None, "modelo")
doble[".*oculta.*"] = (None, "modelo")
set_distribution(ModelParallel(layout_map=doble, batch_dim_name="lote"))
try:
    entrenar()
except ValueError as error:
    print(
        "dos claves para la misma ruta, al crear la red:",
        type(error).__name__,
        str(error).split(". ")[0],
    )

# El atajo: con una lista de dispositivos, DataParallel construye él mismo una malla de
# un eje.
atajo = DataParallel(devices=list_devices("cpu")[:2])
print(
    "\nDataParallel(devices=[cpu:0, cpu:1]): malla",
    dict(zip(atajo.device_mesh.axis_names, atajo.device_mesh.shape)),
)
set_distribution(atajo)
red_d, curva_d = entrenar()
print("¿curva y pesos a menos de 1e-5 de un dispositivo?", como_en_uno(red_d, curva_d))

# La red repartida, abierta sin distribución activa: cada peso entra entero en un
# dispositivo.
set_distribution(None)
abierta = keras.saving.load_model("paralelo.keras")
en = {str(d) for peso in abierta.weights for d in peso.value.devices()}
print(
    "\nparalelo.keras, abierto sin distribución: "
    f"sus {len(abierta.weights)} pesos, enteros, en",
    en,
)
print(
    "¿los mismos pesos que la red repartida al final de fit?",
    distancia(abierta.get_weights(), red_p.get_weights()) == 0,
)
iguales = distancia(abierta.predict(x, verbose=0), red_1.predict(x, verbose=0)) < 1e-5
print("¿las mismas predicciones que la red de un dispositivo (1e-5)?", iguales)
