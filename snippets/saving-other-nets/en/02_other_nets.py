"""The fifth recipe (carry on training on another engine with only the .keras file) and
the export to ONNX, on other nets. Each variation changes one thing of the net in
pieces.py. On torch, the program trains and saves each net, and records what it does
when it goes on training right there; then, on any engine, it reopens it with the recipe
and compares with those records."""

import keras
import numpy as np

from pieces import Temperature, data

engine = keras.backend.backend()
x, y = data()
per_sample = np.random.default_rng(4).uniform(0.1, 2.0, size=len(x)).astype("float32")


@keras.saving.register_keras_serializable(package="tutorial")
class Scale(keras.layers.Layer):
    """A custom layer with weights: multiplies each input by a factor that is
    trained."""

    def build(self, shape):
        self.factor = self.add_weight(
            shape=(shape[-1],), initializer="ones", name="factor"
        )

    def call(self, inputs):
        return inputs * self.factor


L2, BN, DROPOUT, CUSTOM, TWO, WEIGHTS, SGD, ADAMW = (
    "L2 regulariser",
    "BatchNormalization",
    "Dropout",
    "custom layer with weights",
    "two named inputs",
    "sample weights",
    "SGD with momentum",
    "AdamW",
)
VARIATIONS = (L2, BN, DROPOUT, CUSTOM, TWO, WEIGHTS, SGD, ADAMW)
NO_FIT = {DROPOUT}  # each engine draws its own Dropout: the next fit cannot match


def net_with(variation):
    """The net of build_model(), with a single change."""
    if variation == TWO:  # the same 4 measurements, as two inputs of 2
        inputs = {
            "measurements": keras.Input((2,), name="measurements"),
            "others": keras.Input((2,), name="others"),
        }
        layer = keras.layers.Concatenate()([inputs["measurements"], inputs["others"]])
    else:
        inputs = layer = keras.Input((4,), name="measurements")
    if variation == CUSTOM:
        layer = Scale()(layer)
    regulariser = keras.regularizers.L2(0.01) if variation == L2 else None
    layer = keras.layers.Dense(16, activation="relu", kernel_regularizer=regulariser)(
        layer
    )
    if variation == BN:
        layer = keras.layers.BatchNormalization()(layer)
    if variation == DROPOUT:
        layer = keras.layers.Dropout(0.3, seed=1)(layer)
    logits = keras.layers.Dense(3)(layer)
    return keras.Model(inputs, keras.layers.Softmax()(Temperature(2.0)(logits)))


def compile_for(net, variation):
    optimizer = {
        SGD: lambda: keras.optimizers.SGD(learning_rate=0.05, momentum=0.9),
        ADAMW: lambda: keras.optimizers.AdamW(learning_rate=0.01, weight_decay=0.01),
    }.get(variation, lambda: keras.optimizers.Adam(learning_rate=0.01))()
    net.compile(optimizer=optimizer, loss="sparse_categorical_crossentropy")


def inputs_for(variation, rows=slice(None)):
    return (
        {"measurements": x[rows, :2], "others": x[rows, 2:]}
        if variation == TWO
        else x[rows]
    )


def one_more_epoch(net, variation, shuffle=False):
    """What the reader does after reopening it: train on. In order (shuffle=False),
    unless fit's default shuffling is asked for, after setting the seed."""
    weights = per_sample if variation == WEIGHTS else None
    if shuffle:
        keras.utils.set_random_seed(5)
    net.fit(
        inputs_for(variation),
        y,
        sample_weight=weights,
        epochs=1,
        batch_size=32,
        shuffle=shuffle,
        verbose=0,
    )
    # BatchNormalization's means too
    return np.concatenate([w.ravel() for w in net.get_weights()])


def numbers(variables):
    return [keras.ops.convert_to_numpy(v) for v in variables]


def trained(variation):
    keras.utils.set_random_seed(0)
    net = net_with(variation)
    compile_for(net, variation)
    weights = per_sample if variation == WEIGHTS else None
    # last batch: 16
    net.fit(
        inputs_for(variation),
        y,
        sample_weight=weights,
        epochs=8,
        batch_size=32,
        verbose=0,
    )
    return net


