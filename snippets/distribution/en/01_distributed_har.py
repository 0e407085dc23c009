import os
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 4
os.environ["KERAS_BACKEND"] = "jax"
# n simulated CPU devices: XLA reads this at start-up, so it goes before importing JAX.
os.environ["XLA_FLAGS"] = f"--xla_force_host_platform_device_count={n}"

import jax
import keras
import numpy as np
import pandas as pd

# The index HAR from lesson 5.6.1, standardised on the training period.
v = pd.read_parquet("vol5_diario.parquet")
lrv = np.log(v[v["activo"] == "indice"].set_index("fecha")["rv_5min"])
har = pd.DataFrame({"d1": lrv, "s5": lrv.rolling(5).mean(), "m22": lrv.rolling(22).mean()}).shift(1)
har["y"] = lrv
har = har[har.index < "2018-01-01"].dropna()
X = har[["d1", "s5", "m22"]].to_numpy()
X = ((X - X.mean(0)) / X.std(0)).astype("float32")
y = ((har["y"] - har["y"].mean()) / har["y"].std()).to_numpy("float32")
# Each batch is split evenly: with batches of 128, full batches only.
full = len(X) // 128 * 128
X, y = X[:full], y[:full]
print("devices:", [str(d) for d in jax.devices()])


def fit_once():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile(keras.optimizers.Adam(0.01), "mse")
    history = model.fit(X, y, epochs=10, batch_size=128, shuffle=False, verbose=0)
    return model, history.history["loss"]


single, single_losses = fit_once()  # no distribution: everything on one device

# Data parallelism: a mesh of n devices; every batch is split across them.
mesh = keras.distribution.DeviceMesh(
    shape=(n,), axis_names=["batch"], devices=keras.distribution.list_devices()
)
keras.distribution.set_distribution(keras.distribution.DataParallel(device_mesh=mesh))
multi, multi_losses = fit_once()

layout = keras.distribution.distribution().get_data_layout((128, 3))
batch = keras.distribution.distribute_tensor(X[:128], layout)
print("mesh:", dict(zip(mesh.axis_names, mesh.shape)))
print("one batch of 128 rows, per device:", [s.data.shape for s in batch.addressable_shards])
print("weights:", multi.layers[-1].kernel.value.sharding.spec, "(replicated on every device)")
print(f"final loss with 1 device : {single_losses[-1]:.6f}")
print(f"final loss with {n} devices: {multi_losses[-1]:.6f}")
difference = max(abs(a - b) for a, b in zip(single_losses, multi_losses))
print("same loss at every epoch (tolerance 1e-5):", difference < 1e-5)
