rv_in = keras.Input((3,), name="har")
activo_in = keras.Input((1,), dtype="int32", name="activo")
nivel = layers.Flatten()(layers.Embedding(6, 1, name="nivel")(activo_in))  # una constante por activo
unidas = layers.Concatenate()([rv_in, nivel])
prevision = layers.Dense(1, name="prevision")(unidas)
panel = keras.Model([rv_in, activo_in], prevision)
for capa in panel.layers:
    print(f"{capa.name:<12}{type(capa).__name__:<13}{str(capa.output.shape):<14}{capa.count_params()}")
