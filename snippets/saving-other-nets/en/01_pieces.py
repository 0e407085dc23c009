"""What this page's Keras programs share: a custom layer, the network, its recipe and
the data."""

import keras
import numpy as np


# The package "tutorial" becomes part of the name the layer is registered under:
# tutorial>Temperature.
@keras.saving.register_keras_serializable(package="tutorial")
class Temperature(keras.layers.Layer):
    """Divides the logits by a fixed temperature; with t > 1 the probabilities come out
    softer."""

    def __init__(self, t=1.0, **kwargs):
        super().__init__(**kwargs)
        self.t = t

    def call(self, logits):
        return logits / self.t

    def get_config(self):
        # What the file keeps to create the layer again: without "t", it would come back
        # with t=1.
        return {**super().get_config(), "t": self.t}


def build_model():
    """The architecture, written as code: what a file holding only weights needs beside
    it."""
    measurements = keras.Input((4,), name="measurements")
    hidden = keras.layers.Dense(16, activation="relu")(measurements)
    logits = keras.layers.Dense(3)(hidden)
    return keras.Model(measurements, keras.layers.Softmax()(Temperature(2.0)(logits)))


def compile_model(net):
    """The training recipe, the same for training and for compiling again."""
    adam = keras.optimizers.Adam(learning_rate=0.01)
    net.compile(
        optimizer=adam, loss="sparse_categorical_crossentropy", metrics=["accuracy"]
    )


def data():
    """240 rows of 4 measurements and 3 classes: the class is the largest of three
    linear mixes of them."""
    rng = np.random.default_rng(3)
    x = rng.normal(size=(240, 4)).astype("float32")
    return x, np.argmax(x @ rng.normal(size=(4, 3)), axis=1)


def optimizer_state(net):
    """Steps taken and the sum of the absolute values of Adam's moments (leaving out its
    other two variables, the step counter and the rate): a summary to compare two
    optimizers."""
    moments = [
        v
        for v in net.optimizer.variables
        if v.name not in ("iteration", "learning_rate")
    ]
    total = sum(float(np.abs(keras.ops.convert_to_numpy(v)).sum()) for v in moments)
    return int(net.optimizer.iterations), round(total, 4)
