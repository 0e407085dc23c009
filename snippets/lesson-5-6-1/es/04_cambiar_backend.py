# Un proceso hijo hace los cambios; este cuaderno sigue con torch pase lo que pase.
EXPERIMENTO = r"""
import os, warnings
import numpy as np
import keras

def informa(que, valor):
    print(f"{que:<50} {valor}")

informa("al importar keras", keras.config.backend())
modelo_viejo = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])

os.environ["KERAS_BACKEND"] = "jax"
informa("tras KERAS_BACKEND=jax (ya importado)", keras.config.backend())

with warnings.catch_warnings(record=True) as avisos:
    warnings.simplefilter("always")
    keras.config.set_backend("jax")
informa("tras set_backend('jax'), el nombre keras de antes", keras.config.backend())
import keras as keras_nuevo
informa("tras set_backend('jax'), un import keras nuevo", keras_nuevo.config.backend())
informa("aviso que emite set_backend", avisos[0].category.__name__)

x = np.ones((1, 2), "float32")
def tipo(t):
    return f"{type(t).__module__.split('.')[0]}.{type(t).__name__}"

modelo_nuevo = keras_nuevo.Sequential(
    [keras_nuevo.Input((2,)), keras_nuevo.layers.Dense(1)]
)
informa("modelo creado antes: su salida es", tipo(modelo_viejo(x)))
informa("modelo creado después: su salida es", tipo(modelo_nuevo(x)))
try:
    keras_nuevo.Sequential([modelo_viejo])
except ValueError:
    informa("meter el modelo viejo en un Sequential nuevo", "ValueError")
"""

hijo = subprocess.run(
    [sys.executable, "-c", EXPERIMENTO],
    env={**os.environ, "KERAS_BACKEND": "torch"},
    capture_output=True,
    text=True,
)
print(hijo.stdout, end="")
if hijo.returncode:
    raise RuntimeError(hijo.stderr[-2000:])
print("y en este cuaderno:", keras.config.backend())
