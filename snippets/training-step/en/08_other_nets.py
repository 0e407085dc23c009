"""Other networks for the same step: each variation changes one thing of common.py's
network. A custom train_step that matches fit on all of them does not depend on how
simple the example is."""

import functools
import textwrap

import keras
import numpy as np

from common import EPOCHS, BATCH, RATE, x, y

rng = np.random.default_rng(3)
x2 = rng.normal(size=(len(x), 3)).astype("float32")  # the second input
y2 = x[:, :1] * x[:, 1:2]  # the target of a second output
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
OUTPUTS, NO_Y, F16, BF16, STEPS = (
    "two outputs, losses in a dict",
    "no target: y=None",
    "mixed_float16",
    "mixed_bfloat16",
    "steps_per_execution=4",
)
VARIATIONS = (L2, ACTIVITY, BN, WEIGHTS, SHORT, TWO, METRIC, VALIDATION)
VARIATIONS += (OUTPUTS, NO_Y, F16, BF16, STEPS)
FOR_LOOPS = VARIATIONS[:6]  # a simple loop computes no metrics and does not validate
# the by-hand loops take a target that is a single array, and no dtype policy
FOR_FULL_LOOPS = VARIATIONS[:8]
# on PyTorch only, apart: the mask comes from torch's global generator
UNSEEDED = "Dropout without a seed"
POLICY = {F16: "mixed_float16", BF16: "mixed_bfloat16"}
# what its own loss and metrics touch
WITHOUT_COMPILE = (L2, ACTIVITY, WEIGHTS, SHORT, VALIDATION)
# 160 rows: two batches of 64 and one of 32, weighted
VALIDATION_DATA = (x[:160], y[:160], per_row[:160])


class ErrorAsLoss(keras.layers.Layer):
    """The last layer of a network that carries its own loss: the target reaches it as
    one more input, and it adds the mean squared error with add_loss."""

    def call(self, target, prediction):
        self.add_loss(keras.ops.mean(keras.ops.square(target - prediction)))
        return prediction


def on_one_line(error):
    """What would happen to the reader: the error, on one line."""
    return f"{type(error).__name__}: {str(error).splitlines()[0]}"


def net_with(variation, kind, optimizer_only=False):
    # The policy holds for the layers created while it is set, and compile reads it from
    # the network: under mixed_float16 it wraps the optimizer in a LossScaleOptimizer.
    keras.config.set_dtype_policy(POLICY.get(variation, "float32"))
    keras.utils.set_random_seed(1)  # on PyTorch, its global generator too
    inputs = [keras.Input((8,))]
    if variation == TWO:
        inputs.append(keras.Input((3,)))
    if variation == NO_Y:  # the target enters the network
        inputs.append(keras.Input((1,)))
    layer = keras.layers.Concatenate()(inputs) if variation == TWO else inputs[0]
    layer = keras.layers.Dense(
        16,
        activation="relu",
        kernel_regularizer=keras.regularizers.L2(0.01) if variation == L2 else None,
        activity_regularizer=keras.regularizers.L1(0.01)
        if variation == ACTIVITY
        else None,
    )(layer)
    if variation in (BN, VALIDATION, UNSEEDED):
        seed = None if variation == UNSEEDED else 1
        layer = keras.layers.Dropout(0.2, seed=seed)(
            keras.layers.BatchNormalization()(layer)
        )
    if variation == OUTPUTS:
        output = {
            name: keras.layers.Dense(1, name=name)(layer)
            for name in ("main", "auxiliary")
        }
    elif variation == NO_Y:
        output = ErrorAsLoss()(inputs[1], keras.layers.Dense(1)(layer))
    else:
        output = keras.layers.Dense(1)(layer)
    net = kind(inputs if len(inputs) > 1 else inputs[0], output)
    keras.config.set_dtype_policy("float32")
    # the trained weights, from NumPy; BatchNormalization's means and
    start = np.random.default_rng(0)
    # variances start at 0 and 1, as in Keras
    for weight in net.trainable_weights:
        weight.assign(start.normal(scale=0.3, size=weight.shape).astype("float32"))
    steps = 4 if variation == STEPS else 1
    if optimizer_only or variation == NO_Y:
        # neither loss nor metrics in compile: the network carries its own (a later
        # compile without loss would not drop the earlier one)
        net.compile(keras.optimizers.SGD(RATE), steps_per_execution=steps)
    elif variation == OUTPUTS:  # one loss, its weight and one metric per output
        net.compile(
            keras.optimizers.SGD(RATE),
            loss={"main": "mse", "auxiliary": "mae"},
            loss_weights={"main": 1.0, "auxiliary": 0.5},
            metrics={"main": ["mae"], "auxiliary": ["mse"]},
        )
    else:
        net.compile(
            keras.optimizers.SGD(RATE),
            loss="mse",
            metrics=["mae"] if variation in (METRIC, VALIDATION) else None,
            steps_per_execution=steps,
        )
    return net


def data_for(variation):
    """That variation's inputs, target and batch size (512 rows in batches of 96: the
    last one, of 32)."""
    inputs = {TWO: [x, x2], NO_Y: [x, y]}.get(variation, x)
    target = {OUTPUTS: {"main": y, "auxiliary": y2}, NO_Y: None}
    return inputs, target.get(variation, y), 96 if variation == SHORT else BATCH


def all_weights(net):
    # the non-trainable ones too
    return np.concatenate([w.ravel() for w in net.get_weights()])


def train(variation, kind, optimizer_only=False):
    """That variation's network, trained with fit; returns all its weights and its
    history."""
    net = net_with(variation, kind, optimizer_only)
    fit_inputs, target, per_batch = data_for(variation)
    history = net.fit(
        fit_inputs,
        target,
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
        try:
            weights, history = fit_of(variation)
        except Exception as error:  # if fit itself refuses it on this engine
            print(f"    {variation:<34} fit refuses it:")
            print(textwrap.indent(textwrap.fill(on_one_line(error), 70), " " * 6))
            continue
        try:
            its_weights, its_history = train(variation, kind, optimizer_only)
        except Exception as error:
            print(f"    {variation:<34} {on_one_line(error)}")
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
        net, (fit_inputs, target, per_batch) = (
            net_with(variation, keras.Model),
            data_for(variation),
        )
        try:
            loss = loop(net, fit_inputs, target, per_batch)
        except Exception as error:
            not_covered.append(f"{variation} ({on_one_line(error)})")
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


def compare_full_loop_with_fit(loop, variations=FOR_FULL_LOOPS):
    """One line per variation for a full loop, loop(net, inputs, target, per_batch,
    weights, validation): True if it leaves fit's weights and its history (the loss, the
    metric and the validation fit writes down); evaluate is not compared, because the
    loop has no separate one."""
    for variation in variations:
        weights, history = fit_of(variation)
        net, (fit_inputs, target, per_batch) = (
            net_with(variation, keras.Model),
            data_for(variation),
        )
        try:
            its_history = loop(
                net,
                fit_inputs,
                target,
                per_batch,
                per_row if variation == WEIGHTS else None,
                VALIDATION_DATA if variation == VALIDATION else None,
            )
            keys = [key for key in history if key != "evaluate"]
            same = np.abs(all_weights(net) - weights).max() < 1e-5
            same = same and all(
                np.allclose(its_history[key], history[key], rtol=1e-5) for key in keys
            )
        except Exception as error:
            same = on_one_line(error)
        print(f"    {variation:<34} {same}")
