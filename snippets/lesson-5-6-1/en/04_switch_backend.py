# A child process makes the changes; this notebook stays on torch whatever happens.
EXPERIMENT = r"""
import os, warnings
import numpy as np
import keras

def report(what, value):
    print(f"{what:<50} {value}")

report("on importing keras", keras.config.backend())
old_model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])

os.environ["KERAS_BACKEND"] = "jax"
report("after KERAS_BACKEND=jax (already imported)", keras.config.backend())

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    keras.config.set_backend("jax")
report("after set_backend('jax'), the old keras name", keras.config.backend())
import keras as fresh_keras
report("after set_backend('jax'), a new import keras", fresh_keras.config.backend())
report("warning that set_backend emits", caught[0].category.__name__)

x = np.ones((1, 2), "float32")
def kind(t):
    return f"{type(t).__module__.split('.')[0]}.{type(t).__name__}"

new_model = fresh_keras.Sequential(
    [fresh_keras.Input((2,)), fresh_keras.layers.Dense(1)]
)
report("model built before: its output is", kind(old_model(x)))
report("model built after: its output is", kind(new_model(x)))
try:
    fresh_keras.Sequential([old_model])
except ValueError:
    report("putting the old model in a new Sequential", "ValueError")
"""

child = subprocess.run(
    [sys.executable, "-c", EXPERIMENT],
    env={**os.environ, "KERAS_BACKEND": "torch"},
    capture_output=True,
    text=True,
)
print(child.stdout, end="")
if child.returncode:
    raise RuntimeError(child.stderr[-2000:])
print("and in this notebook:", keras.config.backend())
