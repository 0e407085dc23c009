import numpy as np

keras.utils.set_random_seed(0)
sample = np.random.default_rng(0).normal(size=(5, 4)).astype("float32")

# 1. Sequential: a stack of layers.
sequential = keras.Sequential(
    [
        keras.Input(shape=(4,)),
        keras.layers.Dense(8, activation="relu"),
        keras.layers.Dense(1),
    ]
)

# 2. Functional: layers are called on symbolic tensors and form a graph.
inputs = keras.Input(shape=(4,))
hidden = keras.layers.Dense(8, activation="relu")(inputs)
functional = keras.Model(inputs, keras.layers.Dense(1)(hidden))


# 3. Subclassing keras.Model: the forward pass is Python code.
class OwnNet(keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = keras.layers.Dense(8, activation="relu")
        self.out = keras.layers.Dense(1)

    def call(self, x):
        return self.out(self.hidden(x))


own = OwnNet()
own(sample)  # the first call creates the weights

# Same weights in all three: same predictions.
for model in (functional, own):
    model.set_weights(sequential.get_weights())
reference = sequential.predict(sample, verbose=0)
for name, model in [
    ("Sequential", sequential),
    ("functional", functional),
    ("subclass", own),
]:
    difference = np.abs(model.predict(sample, verbose=0) - reference).max()
    print(
        f"{name:<10}  parameters: {model.count_params()}  max difference: {difference}"
    )
