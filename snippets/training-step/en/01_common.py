"""What the three programs share: the data, the network and the reference training with
fit."""

import keras
import numpy as np

BATCH, EPOCHS, RATE = 64, 5, 0.05

# A synthetic regression: 512 rows of 8 features; the target, a linear mix of them with
# noise.
rng = np.random.default_rng(7)
x = rng.normal(size=(512, 8)).astype("float32")
y = (x @ rng.normal(size=(8, 1)) + 0.1 * rng.normal(size=(512, 1))).astype("float32")


def new_net(kind=keras.Model):
    """The same network and the same initial weights on every call and on every engine:
    the weights come from NumPy, not from the engine's random generator, which gives
    different numbers on each."""
    inputs = keras.Input((8,))
    hidden = keras.layers.Dense(16, activation="relu")(inputs)
    net = kind(inputs, keras.layers.Dense(1)(hidden))
    start = np.random.default_rng(0)
    net.set_weights(
        [
            start.normal(scale=0.3, size=w.shape).astype("float32")
            for w in net.get_weights()
        ]
    )
    return net


def rows(inputs):
    """A batch's size, counted as Keras counts it in its step: the rows of the first
    part of the inputs that is not None. The inputs may be a list or a dict, and the
    target may be missing or have several parts."""
    first = next(part for part in keras.tree.flatten(inputs) if part is not None)
    return keras.ops.shape(first)[0]


def batches(per_batch, *parts):
    """The batches in the order fit(shuffle=False) goes through them: each part (inputs,
    target and, if any, per-sample weights) cut alike; the inputs may be a list, and the
    weights None."""
    for first in range(0, rows(parts[0]), per_batch):
        # used on the next line
        cut = lambda a: a[first : first + per_batch]  # noqa: E731
        yield tuple(
            None if part is None else keras.tree.map_structure(cut, part)
            for part in parts
        )


def epoch(history, prefix, epoch_batches, compute):
    """What fit writes down from one pass over the batches, with new Keras metrics every
    epoch: the mean loss, weighted by the batch's size, and the MAE."""
    mean_loss, mae = keras.metrics.Mean(), keras.metrics.MeanAbsoluteError()
    for xb, yb, wb in epoch_batches:
        loss, prediction = compute(xb, yb, wb)
        mean_loss.update_state(loss, sample_weight=rows(xb))
        # unweighted, as metrics= in compile (weighted_metrics= uses them)
        mae.update_state(yb, prediction)
    history.setdefault(prefix + "loss", []).append(float(mean_loss.result()))
    history.setdefault(prefix + "mae", []).append(float(mae.result()))


def with_fit(kind=keras.Model):
    """The reference: compile and fit, with SGD and the mean squared error."""
    net = new_net(kind)
    net.compile(optimizer=keras.optimizers.SGD(RATE), loss="mse")
    history = net.fit(x, y, batch_size=BATCH, epochs=EPOCHS, shuffle=False, verbose=0)
    return net, history.history["loss"][-1]


class CarriesItsLoss(keras.Model):
    """The base of WithoutCompile on the three engines: the network carries its loss and
    its metrics, and compile only gets the optimizer. Each engine writes its step; the
    metrics method serves PyTorch and TensorFlow as it is (JAX rewrites it without
    state)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.mse = keras.losses.MeanSquaredError()
        self.mean_loss = keras.metrics.Mean(name="loss")
        self.mae = keras.metrics.MeanAbsoluteError(name="mae")

    @property
    def metrics(self):  # those fit resets every epoch, and evaluate when it starts
        return [self.mean_loss, self.mae]

    def log_metrics(self, loss, xb, yb, prediction):
        self.mean_loss.update_state(loss, sample_weight=rows(xb))
        self.mae.update_state(yb, prediction)
        return {metric.name: metric.result() for metric in self.metrics}


def weights(net):
    return np.concatenate(
        [keras.ops.convert_to_numpy(v.value).ravel() for v in net.trainable_weights]
    )


def report(way, net, loss, reference):
    """One line: how it was trained, the mean loss of its last epoch and whether the
    weights are fit's."""
    same = np.abs(weights(net) - weights(reference)).max() < 1e-5
    print(f"  {way:<38} {loss:.5f}   {same}")
