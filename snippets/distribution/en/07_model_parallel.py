"""model_parallel.py: a network's weights split across devices (ModelParallel) on a mesh
of 2×2 simulated devices, against the same network on one device; the
DataParallel(devices=...) shorthand; and the split network, saved during fit and opened
on a single device."""

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

BATCH = 64
rng = np.random.default_rng(0)
x = rng.normal(size=(1024, 8)).astype("float32")
y = (
    np.sin(x[:, :1]) + x[:, 1:2] * x[:, 2:3] + 0.1 * rng.normal(size=(1024, 1))
).astype("float32")


def train(*callbacks):
    """The same network (8 -> 32 ReLU -> 1), the same seed and the same batches on every
    call."""
    keras.utils.set_random_seed(0)
    net = keras.Sequential(
        [
            keras.Input((8,)),
            keras.layers.Dense(32, activation="relu", name="hidden"),
            keras.layers.Dense(1, name="output"),
        ],
        name="net",
    )
    net.compile(optimizer=keras.optimizers.Adam(0.01, name="adam"), loss="mse")
    history = net.fit(
        x,
        y,
        batch_size=BATCH,
        epochs=5,
        shuffle=False,
        verbose=0,
        callbacks=list(callbacks),
    )
    return net, history.history["loss"]


def distance(a, b):
    """The largest difference between two lists of arrays (weights) or of numbers
    (curves)."""
    return max(
        float(np.max(np.abs(np.asarray(p) - np.asarray(q)))) for p, q in zip(a, b)
    )


def as_on_one(net, curve):
    """Curve and weights within 1e-5 of those of the training on one device?"""
    return (
        distance(curve_1, curve) < 1e-5
        and distance(net_1.get_weights(), net.get_weights()) < 1e-5
    )


net_1, curve_1 = train()  # the reference: no distribution, on one device

# A 2×2 mesh: the data are split along the "batch" axis; the weights, along "model".
mesh = DeviceMesh((2, 2), axis_names=("batch", "model"), devices=list_devices("cpu"))
print("mesh", dict(zip(mesh.axis_names, mesh.shape)), "=", mesh.devices.tolist())
layout_map = LayoutMap(mesh)
# Each key is a regular expression that has to cover the variable's whole path.
# its 32 columns, 16 in each half
layout_map[".*hidden/kernel"] = TensorLayout((None, "model"))
layout_map[".*hidden/bias"] = ("model",)  # a tuple will do as a TensorLayout
# the 32 rows that receive those columns
layout_map[".*output/kernel"] = ("model", None)
print("LayoutMap keys:", list(layout_map))
set_distribution(ModelParallel(layout_map=layout_map, batch_dim_name="batch"))
net_p, curve_p = train(keras.callbacks.ModelCheckpoint("parallel.keras"))

# With several processes you save with OrbaxCheckpoint. The same network, functional
# (with a Sequential, load_model does not bring Orbax's weights in Keras 3.15.1), split
# the same way and saved with Orbax at the end of each epoch; its weights, to compare.
keras.utils.set_random_seed(0)
inputs = keras.Input((8,))
hidden = keras.layers.Dense(32, activation="relu", name="hidden")(inputs)
net_o = keras.Model(inputs, keras.layers.Dense(1, name="output")(hidden), name="net")
net_o.compile(optimizer=keras.optimizers.Adam(0.01, name="adam"), loss="mse")
FOLDER = os.path.abspath("orbax_parallel")
shutil.rmtree(FOLDER, ignore_errors=True)
orbax = keras.callbacks.OrbaxCheckpoint(FOLDER, save_on_background=False)
net_o.fit(x, y, batch_size=BATCH, epochs=5, shuffle=False, verbose=0, callbacks=[orbax])
np.save("orbax_weights.npy", np.concatenate([w.ravel() for w in net_o.get_weights()]))

print()
for v in net_p.weights:
    pieces = {tuple(t.data.shape) for t in v.value.addressable_shards}
    print(
        f"{v.path} {tuple(v.shape)}: layout {v.value.sharding.spec}, "
        f"piece on each device {pieces}"
    )
kernel = net_p.layers[0].kernel
# those of that kernel
moments = [v for v in net_p.optimizer.variables if v.shape == kernel.shape]
layouts = ", ".join(str(v.value.sharding.spec) for v in moments)
print(f"the {len(moments)} Adam moments for {kernel.path}: layout {layouts}")

layout = keras.distribution.distribution().get_data_layout((BATCH, 8))
pieces = keras.distribution.distribute_tensor(x[:BATCH], layout).addressable_shards
rows = {str(t.device): f"{t.index[0].start}-{t.index[0].stop - 1}" for t in pieces}
print(f"\none batch of {BATCH} rows, layout {layout.axes}: rows", rows)
print("loss per epoch, 1 device:", [round(p, 4) for p in curve_1])
print("loss per epoch, 2×2 mesh:", [round(p, 4) for p in curve_p])
print("curve and weights within 1e-5 of one device?", as_on_one(net_p, curve_p))

# Two mistakes with the keys. One that does not cover the whole path splits nothing,
# silently:
no_prefix = LayoutMap(mesh)
no_prefix["hidden/kernel"] = (None, "model")
print(
    "\nthe key 'hidden/kernel' for the path 'net/hidden/kernel' gives",
    no_prefix["net/hidden/kernel"],
)
# Two keys that cover the same path are an error, raised when that variable is created:
twice = LayoutMap(mesh)
twice[".*kernel"] = (None, "model")
twice[".*hidden.*"] = (None, "model")
set_distribution(ModelParallel(layout_map=twice, batch_dim_name="batch"))
try:
    train()
except ValueError as error:
    print(
        "two keys for the same path, on creating the network:",
        type(error).__name__,
        str(error).split(". ")[0],
    )

# The shorthand: given a list of devices, DataParallel builds a one-axis mesh itself.
shorthand = DataParallel(devices=list_devices("cpu")[:2])
print(
    "\nDataParallel(devices=[cpu:0, cpu:1]): mesh",
    dict(zip(shorthand.device_mesh.axis_names, shorthand.device_mesh.shape)),
)
set_distribution(shorthand)
net_d, curve_d = train()
print("curve and weights within 1e-5 of one device?", as_on_one(net_d, curve_d))

# The split network, opened with no distribution active: each weight goes whole onto one
# device.
set_distribution(None)
opened = keras.saving.load_model("parallel.keras")
on = {str(d) for weight in opened.weights for d in weight.value.devices()}
print(
    "\nparallel.keras, opened with no distribution: "
    f"its {len(opened.weights)} weights, whole, on",
    on,
)
print(
    "the same weights as the split network at the end of fit?",
    distance(opened.get_weights(), net_p.get_weights()) == 0,
)
same = distance(opened.predict(x, verbose=0), net_1.predict(x, verbose=0)) < 1e-5
print("the same predictions as the one-device network (1e-5)?", same)
