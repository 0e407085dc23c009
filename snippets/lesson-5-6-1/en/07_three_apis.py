def sequential_net():
    return keras.Sequential([keras.Input(shape=(3,)), layers.Dense(8, activation="relu"), layers.Dense(1)])


def functional_net():
    inputs = keras.Input(shape=(3,))
    hidden = layers.Dense(8, activation="relu")(inputs)
    return keras.Model(inputs, layers.Dense(1)(hidden))


class SubclassNet(keras.Model):
    def __init__(self, units=8, **kwargs):
        super().__init__(**kwargs)
        self.hidden = layers.Dense(units, activation="relu")
        self.last = layers.Dense(1)

    def call(self, x, training=False):
        return self.last(self.hidden(x))


keras.utils.set_random_seed(0)
nets = {"sequential": sequential_net(), "functional": functional_net(), "subclass": SubclassNet()}
print("weights of the freshly built subclass:", len(nets["subclass"].weights))
nets["subclass"](np.zeros((1, 3), "float32"))  # on seeing an input it learns there are 3 columns
print("weights of the subclass after one call:", len(nets["subclass"].weights))

initial = nets["sequential"].get_weights()
for net in nets.values():
    net.set_weights(initial)  # the same numbers in all three

# Four test sessions, standardised with the training mean and deviation.
x4 = ((Xp[:4] - Xe.mean(axis=0)) / Xe.std(axis=0)).astype("float32")
comparison = pd.DataFrame(
    {name: ops.convert_to_numpy(net(x4)).ravel() for name, net in nets.items()}
).T.round(4)
comparison["parameters"] = [net.count_params() for net in nets.values()]
print(comparison)
