import contextlib
import os
import sys

N = int(sys.argv[1]) if len(sys.argv) > 1 else 4  # how many devices to simulate
# Everything on the CPU, even if JAX sees a GPU: the N simulated devices are the CPU's.
os.environ["JAX_PLATFORMS"] = "cpu"
os.environ["KERAS_BACKEND"] = "jax"

import jax

# JAX presents the CPU as N devices; it has to be told before it first uses them.
jax.config.update("jax_num_cpu_devices", N)

import keras
import numpy as np
import pandas as pd

BATCH = 128


def har_data(path="vol5_diario.parquet"):
    """Log-HAR of the index (lesson 5.6.1), the years before the test period
    (2008-2017), standardised."""
    panel = pd.read_parquet(path)
    log_rv = np.log(
        panel.loc[panel["activo"] == "indice"].set_index("fecha")["rv_5min"]
    )
    up_to_yesterday = log_rv.shift(1)  # each row only sees earlier sessions
    table = pd.concat(
        {f"mean_{k}": up_to_yesterday.rolling(k).mean() for k in (1, 5, 22)}, axis=1
    )
    table["target"] = log_rv
    table = table.loc[table.index < "2018-01-01"].dropna()
    z = ((table - table.mean()) / table.std()).astype("float32")
    return z.drop(columns="target").to_numpy(), z["target"].to_numpy()


def train(x, y):
    """The same linear network, the same seed and the same batch order on every call."""
    keras.utils.set_random_seed(0)
    net = keras.Sequential([keras.Input((x.shape[1],)), keras.layers.Dense(1)])
    net.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
    curve = net.fit(
        x, y, batch_size=BATCH, epochs=10, shuffle=False, verbose=0
    ).history["loss"]
    return net, curve


x_all, y_all = har_data()
# DataParallel splits each batch into N equal slices: keep the full batches only.
full = len(x_all) // BATCH * BATCH
x, y = x_all[:full], y_all[:full]
print("JAX sees:", ", ".join(str(d) for d in jax.devices("cpu")))

# Reference: with no distribution set, everything happens on one device.
_, curve_1 = train(x, y)

# Data parallelism: a one-dimensional mesh; every batch is split along it.
mesh = keras.distribution.DeviceMesh(
    (N,), axis_names=["batch"], devices=keras.distribution.list_devices("cpu")
)
keras.distribution.set_distribution(keras.distribution.DataParallel(device_mesh=mesh))
net_n, curve_n = train(x, y)

# What DataParallel did with one batch and with the weights.
layout = keras.distribution.distribution().get_data_layout((BATCH, x.shape[1]))
slices = keras.distribution.distribute_tensor(x[:BATCH], layout).addressable_shards
print(f"mesh: axis {mesh.axis_names[0]!r} of {mesh.shape[0]} devices")
print(
    f"one batch of {BATCH} rows ends up in slices of",
    [s.data.shape[0] for s in slices],
    "rows",
)
print(
    "dense layer weights:",
    net_n.layers[0].kernel.value.sharding.spec,
    "= a whole copy on each",
)

print(f"\nepoch  loss (1 device)  loss ({N} devices)")
for epoch, (a, b) in enumerate(zip(curve_1, curve_n), start=1):
    print(f"{epoch:>5}  {a:>15.4f}  {b:>17.4f}")
largest = max(abs(a - b) for a, b in zip(curve_1, curve_n))
print("do the two curves agree within 1e-5 at every epoch?", largest < 1e-5)

# With every row, the last batch is incomplete: can it be split into N equal slices?
left = len(x_all) - full
try:
    train(x_all, y_all)
    print(
        f"\nwith a last batch of {left} rows across {N} devices: trains without error"
    )
except ValueError as error:  # JAX's sharding error is a ValueError
    print(
        f"\nwith a last batch of {left} rows across {N} devices: {type(error).__name__}"
    )
    print("  ...", str(error).split(", but ")[-1].split(" (")[0])

# predict and evaluate also split every batch into N pieces, but cannot drop rows.
net, _ = train(x, y)
try:
    net.predict(x_all, verbose=0)
except ValueError as error:
    print(f"predict with its {len(x_all)} rows: {type(error).__name__}")
try:
    net.evaluate(x, y, verbose=0)
except TypeError as error:  # the failure left the network's variables empty
    print(
        "  afterwards, the same network no longer evaluates even with full batches: "
        f"{type(error).__name__}: {error}"
    )
net.jax_state_sync()  # hands back to the variables the values JAX's trainer still keeps
print(
    "  after net.jax_state_sync(), it evaluates again: "
    f"loss {net.evaluate(x, y, verbose=0):.4f}"
)


@contextlib.contextmanager
def without_distribution():
    """A while without distribution: every batch goes in whole, without splitting it
    among the N devices."""
    before = keras.distribution.distribution()
    keras.distribution.set_distribution(None)
    try:
        yield
    finally:
        keras.distribution.set_distribution(before)


net, _ = train(x, y)
# Way out 1, for predict: pad with rows of zeros up to a multiple of N and drop what was
# added.
padding = np.zeros((-len(x_all) % N, x_all.shape[1]), dtype=x_all.dtype)
prediction = net.predict(np.concatenate([x_all, padding]), verbose=0)[: len(x_all)]
# Way out 2, for predict and evaluate: do it outside the distribution.
with without_distribution():
    on_one = net.predict(x_all, verbose=0)
    loss = net.evaluate(x_all, y_all, verbose=0)
print(
    f"padding up to {len(x_all) + len(padding)} rows: "
    f"{len(prediction)} predictions, {np.abs(prediction - on_one).max():.1e} "
    "from those of one device"
)
print(f"evaluate without distribution, with the {len(x_all)} rows: loss {loss:.4f}")
