# In a process of its own, so that the rest of the page keeps its (torch) Keras.
python - <<'END'
import os
import warnings

os.environ["KERAS_BACKEND"] = "torch"
import keras

earlier = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])

os.environ["KERAS_BACKEND"] = "jax"  # too late: Keras is already loaded
print("1. KERAS_BACKEND=jax after the import ->", keras.backend.backend())

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    # drops the loaded Keras modules and re-imports Keras
    keras.config.set_backend("jax")
warning = next(w for w in caught if "set_backend" in str(w.message))
import keras  # without this, `keras` would still be the old module

print(
    "2. set_backend('jax') and a new import ->",
    keras.backend.backend(),
    f"({warning.category.__name__})",
)
print(
    "   weights of the model built before:",
    type(earlier.layers[0].kernel.value).__module__.split(".")[0],
)
print("   is it a keras.Model of the reloaded Keras?", isinstance(earlier, keras.Model))
END
