"""What the page's programs share: the data, the network and six ways of handing them
to fit."""

import keras
import numpy as np

ROWS, BATCH, EPOCHS = 1024, 32, 3
STEPS = ROWS // BATCH  # batches in each pass over the data

# A synthetic regression: 4 columns and a target that mixes them linearly, with a little
# noise.
rng = np.random.default_rng(3)
x = rng.normal(size=(ROWS, 4)).astype("float32")
y = (
    x @ np.array([[1.5], [-2.0], [0.5], [0.0]]) + 0.1 * rng.normal(size=(ROWS, 1))
).astype("float32")


def new_network():
    """The same network, with the same initial weights, on every call and on every
    engine: the weights come from NumPy, because each engine's random generator gives
    different numbers."""
    net = keras.Sequential(
        [
            keras.Input((4,)),
            keras.layers.Dense(8, activation="relu"),
            keras.layers.Dense(1),
        ]
    )
    start = np.random.default_rng(0)
    net.set_weights(
        [
            start.normal(scale=0.5, size=w.shape).astype("float32")
            for w in net.get_weights()
        ]
    )
    net.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
    return net


def batch(i):
    """Batch i, always the same one: so every way goes through the data in the same
    order."""
    return x[i * BATCH : (i + 1) * BATCH], y[i * BATCH : (i + 1) * BATCH]


# Each way returns the data arguments that fit receives.
def with_numpy():
    return {"x": x, "y": y, "batch_size": BATCH}


def with_pandas():
    import pandas as pd

    table = pd.DataFrame(x, columns=["a", "b", "c", "d"]).assign(target=y[:, 0])
    return {"x": table[["a", "b", "c", "d"]], "y": table["target"], "batch_size": BATCH}


def with_tf_data():
    import tensorflow as tf

    return {"x": tf.data.Dataset.from_tensor_slices((x, y)).batch(BATCH)}


def with_dataloader():
    import torch

    pairs = torch.utils.data.TensorDataset(torch.from_numpy(x), torch.from_numpy(y))
    return {"x": torch.utils.data.DataLoader(pairs, batch_size=BATCH)}


class Batches(keras.utils.PyDataset):
    """A PyDataset hands out whole batches by number; with workers=2, two threads
    prepare them ahead."""

    def __init__(self, **options):
        super().__init__(**options)  # workers, use_multiprocessing, max_queue_size

    def __len__(self):
        return STEPS

    def __getitem__(self, i):
        return batch(i)


def with_pydataset():
    # two threads on purpose: the fifth pitfall explains what happens
    return {"x": Batches(workers=2)}


def with_generator():
    # starts over when it reaches the end: fit asks it for STEPS batches each epoch
    def endless():
        while True:
            for i in range(STEPS):
                yield batch(i)

    return {"x": endless(), "steps_per_epoch": STEPS}


def with_cached_tf_data():
    import tensorflow as tf

    # cache(): the first epoch keeps the finished batches and the later ones read them
    # from there. prefetch(): while fit trains on one batch, tf.data is already
    # preparing the next.
    return {"x": with_tf_data()["x"].cache().prefetch(tf.data.AUTOTUNE)}


# Four more ways: two wrong ones and two fixes.
class Dicts:
    """A PyTorch dataset whose rows are dictionaries, not (x, y) pairs."""

    def __len__(self):
        return ROWS

    def __getitem__(self, i):
        return {"x": x[i], "y": y[i]}


def with_dataloader_of_dicts():
    import torch

    return {"x": torch.utils.data.DataLoader(Dicts(), batch_size=BATCH)}


def with_keras_ops_in_tf_data():
    squashed = with_tf_data()["x"].map(
        lambda batch_x, batch_y: (keras.ops.tanh(batch_x), batch_y)
    )
    return {"x": squashed}


def with_tf_in_tf_data():
    import tensorflow as tf

    squashed = with_tf_data()["x"].map(
        lambda batch_x, batch_y: (tf.tanh(batch_x), batch_y)
    )
    return {"x": squashed}


def with_keras_layer_in_tf_data():
    # a preprocessing layer: inside tf.data it computes with TensorFlow
    half = keras.layers.Rescaling(0.5)
    return {
        "x": with_tf_data()["x"].map(lambda batch_x, batch_y: (half(batch_x), batch_y))
    }


WAYS = {
    "NumPy": with_numpy,
    "pandas": with_pandas,
    "tf.data": with_tf_data,
    "DataLoader": with_dataloader,
    "PyDataset": with_pydataset,
    "generator": with_generator,
}
# The same tf.data with the two methods TensorFlow's guide recommends: not another way,
# but tf.data tuned, and the grid compares it with NumPy like the six.
TUNED = {"tf.data+cache": with_cached_tf_data}
OTHERS = {
    "dicts": with_dataloader_of_dicts,
    "ops in map": with_keras_ops_in_tf_data,
    "tf in map": with_tf_in_tf_data,
    "layer in map": with_keras_layer_in_tf_data,
}


def for_predict(data):
    """The same data for predict: no separate target, and steps instead of
    steps_per_epoch."""
    data = {key: value for key, value in data.items() if key != "y"}
    if "steps_per_epoch" in data:
        data["steps"] = data.pop("steps_per_epoch")
    return data


def weights(net):
    return np.concatenate([w.ravel() for w in net.get_weights()])
