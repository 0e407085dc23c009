"""validate.py: validation_data, validation_split, validation_steps and class_weight
with six kinds of input, and a PyDataset with no fixed length, on the engine of
KERAS_BACKEND. Each case is compared with the same done with NumPy arrays, or with
evaluate."""

import re

import keras
import numpy as np
import pandas as pd
import tensorflow as tf
import torch

engine = keras.backend.backend()
# 256 rows to train on (8 batches) and the next 64 to validate on (2)
BATCH, TRAIN = 32, 256
rng = np.random.default_rng(0)
x = rng.normal(size=(320, 4)).astype("float32")
y = (x @ np.array([1.0, -1.0, 0.5, 0.0]) + 0.3 * rng.normal(size=320) > 0.8).astype(
    "float32"
)[:, None]
KINDS = ["NumPy", "pandas", "tf.data", "DataLoader", "PyDataset", "generator"]


class Batches(keras.utils.PyDataset):
    """A PyDataset with a list of ready-made batches; it knows how many there are."""

    def __init__(self, batches):
        super().__init__()
        self.batches = batches

    def __len__(self):
        return len(self.batches)

    def __getitem__(self, i):
        return self.batches[i]


def as_kind(kind, *parts):
    """The parts (input, target[, weights]) as fit arguments of the kind asked for, in
    batches of BATCH."""
    if kind == "NumPy":
        return dict(zip(("x", "y", "sample_weight"), parts), batch_size=BATCH)
    if kind == "pandas":
        return dict(
            zip(
                ("x", "y", "sample_weight"),
                [pd.DataFrame(parts[0])] + [pd.Series(p[:, 0]) for p in parts[1:]],
            ),
            batch_size=BATCH,
        )
    batches = [
        tuple(p[i : i + BATCH] for p in parts) for i in range(0, len(parts[0]), BATCH)
    ]
    if kind == "tf.data":
        return {"x": tf.data.Dataset.from_tensor_slices(parts).batch(BATCH)}
    if kind == "DataLoader":
        rows = torch.utils.data.TensorDataset(*[torch.from_numpy(p) for p in parts])
        return {"x": torch.utils.data.DataLoader(rows, batch_size=BATCH)}
    if kind == "PyDataset":
        return {"x": Batches(batches)}

    def endless():
        while True:
            yield from batches

    return {"x": endless(), "steps_per_epoch": len(batches)}


def for_validation(kind, *parts):
    """The same parts as fit's validation arguments: validation_data (and
    validation_steps)."""
    data = as_kind(kind, *parts)
    if kind in ("NumPy", "pandas"):
        return {
            "validation_data": tuple(
                data[key] for key in ("x", "y", "sample_weight") if key in data
            )
        }
    validate = {"validation_data": data["x"]}
    if "steps_per_epoch" in data:
        # an endless generator does not know when to stop
        validate["validation_steps"] = data["steps_per_epoch"]
    return validate


def new_net():
    keras.utils.set_random_seed(0)
    net = keras.Sequential(
        [
            keras.Input((4,)),
            keras.layers.Dense(8, activation="relu"),
            keras.layers.Dense(1, activation="sigmoid"),
        ]
    )
    net.compile(optimizer=keras.optimizers.SGD(0.1), loss="binary_crossentropy")
    return net


def weights_of(net):
    return np.concatenate([w.ravel() for w in net.get_weights()])


def by_result(results):
    """The kinds grouped by what they gave: "NumPy, pandas (result); ..."."""
    groups = {}
    for kind, r in results.items():
        groups.setdefault(str(r), []).append(kind)
    return "; ".join(f"{', '.join(kinds)} ({r})" for r, kinds in groups.items())


def summary(case, results):
    """One line per case, composed from the results: the kinds that give what is
    expected, and the others grouped by what they gave (False, or the error with the
    first sentence of its message)."""
    good = [kind for kind, r in results.items() if r is True]
    bad = by_result({k: r for k, r in results.items() if r is not True})
    print(
        f"[{engine}] {case}: as expected: {', '.join(good) or 'none'}; "
        f"the others: {bad or 'none'}"
    )


def attempt(function):
    """True or False according to the comparison, or the error's name and the first
    sentence of its message."""
    try:
        return bool(function())
    except Exception as error:
        # Keras sometimes leaves no space after the full stop
        sentence = re.split(r"[.](?:\s|(?=[A-Z]))", str(error))[0]
        return f"{type(error).__name__}: {sentence}"


