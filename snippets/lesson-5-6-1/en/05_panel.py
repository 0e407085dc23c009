rv_in = keras.Input((3,), name="har")
asset_in = keras.Input((1,), dtype="int32", name="asset")
level = layers.Flatten()(layers.Embedding(6, 1, name="level")(asset_in))  # one constant per asset
joined = layers.Concatenate()([rv_in, level])
forecast = layers.Dense(1, name="forecast")(joined)
panel = keras.Model([rv_in, asset_in], forecast)
for layer in panel.layers:
    print(f"{layer.name:<12}{type(layer).__name__:<13}{str(layer.output.shape):<14}{layer.count_params()}")
