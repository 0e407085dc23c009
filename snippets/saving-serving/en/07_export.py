"""Exports the network, on this process's engine, to the two serving formats: SavedModel
and ONNX."""

import keras
import numpy as np

from logbook import note

# importing it is enough: that registers it, and load_model finds it
from pieces import Temperature

engine = keras.backend.backend()
sample = np.load("sample.npy")
# serving needs no optimizer
net = keras.saving.load_model("model.keras", compile=False)

# Just loaded, the network has not been given any data yet, and Keras 3.15.1's ONNX
# export checks that.
try:
    net.export(f"keras_{engine}.onnx", format="onnx", verbose=False)
except ValueError as error:
    print(
        f"[{engine}] onnx, from the network just loaded: "
        f"ValueError: {str(error).strip()}"
    )

np.save(f"keras_{engine}.npy", net.predict(sample, verbose=0))  # what Keras predicts

# Is that prediction enough to export to ONNX? It depends on the engine: on JAX, predict
# is not a call.
try:
    net.export(f"keras_{engine}.onnx", format="onnx", verbose=False)
    print(f"[{engine}] onnx, after predict: exported")
except ValueError as error:
    print(f"[{engine}] onnx, after predict: ValueError: {str(error).strip()}")
net(sample)  # a direct call does count, on all three engines

for kind, target in [
    ("tf_saved_model", f"keras_{engine}_savedmodel"),
    ("onnx", f"keras_{engine}.onnx"),
]:
    try:
        net.export(target, format=kind, verbose=False)
        print(f"[{engine}] {kind}: {target}")
        note(kind, engine, "yes")
    # the real error, as it comes: it is part of what the page teaches
    except Exception as error:
        print(
            f"[{engine}] {kind}: {type(error).__name__}: {str(error).splitlines()[0]}"
        )
        note(kind, engine, f"no, {type(error).__name__}")

# A SavedModel also opens as a Keras layer, but only on the TensorFlow backend.
try:
    layer = keras.layers.TFSMLayer("keras_tensorflow_savedmodel", call_endpoint="serve")
    difference = np.abs(
        keras.ops.convert_to_numpy(layer(sample)) - np.load("keras_tensorflow.npy")
    ).max()
    print(f"[{engine}] TFSMLayer: same prediction: {difference < 1e-6}")
    note("TFSMLayer", engine, "yes")
except NotImplementedError as error:
    print(f"[{engine}] TFSMLayer: NotImplementedError: {error}")
    note("TFSMLayer", engine, "no")


# Two more limits. A subclassed network not yet called has no weights, and no format
# exports it.
class Subclassed(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)

    def call(self, x):
        return self.dense(x)


errors = set()
for kind in ("tf_saved_model", "onnx"):
    try:
        Subclassed().export(f"keras_{engine}_sub", format=kind, verbose=False)
    except ValueError as error:
        errors.add(str(error).strip())
print(
    f"[{engine}] a subclass not yet called, in both formats: "
    f"ValueError: {' / '.join(sorted(errors))}"
)
# And LiteRT, TensorFlow's format for phones, only comes out of TensorFlow and PyTorch.
if engine == "jax":
    try:
        net.export("keras_jax.tflite", format="litert", verbose=False)
    except ValueError as error:
        print(f"[{engine}] litert: ValueError: {error}")
