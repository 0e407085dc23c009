"""other_nets.py: grid.py's six ways with three changes a real network brings: sample
weights, a shorter last batch and two named inputs. Each way trains one epoch and is
compared with NumPy, on the engine KERAS_BACKEND names."""

import warnings

import keras
import numpy as np
from data import ROWS, BATCH, new_network, x, y

engine = keras.backend.backend()
per_sample = (
    np.random.default_rng(5).uniform(0.1, 2.0, size=(ROWS, 1)).astype("float32")
)
WEIGHTS, SHORT, TWO = "sample weights", "shorter last batch", "two named inputs"


def two_input_network():
    """data.py's network with its 4 columns split into two inputs: with the same initial
    weights it does the same arithmetic, so each way is compared with NumPy just as in
    the grid."""
    a, b = keras.Input((2,), name="a"), keras.Input((2,), name="b")
    hidden = keras.layers.Dense(8, activation="relu")(
        keras.layers.Concatenate()([a, b])
    )
    net = keras.Model({"a": a, "b": b}, keras.layers.Dense(1)(hidden))
    net.set_weights(new_network().get_weights())
    net.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
    return net


def parts(variation):
    """(input, target, weights or None) as whole arrays: each way serves them in its own
    manner."""
    if variation == WEIGHTS:
        return x, y, per_sample
    if variation == SHORT:
        # 1000 rows: 31 batches of 32 and one of 8
        return x[: ROWS - 24], y[: ROWS - 24], None
    return {"a": x[:, :2], "b": x[:, 2:]}, y, None


def cut(part, start, end):
    return (
        {k: v[start:end] for k, v in part.items()}
        if isinstance(part, dict)
        else part[start:end]
    )


def batches_of(variation):
    """The batches in order, each (input, target) or (input, target, weights)."""
    pieces = [p for p in parts(variation) if p is not None]
    rows = len(pieces[1])
    return [tuple(cut(p, i, i + BATCH) for p in pieces) for i in range(0, rows, BATCH)]


def with_numpy(variation):
    inputs, target, weights = parts(variation)
    return {"x": inputs, "y": target, "sample_weight": weights, "batch_size": BATCH}


def with_pandas(variation):
    import pandas as pd

    inputs, target, weights = parts(variation)
    table = (
        {k: pd.DataFrame(v) for k, v in inputs.items()}
        if isinstance(inputs, dict)
        else pd.DataFrame(inputs)
    )
    return {
        "x": table,
        "y": pd.Series(target[:, 0]),
        "batch_size": BATCH,
        "sample_weight": None if weights is None else pd.Series(weights[:, 0]),
    }


def with_tf_data(variation):
    import tensorflow as tf

    pieces = tuple(p for p in parts(variation) if p is not None)
    return {"x": tf.data.Dataset.from_tensor_slices(pieces).batch(BATCH)}


def with_dataloader(variation):
    import torch

    # one row per index; DataLoader puts them together in batches
    class Rows(torch.utils.data.Dataset):
        def __init__(self):
            self.pieces = [p for p in parts(variation) if p is not None]

        def __len__(self):
            return len(self.pieces[1])

        # with two inputs, one dict per row: DataLoader puts the dicts together
        def __getitem__(self, i):
            return tuple(
                {k: v[i] for k, v in p.items()} if isinstance(p, dict) else p[i]
                for p in self.pieces
            )

    return {"x": torch.utils.data.DataLoader(Rows(), batch_size=BATCH)}


class Batches(keras.utils.PyDataset):
    """With workers=1 (the default), without the fifth pitfall: the variation is
    compared, not the queue."""

    def __init__(self, batches, **options):
        super().__init__(**options)
        self.batches = batches

    def __len__(self):
        return len(self.batches)

    def __getitem__(self, i):
        return self.batches[i]


def with_pydataset(variation):
    return {"x": Batches(batches_of(variation))}


