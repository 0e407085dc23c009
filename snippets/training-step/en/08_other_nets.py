"""Other networks for the same step: each variation changes one thing of common.py's
network. A custom train_step that matches fit on all of them does not depend on how
simple the example is."""

import functools

import keras
import numpy as np

from common import EPOCHS, BATCH, RATE, x, y

rng = np.random.default_rng(3)
x2 = rng.normal(size=(len(x), 3)).astype("float32")  # the second input
per_row = rng.uniform(0.1, 2.0, size=len(x)).astype("float32")  # one weight per row

L2, ACTIVITY, BN, WEIGHTS, SHORT, TWO, METRIC, VALIDATION = (
    "L2 regulariser on the weights",
    "activity regulariser",
    "BatchNormalization and Dropout",
    "sample weights",
    "a shorter last batch",
    "two inputs",
    "a metric in compile",
    # with BatchNormalization, Dropout, the metric and weights: the test_step
    "validation_data and evaluate",
)
VARIATIONS = (L2, ACTIVITY, BN, WEIGHTS, SHORT, TWO, METRIC, VALIDATION)
FOR_LOOPS = VARIATIONS[:6]  # a simple loop computes no metrics and does not validate
# what its own loss and metrics touch
WITHOUT_COMPILE = (L2, ACTIVITY, WEIGHTS, SHORT, VALIDATION)
# 160 rows: two batches of 64 and one of 32, weighted
VALIDATION_DATA = (x[:160], y[:160], per_row[:160])


def net_with(variation, kind, optimizer_only=False):
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
    if variation in (BN, VALIDATION):
        layer = keras.layers.Dropout(0.2, seed=1)(
            keras.layers.BatchNormalization()(layer)
        )
    net = kind(inputs if variation == TWO else inputs[0], keras.layers.Dense(1)(layer))
    # the trained weights, from NumPy; BatchNormalization's means and
    start = np.random.default_rng(0)
    for weight in net.trainable_weights:  # variances start at 0 and 1, as in Keras
        weight.assign(start.normal(scale=0.3, size=weight.shape).astype("float32"))
    # neither loss nor metrics in compile: the network carries its own
    if optimizer_only:
        # (a later compile without loss would not drop the earlier one)
        net.compile(keras.optimizers.SGD(RATE))
    else:
        net.compile(
            keras.optimizers.SGD(RATE),
            loss="mse",
            metrics=["mae"] if variation in (METRIC, VALIDATION) else None,
        )
    return net


def data_for(variation):
    """That variation's inputs and batch size (512 rows in batches of 96: the last one,
    of 32)."""
    return [x, x2] if variation == TWO else x, 96 if variation == SHORT else BATCH


def all_weights(net):
    # the non-trainable ones too
    return np.concatenate([w.ravel() for w in net.get_weights()])


def train(variation, kind, optimizer_only=False):
    """That variation's network, trained with fit; returns all its weights and its
    history."""
    net = net_with(variation, kind, optimizer_only)
    fit_inputs, per_batch = data_for(variation)
    history = net.fit(
        fit_inputs,
        y,
        batch_size=per_batch,
        sample_weight=per_row if variation == WEIGHTS else None,
        validation_data=VALIDATION_DATA if variation == VALIDATION else None,
        epochs=EPOCHS,
        shuffle=False,
        verbose=0,
    ).history
    if variation == VALIDATION:  # evaluate goes through the test_step too
        history["evaluate"] = net.evaluate(
            *VALIDATION_DATA[:2],
            sample_weight=VALIDATION_DATA[2],
            batch_size=per_batch,
            verbose=0,
        )
    return all_weights(net), history


# one reference fit per variation and process: several comparisons use it
@functools.cache
def fit_of(variation):
    return train(variation, keras.Model)


def compare_with_fit(kind, variations=VARIATIONS, optimizer_only=False):
    """One line per variation: True if the custom step leaves fit's weights and history.
    With optimizer_only, the network carries its loss and metrics, and its history only
    needs fit's keys."""
    for variation in variations:
        weights, history = fit_of(variation)
        try:
            its_weights, its_history = train(variation, kind, optimizer_only)
        # what would happen to the reader: the error, on one line
        except Exception as error:
            print(
                f"    {variation:<34} {type(error).__name__}: "
                f"{str(error).splitlines()[0]}"
            )
            continue
        same_keys = (
            history.keys() <= its_history.keys()
            if optimizer_only
            else its_history.keys() == history.keys()
        )
        same = np.abs(its_weights - weights).max() < 1e-5 and same_keys
        same = same and all(
            np.allclose(its_history[k], history[k], rtol=1e-5) for k in history
        )
        print(f"    {variation:<34} {same}")


def compare_loop_with_fit(loop, variations=FOR_LOOPS):
    """For a by-hand loop, loop(net, inputs, target, per_batch), two generated lines:
    with which changes it leaves fit's weights and last-epoch loss, and with which it
    does not. It gets fit's data but the sample weights, because the loop has nowhere to
    put them."""
    covered, not_covered = [], []
    for variation in variations:
        weights, history = fit_of(variation)
        net, (fit_inputs, per_batch) = (
            net_with(variation, keras.Model),
            data_for(variation),
        )
        try:
            loss = loop(net, fit_inputs, y, per_batch)
        except Exception as error:  # what would happen to the reader
            not_covered.append(
                f"{variation} ({type(error).__name__}: {str(error).splitlines()[0]})"
            )
            continue
        # NaN counts as different too
        if not np.abs(all_weights(net) - weights).max() < 1e-5:
            not_covered.append(f"{variation} (other weights)")
        elif not np.isclose(loss, history["loss"][-1], rtol=1e-5):
            not_covered.append(f"{variation} (another mean loss)")
        else:
            covered.append(variation)
    for title, which in (("matches fit", covered), ("not covered", not_covered)):
        print(f"    {title}:")  # one variation per line: they fit on a phone's screen
        for variation in which:
            print(f"      {variation}")
        if not which:
            print("      none")


def compare_full_loop_with_fit(loop):
    """One line per variation for a full loop, loop(net, inputs, target, per_batch,
    weights, validation): True if it leaves fit's weights and its history (the loss, the
    metric and the validation fit writes down); evaluate is not compared, because the
    loop has no separate one."""
    for variation in VARIATIONS:
        weights, history = fit_of(variation)
        net, (fit_inputs, per_batch) = (
            net_with(variation, keras.Model),
            data_for(variation),
        )
        try:
            its_history = loop(
                net,
                fit_inputs,
                y,
                per_batch,
                per_row if variation == WEIGHTS else None,
                VALIDATION_DATA if variation == VALIDATION else None,
            )
            keys = [key for key in history if key != "evaluate"]
            same = np.abs(all_weights(net) - weights).max() < 1e-5
            same = same and all(
                np.allclose(its_history[key], history[key], rtol=1e-5) for key in keys
            )
        # what would happen to the reader: the error, on one line
        except Exception as error:
            same = f"{type(error).__name__}: {str(error).splitlines()[0]}"
        print(f"    {variation:<34} {same}")
