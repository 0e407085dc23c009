means_input = keras.Input((3,), name="har_means")
asset_input = keras.Input((1,), dtype="int32", name="asset_id")
# One learned number per asset (6 assets, dimension 1): its own level, like a fixed effect.
level = layers.Embedding(input_dim=6, output_dim=1, name="asset_level")(asset_input)
level = layers.Reshape((1,), name="flat_level")(level)
joined = layers.Concatenate(name="joined")([means_input, level])
forecast = layers.Dense(1, name="forecast")(joined)
har_panel = keras.Model([means_input, asset_input], forecast, name="har_panel")

layer_table = pd.DataFrame(
    [(c.name, type(c).__name__, str(c.output.shape), c.count_params()) for c in har_panel.layers],
    columns=["layer", "type", "output", "parameters"],
)
print(layer_table.to_string(index=False))
print("parameters in total:", har_panel.count_params())
