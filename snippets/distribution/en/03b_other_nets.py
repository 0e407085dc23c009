"""other_nets.py: distributed_har.py's recipe (DataParallel over N simulated devices) on
other networks. Each variation changes one thing in a small network; it is trained
without distribution and with it, with the same seed, and all the weights and the loss
curve are compared."""

import os
import sys

N = int(sys.argv[1]) if len(sys.argv) > 1 else 4
os.environ["JAX_PLATFORMS"] = "cpu"
os.environ["KERAS_BACKEND"] = "jax"

import jax

jax.config.update("jax_num_cpu_devices", N)

import keras
import numpy as np

BATCH, ROWS = 128, 1024
rng = np.random.default_rng(0)
x = rng.normal(size=(ROWS, 8)).astype("float32")
x2 = rng.normal(size=(ROWS, 3)).astype("float32")  # the second input
y = (x[:, :1] - 0.5 * x[:, 1:2] + 0.1 * rng.normal(size=(ROWS, 1))).astype("float32")
per_sample = rng.uniform(0.1, 2.0, size=ROWS).astype("float32")  # one weight per row

(
    L2,
    ACTIVITY,
    BN,
    DROPOUT,
    WEIGHTS,
    TWO,
    METRIC,
    VALIDATION,
    SHUFFLED,
    SHORT_N,
    SHORT,
) = (
    "L2 regulariser on the weights",
    "activity regulariser",
    "BatchNormalization",
    "Dropout",
    "sample weights",
    "two inputs",
    "a metric in compile",
    "validation_data in fit",
    "shuffled batches (shuffle=True)",
    f"shorter last batch, a multiple of {N}",
    f"shorter last batch, not a multiple of {N}",
)
# Rows for those two: 7 batches of 128 and a last one of 10·N (40 with N=4), which
# divides, or 10·N+1, which does not.
ROWS_OF = {SHORT_N: 7 * BATCH + 10 * N, SHORT: 7 * BATCH + 10 * N + 1}


def net_with(variation):
    inputs = [keras.Input((8,))] + ([keras.Input((3,))] if variation == TWO else [])
    layer = keras.layers.Concatenate()(inputs) if variation == TWO else inputs[0]
    layer = keras.layers.Dense(
        16,
        activation="relu",
        kernel_regularizer=keras.regularizers.L2(0.01) if variation == L2 else None,
        activity_regularizer=keras.regularizers.L1(0.01)
        if variation == ACTIVITY
        else None,
    )(layer)
    if variation == BN:
        layer = keras.layers.BatchNormalization()(layer)
    if variation == DROPOUT:
        layer = keras.layers.Dropout(0.2, seed=1)(layer)
    net = keras.Model(
        inputs if variation == TWO else inputs[0], keras.layers.Dense(1)(layer)
    )
    net.compile(
        keras.optimizers.Adam(0.01),
        loss="mse",
        metrics=["mae"] if variation == METRIC else None,
    )
    return net


def train(variation):
    """That variation's network, trained with fit; returns all its weights and its
    history."""
    keras.utils.set_random_seed(0)
    net = net_with(variation)
    n = ROWS_OF.get(variation, ROWS)
    history = net.fit(
        [x[:n], x2[:n]] if variation == TWO else x[:n],
        y[:n],
        sample_weight=per_sample[:n] if variation == WEIGHTS else None,
        # 2 batches of 128
        validation_data=(x[:256] * 0.5, y[:256]) if variation == VALIDATION else None,
        batch_size=BATCH,
        epochs=3,
        shuffle=variation == SHUFFLED,
        verbose=0,
    ).history
    return np.concatenate([w.ravel() for w in net.get_weights()]), history


mesh = keras.distribution.DeviceMesh(
    (N,), axis_names=["batch"], devices=keras.distribution.list_devices("cpu")
)
in_parallel = keras.distribution.DataParallel(device_mesh=mesh)
covered, not_covered = [], []
for variation in (
    L2,
    ACTIVITY,
    BN,
    DROPOUT,
    WEIGHTS,
    TWO,
    METRIC,
    VALIDATION,
    SHUFFLED,
    SHORT_N,
    SHORT,
):
    keras.distribution.set_distribution(None)
    weights_1, history_1 = train(variation)
    keras.distribution.set_distribution(in_parallel)
    try:
        weights_n, history_n = train(variation)
    # what would happen to the reader (JAX's split error is a ValueError)
    except ValueError as error:
        not_covered.append(f"{variation} ({type(error).__name__})")
        continue
    # the largest difference between two weights
    distance = np.abs(weights_n - weights_1).max()
    same = distance < 1e-5 and history_n.keys() == history_1.keys()
    same = same and all(
        np.abs(np.subtract(history_n[k], history_1[k])).max() < 1e-5 for k in history_1
    )
    (covered if same else not_covered).append(
        variation if same else f"{variation} (another result, {distance:.1e})"
    )

print(f"DataParallel on {N} devices against one, same weights and same curve:")
for title, items in (("also checked with", covered), ("not covered", not_covered)):
    print(f"  {title}:")
    for variation in items:
        print(f"    {variation}")
    if not items:
        print("    nothing")
