data = np.load("har.npz")


def short_fit():
    """Builds a Dense(1), trains it for three epochs and returns
    [w_d1, w_s5, w_m22, b]."""
    net = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    net.compile(keras.optimizers.SGD(0.05), "mse")
    net.fit(data["Xe"], data["ye"], epochs=3, batch_size=64, verbose=0)
    kernel, bias = net.get_weights()
    return np.r_[kernel.ravel(), bias]


SEED = 2024
fits = {}
keras.utils.set_random_seed(SEED)
fits["seed -> model"] = short_fit()
keras.utils.set_random_seed(SEED)
fits["seed -> model (repeated)"] = short_fit()
fits["model without reseeding"] = short_fit()
keras.utils.set_random_seed(SEED)
keras.random.uniform((1,))  # any draw between the seed and the model
fits["seed -> draw -> model"] = short_fit()

reference = fits["seed -> model"]
print(
    f"{'order of the calls':<30}{'d1':>8}{'s5':>8}{'m22':>8}{'b':>8}  "
    "identical to the first?"
)
for name, w in fits.items():
    print(
        f"{name:<30}" + "".join(f"{x:8.4f}" for x in w),
        " ",
        np.array_equal(w, reference),
    )