# 1. validation_data: the validation loss of the last epoch, against evaluate on those
#    rows.
def with_validation(kind):
    net = new_net()
    history = net.fit(
        **as_kind(kind, x[:TRAIN], y[:TRAIN]),
        **for_validation(kind, x[TRAIN:], y[TRAIN:]),
        epochs=2,
        shuffle=False,
        verbose=0,
    )
    return (
        abs(
            history.history["val_loss"][-1]
            - net.evaluate(x[TRAIN:], y[TRAIN:], verbose=0)
        )
        < 1e-6
    )


summary(
    "validation_data, against evaluate",
    {kind: attempt(lambda: with_validation(kind)) for kind in KINDS},
)

# 2. validation_split=0.2: Keras sets aside the last 20 % of the rows, before shuffling.
apart = new_net()
apart.fit(
    x[:TRAIN],
    y[:TRAIN],
    validation_data=(x[TRAIN:], y[TRAIN:]),
    batch_size=BATCH,
    epochs=2,
    shuffle=False,
    verbose=0,
)


def with_split(kind):
    net = new_net()
    history = net.fit(
        **as_kind(kind, x, y), validation_split=0.2, epochs=2, shuffle=False, verbose=0
    )
    return (
        np.abs(weights_of(net) - weights_of(apart)).max() < 1e-6
        and len(history.history["val_loss"]) == 2
    )


summary(
    "validation_split=0.2, against setting aside the last 64",
    {kind: attempt(lambda: with_split(kind)) for kind in KINDS},
)

# 3. validation_steps=1: only the first validation batch, against evaluate on those 32
#    rows.
net = new_net()
validation = as_kind("tf.data", x[TRAIN:], y[TRAIN:])["x"]  # two batches
history = net.fit(
    **as_kind("tf.data", x[:TRAIN], y[:TRAIN]),
    validation_data=validation,
    validation_steps=1,
    epochs=1,
    shuffle=False,
    verbose=0,
)
first_batch = net.evaluate(
    x[TRAIN : TRAIN + BATCH], y[TRAIN : TRAIN + BATCH], verbose=0
)
print(
    f"[{engine}] validation_steps=1 with tf.data: is it the first batch's loss? "
    f"{abs(history.history['val_loss'][0] - first_batch) < 1e-6}"
)

# 4. class_weight: each row of class 1 weighs 3 times more. With arrays, it is the same
#    as those weights per row.
CLASSES = {0: 1.0, 1: 3.0}
per_row = np.where(y[:, 0] == 1, 3.0, 1.0).astype("float32")[:, None]


def trained(**data):
    net = new_net()
    net.fit(**data, epochs=2, shuffle=False, verbose=0)
    return weights_of(net)


with_classes = trained(**as_kind("NumPy", x, y), class_weight=CLASSES)
print(
    f"[{engine}] class_weight with NumPy: = weights per row? "
    f"{np.abs(with_classes - trained(**as_kind('NumPy', x, y, per_row))).max() < 1e-6}"
    ";",
    "does it change anything? "
    f"{np.abs(with_classes - trained(**as_kind('NumPy', x, y))).max() > 1e-4}",
)
summary(
    "class_weight, against NumPy",
    {
        kind: attempt(
            lambda: (
                np.abs(
                    trained(**as_kind(kind, x, y), class_weight=CLASSES) - with_classes
                ).max()
                < 1e-6
            )
        )
        for kind in KINDS
    },
)


# 4b. class_weight with per-sample weights, or with a two-output network: fit refuses
#     it. The way out is what class_weight does inside: each row's class weight, in
#     sample_weight, multiplied by the row's weight if there is one.
def group(case, results):
    """One line: the kinds grouped by what fit did (train, or the error)."""
    did = {k: "trains" if r is True else r for k, r in results.items()}
    print(f"[{engine}] {case}: {by_result(did)}")


