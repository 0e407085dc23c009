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


# Two more limits. A subclass of keras.Model does not declare its input: what it exports
# depends on what was done to it before.
class Subclassed(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)

    def call(self, x):
        return self.dense(x)


signature = [keras.InputSpec(shape=(None, 4), dtype="float32", name="measurements")]
BEFORE = {
    "built": (lambda sub: sub.build((None, 4)), {}),
    "built, with input_signature": (
        lambda sub: sub.build((None, 4)),
        {"input_signature": signature},
    ),
    "called once": (lambda sub: sub(sample), {}),
}
for before, (prepare, options) in BEFORE.items():
    print(f"[{engine}] subclass {before}:")
    for kind, target in [
        ("tf_saved_model", f"sub_{engine}_savedmodel"),
        ("onnx", f"sub_{engine}.onnx"),
    ]:
        sub = Subclassed()
        prepare(sub)
        try:
            sub.export(target, format=kind, verbose=False, **options)
            result = "exports"
        except Exception as error:
            # the type and the start of the message, so that it fits on one line
            message = str(error).splitlines()[0]
            message = message if len(message) <= 60 else message[:57] + "…"
            result = f"{type(error).__name__}: {message}"
        print(f"    {kind}: {result}")

# And LiteRT, TensorFlow's format for phones, only comes out of TensorFlow and PyTorch.
if engine == "jax":
    try:
        net.export("keras_jax.tflite", format="litert", verbose=False)
    except ValueError as error:
        print(f"[{engine}] litert: ValueError: {error}")

# And the "torch" format (.pt2), from PyTorch only: does the exported program take a
# batch of another size?
if engine == "torch":
    import torch

    twelve = np.concatenate([sample, sample])
    for name, options in [
        ("without dynamic_shapes", {}),
        ("with dynamic_shapes", {"dynamic_shapes": {0: torch.export.Dim("batch")}}),
    ]:
        net.export("keras_torch.pt2", format="torch", verbose=False, **options)
        program = torch.export.load("keras_torch.pt2").module()
        for rows in (sample[:1], twelve):
            try:
                output = program(torch.from_numpy(rows)).detach().numpy()
                same = np.abs(output - net.predict(rows, verbose=0)).max() < 1e-6
                result = f"same prediction: {same}"
            except Exception as error:
                result = f"{type(error).__name__}: {str(error).splitlines()[0]}"
            print(f"[{engine}] .pt2 {name}, batch of {len(rows)}: {result}")