def with_generator(variation):
    batches = batches_of(variation)

    def endless():
        while True:
            yield from batches

    return {"x": endless(), "steps_per_epoch": len(batches)}


WAYS = {
    "NumPy": with_numpy,
    "pandas": with_pandas,
    "tf.data": with_tf_data,
    "DataLoader": with_dataloader,
    "PyDataset": with_pydataset,
    "generator": with_generator,
}


def weights_after_one_epoch(net, callbacks=None, **data):
    net.fit(**data, epochs=1, shuffle=False, callbacks=callbacks, verbose=0)
    return np.concatenate([w.ravel() for w in net.get_weights()])


class CountSteps(keras.callbacks.Callback):
    def on_train_begin(self, logs=None):
        self.steps = 0

    def on_train_batch_end(self, batch, logs=None):
        self.steps += 1


# Before comparing with NumPy, NumPy itself must make the change: if it ignored it, all
# would "match".
unchanged = weights_after_one_epoch(new_network(), x=x, y=y, batch_size=BATCH)
with_weights = weights_after_one_epoch(new_network(), **with_numpy(WEIGHTS))
two_inputs = weights_after_one_epoch(two_input_network(), **with_numpy(TWO))
count = CountSteps()
weights_after_one_epoch(new_network(), **with_numpy(SHORT), callbacks=[count])
print(
    f"[{engine}] NumPy: weights change the result: "
    f"{np.abs(with_weights - unchanged).max() > 1e-3};",
    f"two inputs = one: {np.abs(two_inputs - unchanged).max() < 1e-5};",
    f"steps with {len(x) - 24} rows: {count.steps}",
)

for variation in (WEIGHTS, SHORT, TWO):
    results, errors = {}, {}
    for way, data_of in WAYS.items():
        net = two_input_network() if variation == TWO else new_network()
        try:
            results[way] = weights_after_one_epoch(net, **data_of(variation))
        except Exception as error:  # what would happen to the reader: the error's name
            errors[way] = type(error).__name__
    reference = results.pop("NumPy", None)
    # without NumPy there is nothing to compare with: say so and go on
    if reference is None:
        print(f"[{engine}] {variation}: NumPy fails ({errors['NumPy']})")
        continue
    like_numpy = [w for w, r in results.items() if np.abs(r - reference).max() < 1e-5]
    different = [f"{w} (other weights)" for w in results if w not in like_numpy]
    different += [f"{w} ({name})" for w, name in errors.items()]
    print(
        f"[{engine}] {variation}: like NumPy: {', '.join(like_numpy) or 'none'};",
        f"different or failing: {', '.join(different) or 'none'}",
    )

# use_multiprocessing=True: the workers are processes, copies of this one made with
# os.fork (on Linux). Does it train? And with a PyDataset pickle could not copy?


class WithLambda(Batches):
    def __init__(self, batches, **options):
        super().__init__(batches, **options)
        self.same = lambda batch: batch  # pickle cannot save a lambda


in_order = [(x[i : i + BATCH], y[i : i + BATCH]) for i in range(0, len(x), BATCH)]
trains = {}
# the warnings the reader would see, with Python's default filters
with warnings.catch_warnings(record=True) as caught:
    for kind in (Batches, WithLambda):
        data = kind(in_order, workers=2, use_multiprocessing=True)
        weights = weights_after_one_epoch(new_network(), x=data)
        trains[kind] = bool(np.isfinite(weights).all())
# each distinct warning once, with its first line
distinct = sorted(
    {f"{w.category.__name__}: {str(w.message).splitlines()[0]}" for w in caught}
)
print(
    f"[{engine}] PyDataset, workers=2, use_multiprocessing=True:",
    f"trains {trains[Batches]}; with a lambda inside: {trains[WithLambda]};",
    f"distinct warnings: {len(distinct)}",
)
for warning in distinct:
    print(f"    {warning}")
