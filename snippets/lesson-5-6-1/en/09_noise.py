class WithNoise(keras.Model):
    """Wraps a network and adds Gaussian noise to its input, only while training."""

    def __init__(self, net, sigma=0.5, passes_training=True, **kwargs):
        super().__init__(**kwargs)
        self.net = net
        self.noise = layers.GaussianNoise(sigma, seed=0)
        self.passes_training = passes_training

    def call(self, x, training=False):
        if self.passes_training:
            x = self.noise(x, training=training)
        else:  # the careless version: it does not hand it to the layer
            x = self.noise(x)
        return self.net(x)


def row(tensor):
    return np.round(ops.convert_to_numpy(tensor).ravel(), 4)


net = nets["sequential"]
careful, careless = WithNoise(net), WithNoise(net, passes_training=False)
print("the network alone               :", row(net(x4)))
print("with noise, training=False      :", row(careful(x4, training=False)))
training_out = row(careful(x4, training=True))
print("with noise, training=True       :", training_out)
print("careless, training=True         :", row(careless(x4, training=True)))
# the layer called from our own code, outside a model
loose = layers.GaussianNoise(0.5, seed=0)
print(
    "loose layer without training, leaves x as is?:",
    np.array_equal(row(loose(x4)), row(x4)),
)
print(
    f"first row: {row(net(x4))[0]:.4f} without noise -> "
    f"{training_out[0]:.4f} with noise"
)
