"""mirrored_tf.py: the network of model_parallel.py with TensorFlow and
tf.distribute.MirroredStrategy over two simulated devices on the CPU, against the same
network on one."""

import os

os.environ["KERAS_BACKEND"] = "tensorflow"

import tensorflow as tf

# TensorFlow presents the CPU as two logical devices; this too before it is first used.
cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(
    cpu, [tf.config.LogicalDeviceConfiguration()] * 2
)

import keras
import numpy as np

BATCH = 64
rng = np.random.default_rng(0)
x = rng.normal(size=(1024, 8)).astype("float32")
y = (
    np.sin(x[:, :1]) + x[:, 1:2] * x[:, 2:3] + 0.1 * rng.normal(size=(1024, 1))
).astype("float32")


def train():
    """The same network, the same seed and the same batches; inside whichever strategy
    is active."""
    keras.utils.set_random_seed(0)
    net = keras.Sequential(
        [
            keras.Input((8,)),
            keras.layers.Dense(32, activation="relu"),
            keras.layers.Dense(1),
        ]
    )
    net.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
    history = net.fit(x, y, batch_size=BATCH, epochs=5, shuffle=False, verbose=0)
    return net, history.history["loss"]


net_1, curve_1 = train()
strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
with strategy.scope():  # the network, and its compile, are created inside
    net_2, curve_2 = train()

kernel = net_2.layers[0].kernel.value
print(
    f"replicas: {strategy.num_replicas_in_sync}; "
    f"the kernel is a {type(kernel).__name__}",
    "with a copy on",
    [v.device.split("/")[-1] for v in kernel.values],
)
print("loss per epoch, 1 device:", [round(p, 4) for p in curve_1])
print("loss per epoch, 2 replicas:", [round(p, 4) for p in curve_2])
weights = max(
    float(np.abs(a - b).max()) for a, b in zip(net_1.get_weights(), net_2.get_weights())
)
print(
    "curve and weights within 1e-5 of one device? "
    f"{max(abs(a - b) for a, b in zip(curve_1, curve_2)) < 1e-5 and weights < 1e-5}"
)
