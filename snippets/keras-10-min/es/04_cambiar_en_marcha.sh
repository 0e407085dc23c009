# En un proceso aparte, para no tocar el Keras (torch) del resto de la página.
python - <<'FIN'
import os
import warnings

os.environ["KERAS_BACKEND"] = "torch"
import keras

previo = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])

os.environ["KERAS_BACKEND"] = "jax"  # demasiado tarde: Keras ya está cargado
print("1. KERAS_BACKEND=jax después del import ->", keras.backend.backend())

with warnings.catch_warnings(record=True) as avisos:
    warnings.simplefilter("always")
    # quita de memoria los módulos de Keras y lo reimporta
    keras.config.set_backend("jax")
aviso = next(a for a in avisos if "set_backend" in str(a.message))
import keras  # sin esto, `keras` seguiría siendo el módulo viejo

print(
    "2. set_backend('jax') y nuevo import   ->",
    keras.backend.backend(),
    f"({aviso.category.__name__})",
)
print(
    "   pesos del modelo creado antes:",
    type(previo.layers[0].kernel.value).__module__.split(".")[0],
)
print("   ¿es un keras.Model del Keras recargado?", isinstance(previo, keras.Model))
FIN
