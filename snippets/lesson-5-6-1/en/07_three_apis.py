# One recipe (3 inputs -> 8 ReLU units -> 1 output) and three ways of putting it
# together.
RECIPE = [(8, "relu"), (1, None)]  # (units, activation) of each dense layer


def as_list():
    """Sequential: the layers, in order, inside a list."""
    return keras.Sequential(
        [keras.Input((3,))] + [layers.Dense(n, activation=a) for n, a in RECIPE]
    )


def as_graph():
    """Functional: each layer is applied to the symbolic tensor that comes out of the
    previous one."""
    inputs = tensor = keras.Input((3,))
    for n, a in RECIPE:
        tensor = layers.Dense(n, activation=a)(tensor)
    return keras.Model(inputs, tensor)


class AsClass(keras.Model):
    """Subclass: the layers are created in __init__ and the computation is
    written in call."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.denses = [layers.Dense(n, activation=a) for n, a in RECIPE]

    def call(self, x, training=False):
        for dense in self.denses:
            x = dense(x)
        return x


nets = {}
for name, build in {
    "sequential": as_list,
    "functional": as_graph,
    "subclass": AsClass,
}.items():
    keras.utils.set_random_seed(0)  # the same seed before each build
    nets[name] = build()
    print(f"{name:<10} freshly built: {len(nets[name].weights)} weight tensors")

# the first batch tells it how many columns there are
nets["subclass"](np.zeros((1, 3), "float32"))
print(f"{'subclass':<10} after a batch: {len(nets['subclass'].weights)} weight tensors")

# Four test sessions, standardised with the training mean and standard deviation.
x4 = ((Xp[:4] - Xe.mean(axis=0)) / Xe.std(axis=0)).astype("float32")
for name, net in nets.items():
    output = ops.convert_to_numpy(net(x4)).ravel()
    print(f"{name:<10} {net.count_params()} parameters, predicts {np.round(output, 4)}")
same_weights = all(
    np.array_equal(a, b)
    for net in nets.values()
    for a, b in zip(net.get_weights(), nets["sequential"].get_weights())
)
print("did the same seed give all three the same weights?", same_weights)
