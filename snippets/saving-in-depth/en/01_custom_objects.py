"""custom_objects.py: what it takes to open again a network with objects of your own: an
unregistered layer, a registered one, an argument that is another layer, a Lambda and a
layer with state of its own."""

import json
import re
import zipfile

import keras
import numpy as np

x = np.random.default_rng(0).normal(loc=3.0, scale=2.0, size=(64, 4)).astype("float32")


def net_with(layer):
    """A small functional network: 4 inputs, the layer under test and a dense layer with
    2 outputs."""
    inputs = keras.Input((4,))
    return keras.Model(inputs, keras.layers.Dense(2)(layer(inputs)))


def cause(error):
    """The cause of an error on opening, without the wrappers Keras puts around it: its
    last line of text."""
    text = re.sub(r"\x1b\[\d+m", "", str(error)).split("Arguments received")[0]
    lines = [
        line
        for line in text.splitlines()
        if line.strip() and not line.startswith("config=")
    ]
    return lines[-1].split("Exception encountered: ")[-1].split(". ")[0]


def open_file(path, net, **options):
    """Opens the file and says whether it predicts the same as `net`; if it does not
    open, or predict, why."""
    try:
        opened = keras.saving.load_model(path, **options)
    # TypeError, ValueError, NameError...: which one is shown
    except Exception as error:
        return f"does not open: {type(error).__name__}: {cause(error)}"
    try:
        same = np.allclose(
            opened.predict(x, verbose=0), net.predict(x, verbose=0), atol=1e-6
        )
    except Exception as error:
        return f"opens, but does not predict: {type(error).__name__}: {cause(error)}"
    return f"opens, same predictions: {same}"


def reopen(net, path, **options):
    """Saves the network and opens it again."""
    net.save(path)
    return open_file(path, net, **options)


# 1. An unregistered layer: the file only keeps its class name.
class Clip(keras.layers.Layer):
    def __init__(self, limit=1.0, **kwargs):
        super().__init__(**kwargs)
        self.limit = limit

    def call(self, t):
        return keras.ops.clip(t, -self.limit, self.limit)

    def get_config(self):
        return {**super().get_config(), "limit": self.limit}


net = net_with(Clip(2.5))
print("1. unregistered:", reopen(net, "clip.keras"))
print(
    "   with custom_objects:", reopen(net, "clip.keras", custom_objects={"Clip": Clip})
)
with keras.saving.custom_object_scope({"Clip": Clip}):
    print("   inside custom_object_scope:", reopen(net, "clip.keras"))


# 2. A registered layer: Keras looks it up by its registered name, not by its module.
@keras.saving.register_keras_serializable(package="tutorial")
class Shift(keras.layers.Layer):
    def __init__(self, amount=0.0, **kwargs):
        super().__init__(**kwargs)
        self.amount = amount

    def call(self, t):
        return t - self.amount

    def get_config(self):
        return {**super().get_config(), "amount": self.amount}


def edit(path, new, change):
    """Copies a .keras file changing, in its config.json, what `change` says of the
    Shift layer."""
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(new, "w") as target:
        for name in source.namelist():
            data = source.read(name)
            if name == "config.json":
                config = json.loads(data)
                layer = next(
                    c for c in config["config"]["layers"] if c["class_name"] == "Shift"
                )
                before = {key: layer[key] for key in ("module", "registered_name")}
                layer.update(change)
                data = json.dumps(config)
            target.writestr(name, data)
    return before


net = net_with(Shift(3.0))
print("\n2. registered:", reopen(net, "shift.keras"))
print(
    "   the file keeps",
    edit("shift.keras", "shift_moved.keras", {"module": "other_module"}),
)
print("   if it said module='other_module':", open_file("shift_moved.keras", net))
edit("shift.keras", "shift_renamed.keras", {"registered_name": "tutorial>Other"})
print(
    "   if it said registered_name='tutorial>Other':",
    open_file("shift_renamed.keras", net),
)


# 3. An argument that is another layer: get_config serializes it and from_config
#    rebuilds it.
class Residual(keras.layers.Layer):
    """t + sub(t): the inner layer, sub, arrives already created, as an argument."""

    def __init__(self, sub, **kwargs):
        super().__init__(**kwargs)
        self.sub = sub

    def call(self, t):
        return t + self.sub(t)

    def get_config(self):
        return {
            **super().get_config(),
            "sub": keras.saving.serialize_keras_object(self.sub),
        }


class ResidualRebuilt(Residual):
    @classmethod
    def from_config(cls, config):
        sub = keras.saving.deserialize_keras_object(config.pop("sub"))
        return cls(sub, **config)


net = net_with(Residual(keras.layers.Dense(4)))
print(
    "\n3. without from_config:",
    reopen(net, "residual.keras", custom_objects={"Residual": Residual}),
)
net = net_with(ResidualRebuilt(keras.layers.Dense(4)))
print(
    "   with from_config:",
    reopen(net, "residual.keras", custom_objects={"ResidualRebuilt": ResidualRebuilt}),
)

# 4. A Lambda with an anonymous function saves its code (bytecode); safe_mode, on by
#    default, refuses to run it on opening.
net = net_with(keras.layers.Lambda(lambda t: t * 2.0))
print("\n4. Lambda:", reopen(net, "lambda.keras"))
print("   with safe_mode=False:", reopen(net, "lambda.keras", safe_mode=False))
net = net_with(
    keras.layers.Lambda(lambda t: keras.ops.tanh(t) * 2.0, output_shape=(4,))
)
print(
    "   if the function uses keras, with safe_mode=False:",
    reopen(net, "lambda.keras", safe_mode=False),
)


@keras.saving.register_keras_serializable(package="tutorial")
def double_tanh(t):
    return keras.ops.tanh(t) * 2.0


net = net_with(keras.layers.Lambda(double_tanh))
print("   with a registered function:", reopen(net, "lambda.keras"))


# 5. A layer with a weight of its own (created in build) and a state that is not a
#    weight: mean and std.
class Standardize(keras.layers.Layer):
    """(t - mean) / std * scale: mean and std come from adapt; the scale is trained."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.avg, self.dev = np.zeros(4, "float32"), np.ones(4, "float32")

    def adapt(self, data):
        self.avg, self.dev = data.mean(axis=0), data.std(axis=0)

    def build(self, shape):
        self.scale = self.add_weight(shape=(shape[-1],), initializer="ones")

    def call(self, t):
        avg, dev = (
            keras.ops.convert_to_tensor(self.avg),
            keras.ops.convert_to_tensor(self.dev),
        )
        return (t - avg) / dev * self.scale


class StandardizeThatSaves(Standardize):
    """The same, but the file also keeps mean and std, next to the scale."""

    def save_own_variables(self, store):
        super().save_own_variables(store)  # the scale, under the key "0"
        store["mean"], store["std"] = self.avg, self.dev

    def load_own_variables(self, store):
        # Layer's load_own_variables would count the two new keys as weights and refuse
        # to load.
        self.scale.assign(store["0"][...])
        self.avg, self.dev = store["mean"][...], store["std"][...]


print()
for name, cls in (
    ("Standardize", Standardize),
    ("StandardizeThatSaves", StandardizeThatSaves),
):
    layer = cls()
    layer.adapt(x)
    net = net_with(layer)
    layer.scale.assign(np.linspace(0.5, 2.0, 4))  # as if it had been trained
    with keras.saving.custom_object_scope({name: cls}):
        print(
            f"5. {name}:" if cls is Standardize else f"   {name}:",
            reopen(net, "standardize.keras"),
        )
