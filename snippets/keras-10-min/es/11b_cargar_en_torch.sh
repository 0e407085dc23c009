KERAS_BACKEND=torch python - <<'FIN'
import keras
import numpy as np

datos = np.load("datos_juguete.npz")
# con su optimizador, sin recompilar
modelo = keras.saving.load_model("modelo_juguete_jax.keras")
motor = keras.backend.backend()


def estado():
    """Los pasos del optimizador y la suma de |valores| de todas sus variables
    (momentos incluidos)."""
    suma = sum(
        float(np.abs(keras.ops.convert_to_numpy(v)).sum())
        for v in modelo.optimizer.variables
    )
    return int(keras.ops.convert_to_numpy(modelo.optimizer.iterations)), suma


print("optimizador cargado:", type(modelo.optimizer).__module__)
# También viaja la configuración de compile: guardado en JAX, jit_compile es True (XLA).
# En torch, True pide torch.compile, que en una CPU tarda en compilar mucho más que este
# entrenamiento.
print("jit_compile que trae el archivo:", modelo.jit_compile)
modelo.jit_compile = False
print("cargado en {}: {} pasos, estado del optimizador {:.6f}".format(motor, *estado()))

antes = modelo.evaluate(datos["x"], datos["y"], verbose=0)
modelo.fit(datos["x"], datos["y"], epochs=1, batch_size=32, shuffle=False, verbose=0)
despues = modelo.evaluate(datos["x"], datos["y"], verbose=0)
print(
    f"una época de fit en {motor}, Adam que venía de JAX: "
    f"pérdida {antes:.4f} -> {despues:.4f}"
)
print("pasos después:", estado()[0])
FIN