per_sample = rng.uniform(0.5, 2.0, size=(len(x), 1)).astype("float32")
group(
    "class_weight and sample_weight at once",
    {
        kind: attempt(
            lambda: trained(**as_kind(kind, x, y, per_sample), class_weight=CLASSES)
            is not None
        )
        for kind in KINDS
    },
)
both = per_sample * per_row  # each row: its weight times its class's
with_both = trained(**as_kind("NumPy", x, y, both))
summary(
    "both weights multiplied in sample_weight, against NumPy",
    {
        kind: attempt(
            lambda: np.abs(trained(**as_kind(kind, x, y, both)) - with_both).max()
            < 1e-6
        )
        for kind in KINDS
    },
)


def two_outputs():
    keras.utils.set_random_seed(0)
    inputs = keras.Input((4,))
    hidden = keras.layers.Dense(8, activation="relu")(inputs)
    outputs = {
        name: keras.layers.Dense(1, activation="sigmoid", name=name)(hidden)
        for name in ("a", "b")
    }
    net = keras.Model(inputs, outputs)
    losses = {"a": "binary_crossentropy", "b": "binary_crossentropy"}
    net.compile(optimizer=keras.optimizers.SGD(0.1), loss=losses)
    return net


targets = {"a": y, "b": y}
group(
    "two outputs, with arrays",
    {
        "class_weight": attempt(
            lambda: two_outputs().fit(
                x, targets, class_weight=CLASSES, batch_size=BATCH, verbose=0
            )
            is not None
        ),
        "sample_weight per output": attempt(
            lambda: two_outputs().fit(
                x,
                targets,
                sample_weight={"a": per_row[:, 0], "b": per_row[:, 0]},
                batch_size=BATCH,
                verbose=0,
            )
            is not None
        ),
    },
)


# 5. A PyDataset with no fixed length: num_batches returns None and fit needs
#    steps_per_epoch.
class Endless(keras.utils.PyDataset):
    """Gives batches without stopping, going round the data: it has no __len__."""

    @property
    def num_batches(self):
        return None

    def __getitem__(self, i):
        start = i * BATCH % len(x)
        return x[start : start + BATCH], y[start : start + BATCH]


steps = len(x) // BATCH
same = (
    np.abs(
        trained(x=Endless(), steps_per_epoch=steps) - trained(**as_kind("NumPy", x, y))
    ).max()
    < 1e-6
)
print(
    f"[{engine}] PyDataset with no length, with steps_per_epoch={steps}: "
    f"like NumPy? {same}"
)


# 6. Three more options, with arrays: validation_freq and validation_batch_size in fit,
#    and weighted_metrics in compile, which does use the per-sample weights.
class CountBatches(keras.callbacks.Callback):
    """How many validation batches fit goes through each time it validates."""

    def on_test_begin(self, logs=None):
        self.batches = 0

    def on_test_batch_end(self, batch, logs=None):
        self.batches += 1


keras.utils.set_random_seed(0)
net = keras.Sequential(
    [keras.Input((4,)), keras.layers.Dense(1, activation="sigmoid")]
)
net.compile(
    optimizer=keras.optimizers.SGD(0.1),
    loss="binary_crossentropy",
    metrics=["binary_accuracy"],
    weighted_metrics=["binary_accuracy"],
)
count = CountBatches()
history = net.fit(
    x[:TRAIN],
    y[:TRAIN],
    sample_weight=per_sample[:TRAIN],
    validation_data=(x[TRAIN:], y[TRAIN:]),
    validation_freq=2,
    validation_batch_size=64,
    epochs=4,
    batch_size=BATCH,
    shuffle=False,
    verbose=0,
    callbacks=[count],
)
print(
    f"[{engine}] validation_freq=2 over 4 epochs: "
    f"{len(history.history['loss'])} training losses and "
    f"{len(history.history['val_loss'])} validation ones; "
    f"validation_batch_size=64: {count.batches} validation batch of "
    f"{len(x) - TRAIN} rows"
)
scores = net.evaluate(x, y, sample_weight=per_sample, return_dict=True, verbose=0)
right = ((net.predict(x, verbose=0) > 0.5) == (y > 0.5))[:, 0]  # with NumPy
weights = per_sample[:, 0]
weighted = (weights * right).sum() / weights.sum()
print(
    f"[{engine}] metrics= against unweighted NumPy: "
    f"{abs(scores['binary_accuracy'] - right.mean()) < 1e-6}; "
    "weighted_metrics= against weighted NumPy: "
    f"{abs(scores['weighted_binary_accuracy'] - weighted) < 1e-6}"
)
