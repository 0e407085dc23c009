ASSETS = 6
means = keras.Input((3,), name="har_means")  # the three means of log RV, as in the HAR
# which asset it is: 0, 1, ..., 5
asset = keras.Input((1,), dtype="int32", name="asset")

# Common slopes: a layer without a constant on the means.
common_part = layers.Dense(1, use_bias=False, name="slopes")(means)
# One level per asset: the number becomes a one-hot vector and a layer without a
# constant weighs it.
one_of_six = layers.CategoryEncoding(
    num_tokens=ASSETS, output_mode="one_hot", name="one_of_six"
)(asset)
level = layers.Dense(1, use_bias=False, name="asset_level")(one_of_six)
panel_har = keras.Model(
    [means, asset], layers.Add(name="forecast")([common_part, level])
)

# The graph, layer by layer: what shape comes out of each one and how many parameters it
# learns.
for layer in panel_har.layers:
    print(
        f"{layer.name:<17} {type(layer).__name__:<16} {str(layer.output.shape):<10} "
        f"{layer.count_params()} parameters"
    )
print("in total:", panel_har.count_params(), "= 3 common slopes + 6 levels")

# With the means at zero, what is left of the forecast is each asset's level.
levels = panel_har.get_layer("asset_level").get_weights()[0].ravel()
zeros, ids = np.zeros((ASSETS, 3), "float32"), np.arange(ASSETS).reshape(-1, 1)
with_zero_means = ops.convert_to_numpy(panel_har([zeros, ids])).ravel()
print(
    "with zero means, is the forecast each asset's level?",
    np.allclose(with_zero_means, levels),
)
