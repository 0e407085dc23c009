z = np.load("har.npz")


def fit_once(seed, epochs=5):
    if seed is not None:
        keras.utils.set_random_seed(seed)
    m = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
    m.compile(keras.optimizers.Adam(0.01), "mse")
    m.fit(z["Xe"], z["ye"], epochs=epochs, batch_size=128, verbose=0)
    return m.layers[-1].get_weights()[0].ravel()


a, b = fit_once(0), fit_once(0)
c = fit_once(None)
print("seed 0 twice, identical:", np.array_equal(a, b))
print("without setting the seed again:", np.array_equal(a, c))
