class NoisyMLP(MLP):
    """Subclass with Gaussian noise on the inputs, only while training."""

    def __init__(self, sigma=0.5, **kwargs):
        super().__init__(**kwargs)
        self.noise = layers.GaussianNoise(sigma, seed=0)

    def call(self, x, training=False):
        return super().call(self.noise(x, training=training))


noisy = NoisyMLP()
noisy(x4)
noisy.set_weights(sequential.get_weights())
print("inference :", np.round(ops.convert_to_numpy(noisy(x4, training=False)).ravel(), 4))
print("training  :", np.round(ops.convert_to_numpy(noisy(x4, training=True)).ravel(), 4))