def save():
    for i, variation in enumerate(VARIATIONS):
        net = trained(variation)
        net.save(f"variation_{i}.keras")
        state = numbers(net.optimizer.variables)
        prediction = keras.ops.convert_to_numpy(net(inputs_for(variation, slice(6))))
        np.savez(
            f"variation_{i}.npz",
            prediction=prediction,
            goes_on=one_more_epoch(net, variation),
            *state,
        )
    # The first net again, neither saved nor reopened: its next epoch with fit's
    # default shuffling.
    np.save("shuffled.npy", one_more_epoch(trained(L2), L2, shuffle=True))
    print(
        f"[{engine}] saved {len(VARIATIONS)} nets, "
        "each with what it does next on torch"
    )


def recipe(i, variation, with_build=True):
    """The fifth recipe: only the .keras file, compile=False, compile, optimizer.build
    and load_weights."""
    net = keras.saving.load_model(f"variation_{i}.keras", compile=False)
    compile_for(net, variation)
    if with_build:
        net.optimizer.build(net.trainable_variables)
    net.load_weights(f"variation_{i}.keras")
    return net


def compare(i, variation):
    """True if this net, reopened here, predicts, keeps its state and goes on as on
    torch; else why not."""
    records = np.load(f"variation_{i}.npz")
    net = recipe(i, variation)
    prediction = keras.ops.convert_to_numpy(net(inputs_for(variation, slice(6))))
    if np.abs(prediction - records["prediction"]).max() > 1e-6:
        return "another prediction"
    state = numbers(net.optimizer.variables)
    saved = [records[f"arr_{j}"] for j in range(len(records.files) - 2)]
    if len(state) != len(saved) or any(
        np.abs(a - b).max() > 1e-6 for a, b in zip(state, saved)
    ):
        return "another optimizer state"
    goes_on = one_more_epoch(net, variation)
    if variation not in NO_FIT and np.abs(goes_on - records["goes_on"]).max() > 1e-5:
        return "another next fit"
    # And serve it: export it to ONNX from this engine and ask ONNX Runtime for the
    # prediction.
    import onnxruntime

    net.export(f"variation_{i}_{engine}.onnx", format="onnx", verbose=False)
    sample = inputs_for(variation, slice(6))
    served = onnxruntime.InferenceSession(f"variation_{i}_{engine}.onnx").run(
        None, sample if variation == TWO else {"measurements": sample}
    )[0]
    if np.abs(served - keras.ops.convert_to_numpy(net(sample))).max() > 1e-6:
        return "another prediction from ONNX"
    return True


def reopen():
    # Control: without optimizer.build the saved state does not get in, and the next fit
    # must differ.
    records = np.load("variation_0.npz")
    net = recipe(0, VARIATIONS[0], with_build=False)
    print(
        f"[{engine}] control, without optimizer.build the next fit changes:",
        bool(
            np.abs(one_more_epoch(net, VARIATIONS[0]) - records["goes_on"]).max() > 1e-5
        ),
    )
    for built in (False, True):
        net = recipe(0, VARIATIONS[0])
        if built:  # compile's loss, created without touching the weights
            net.evaluate(inputs_for(L2, slice(32)), y[:32], verbose=0)
        following = one_more_epoch(net, L2, shuffle=True)
        print(
            f"[{engine}] with fit's shuffling, same seed"
            + (", after an evaluate" if built else "")
            + ", goes on as on torch:",
            bool(np.abs(following - np.load("shuffled.npy")).max() <= 1e-5),
        )
    alike, different = [], []
    for i, variation in enumerate(VARIATIONS):
        try:
            result = compare(i, variation)
        # what would happen to the reader: the error, in one line
        except Exception as error:
            result = f"{type(error).__name__}: {str(error).splitlines()[0]}"
        if result is True:
            alike.append(
                variation + (" (next fit not compared)" if variation in NO_FIT else "")
            )
        else:
            different.append(f"{variation} ({result})")
    for title, nets in (
        ("as on torch, and served alike from ONNX", alike),
        ("different or failing", different),
    ):
        print(f"[{engine}] {title}:")  # one net per line: they fit on a phone's screen
        for net in nets or ["none"]:
            print(f"    {net}")


if engine == "torch":  # torch saves, as in train.py, then reopens like the others
    save()
reopen()
