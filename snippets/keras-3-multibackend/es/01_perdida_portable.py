import os

os.environ.setdefault("KERAS_BACKEND", "torch")

import keras
import numpy as np
from keras import ops


def perdida_huber(y_real, y_pred, delta=1.0):
    """Pérdida de Huber escrita solo con keras.ops: vale para cualquier backend."""
    error = ops.abs(y_real - y_pred)
    cuadratica = 0.5 * ops.square(error)
    lineal = delta * (error - 0.5 * delta)
    return ops.mean(ops.where(error <= delta, cuadratica, lineal))


y_real = np.array([0.0, 1.0, 2.0, 3.0], dtype="float32")
y_pred = np.array([0.1, 0.8, 3.5, -1.0], dtype="float32")
resultado = perdida_huber(y_real, y_pred)
# de qué biblioteca es el tensor devuelto
tipo = type(resultado).__module__.split(".")[0]

# La misma función sirve como pérdida de un modelo. Para ver cómo ejecuta fit el paso,
# cuenta sus llamadas en Python: un paso compilado la ejecuta solo al trazarlo; uno que
# va operación a operación, en cada lote.
llamadas = 0


def huber_contada(y_real, y_pred):
    global llamadas
    llamadas += 1
    return perdida_huber(y_real, y_pred)


modelo = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1)])
cuentas = []
# {}: jit_compile="auto", el valor por defecto
for opciones in ({}, {"jit_compile": False}, {"run_eagerly": True}):
    llamadas = 0
    modelo.compile(optimizer="sgd", loss=huber_contada, **opciones)
    # 2 épocas de 4 lotes
    modelo.fit(y_real[:, None], y_pred, batch_size=1, epochs=2, verbose=0)
    cuentas.append(llamadas)
    if not opciones:
        automatico = modelo.jit_compile  # lo que decidió "auto"
print(
    f"{keras.backend.backend():<10} Huber = "
    f"{float(ops.convert_to_numpy(resultado)):.6f}  (tensor de {tipo})"
    f"  auto: jit_compile={automatico}\n"
    f"  llamadas a la pérdida en 8 lotes: {cuentas[0]} con auto,"
    f" {cuentas[1]} con jit_compile=False, {cuentas[2]} con run_eagerly=True"
)
