keras.utils.set_random_seed(0)
sequential = keras.Sequential(
    [keras.Input((3,)), layers.Dense(8, activation="relu"), layers.Dense(1)]
)

inputs = keras.Input((3,), name="har")
hidden = layers.Dense(8, activation="relu")(inputs)
functional = keras.Model(inputs, layers.Dense(1)(hidden))


class MLP(keras.Model):
    def __init__(self, hidden_units=8, **kwargs):
        super().__init__(**kwargs)
        self.hidden = layers.Dense(hidden_units, activation="relu")
        self.out = layers.Dense(1)

    def call(self, x, training=False):
        return self.out(self.hidden(x))


subclass = MLP()
subclass(np.zeros((1, 3), "float32"))  # the subclass creates its weights when it sees an input
functional.set_weights(sequential.get_weights())
subclass.set_weights(sequential.get_weights())

x4 = ((Xp[:4] - Xe.mean(0)) / Xe.std(0)).astype("float32")  # standardised with the training set
for model in (sequential, functional, subclass):
    output = np.round(ops.convert_to_numpy(model(x4)).ravel(), 4)
    print(f"{type(model).__name__:<11}{model.count_params():>3} parameters", output)
