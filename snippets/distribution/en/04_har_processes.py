import os
import sys

# Everything on the CPU, and each process brings two simulated devices.
os.environ["JAX_PLATFORMS"] = "cpu"
os.environ["KERAS_BACKEND"] = "jax"

import jax

jax.config.update("jax_num_cpu_devices", 2)

import keras
import numpy as np
import pandas as pd

BATCH = 128  # the global batch, the one in the table above: across all processes

# Before any computation, each process joins the others through process 0. With no
# arguments, initialize reads the address, the number of processes and its own from the
# KERAS_DISTRIBUTION_* variables it was launched with.
keras.distribution.initialize()
me, processes = jax.process_index(), jax.process_count()

# Standard output is shared with Gloo's notices: the report goes to the file it is asked
# for.
report = open(sys.argv[1], "w", encoding="utf-8")


def note(*parts):
    print(*parts, file=report, flush=True)


def har_data(path="vol5_diario.parquet"):
    """The HAR above: the index's log-variance and its 1, 5 and 22-session means, up to
    2017."""
    panel = pd.read_parquet(path)
    log_rv = np.log(
        panel.loc[panel["activo"] == "indice"].set_index("fecha")["rv_5min"]
    )
    up_to_yesterday = log_rv.shift(1)
    table = pd.concat(
        {f"mean_{k}": up_to_yesterday.rolling(k).mean() for k in (1, 5, 22)}, axis=1
    )
    table["target"] = log_rv
    table = table.loc[table.index < "2018-01-01"].dropna()
    z = ((table - table.mean()) / table.std()).astype("float32")
    return z.drop(columns="target").to_numpy(), z["target"].to_numpy()


def train(x, y, batch):
    keras.utils.set_random_seed(0)
    net = keras.Sequential([keras.Input((x.shape[1],)), keras.layers.Dense(1)])
    net.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
    curve = net.fit(
        x, y, batch_size=batch, epochs=10, shuffle=False, verbose=0
    ).history["loss"]
    return net, curve


def flattened(net):
    return np.concatenate([np.asarray(v.value).ravel() for v in net.weights])


x_all, y_all = har_data()
batches = len(x_all) // BATCH  # full batches only, as above
x, y = x_all[: batches * BATCH], y_all[: batches * BATCH]
own = ", ".join(str(d) for d in jax.local_devices())
note(f"process {me} of {processes}: own devices {own}; in total {jax.device_count()}")

# A mesh with the devices of every process: list_devices returns them all.
mesh = keras.distribution.DeviceMesh(
    (jax.device_count(),),
    axis_names=["batch"],
    devices=keras.distribution.list_devices("cpu"),
)
split = keras.distribution.DataParallel(device_mesh=mesh)
keras.distribution.set_distribution(split)

# With several processes, Keras can only split a tf.data.Dataset by itself.
try:
    train(x, y, BATCH)
except ValueError as error:
    note("with NumPy arrays and automatic sharding:", error)

# So each process hands in its part of every global batch: process p, slice p of each
# one.
part = BATCH // processes
x_mine = x.reshape(batches, processes, part, -1)[:, me].reshape(-1, x.shape[1])
y_mine = y.reshape(batches, processes, part)[:, me].reshape(-1)
split.auto_shard_dataset = False  # the data arrives already split
net, curve = train(x_mine, y_mine, part)  # batch_size is this process's batch
note(f"my rows: {len(x_mine)} of {len(x)}, {part} of every batch of {BATCH}")
note("loss per epoch:", " ".join(f"{p:.4f}" for p in curve))
weights = flattened(net)
note("final weights:", " ".join(f"{w:+.4f}" for w in weights))

# Another split is another training: with the rows in order (the first half to process
# 0, the second to 1), every global batch brings together rows from different years.
in_order, _ = train(
    np.array_split(x, processes)[me], np.array_split(y, processes)[me], part
)

# The reference: the same training with no distribution, on one device and with batches
# of 128.
keras.distribution.set_distribution(None)
alone, _ = train(x, y, BATCH)
for name, other in (("my weights", net), ("with the rows in order", in_order)):
    same = np.abs(flattened(other) - flattened(alone)).max() < 1e-5
    note(f"{name}: within 1e-5 of the single-device weights? {same}")
report.close()
