KERAS_BACKEND=jax python - <<'FIN'
import sys

import keras
import numpy as np

datos = np.load("datos_juguete.npz")
motor = keras.backend.backend()

# Primero, como si torch no estuviera instalado (importarlo falla): ¿dónde se para la
# carga?
sys.modules["torch"] = None
try:
    keras.saving.load_model("modelo_juguete.keras")
except TypeError as error:
    print("sin torch, load_model:", str(error).split(". Full")[0])
keras.saving.load_model("modelo_juguete.keras", compile=False)
print("sin torch, load_model(compile=False): cargado")
del sys.modules["torch"]  # torch vuelve a poder importarse

modelo = keras.saving.load_model("modelo_juguete.keras")
print(f"{motor}:", np.round(modelo.predict(datos["tres"], verbose=0).ravel(), 4))


def una_epoca():
    modelo.fit(
        datos["x"], datos["y"], epochs=1, batch_size=32, shuffle=False, verbose=0
    )


# El archivo trae también el optimizador, pero el Adam que recuerda es el del backend
# torch.
print("optimizador guardado:", type(modelo.optimizer).__module__)
try:
    una_epoca()
except TypeError as error:
    print(f"fit en {motor} con ese optimizador: {type(error).__name__}")

# Se vuelve a cargar sin compilar y se compila con un Adam nuevo: así sigue entrenando
# en JAX.
modelo = keras.saving.load_model("modelo_juguete.keras", compile=False)
modelo.compile(optimizer="adam", loss="binary_crossentropy")
antes = modelo.evaluate(datos["x"], datos["y"], verbose=0)
una_epoca()
despues = modelo.evaluate(datos["x"], datos["y"], verbose=0)
print(f"una época de fit en {motor}, Adam nuevo: pérdida {antes:.4f} -> {despues:.4f}")

# Guardado ahora desde JAX, con el Adam de JAX y su estado tras esa época.
modelo.save("modelo_juguete_jax.keras")
estado = sum(
    float(np.abs(keras.ops.convert_to_numpy(v)).sum())
    for v in modelo.optimizer.variables
)
print(
    f"guardado desde {motor}: {int(modelo.optimizer.iterations)} pasos, "
    f"estado del optimizador {estado:.6f}"
)
FIN
