entrada_medias = keras.Input((3,), name="medias_har")
entrada_activo = keras.Input((1,), dtype="int32", name="id_activo")
# Un número aprendido por activo (6 activos, dimensión 1): su nivel propio, como un efecto fijo.
nivel = layers.Embedding(input_dim=6, output_dim=1, name="nivel_activo")(entrada_activo)
nivel = layers.Reshape((1,), name="nivel_plano")(nivel)
juntas = layers.Concatenate(name="juntas")([entrada_medias, nivel])
prevision = layers.Dense(1, name="prevision")(juntas)
har_panel = keras.Model([entrada_medias, entrada_activo], prevision, name="har_panel")

capas = pd.DataFrame(
    [(c.name, type(c).__name__, str(c.output.shape), c.count_params()) for c in har_panel.layers],
    columns=["capa", "tipo", "salida", "parámetros"],
)
print(capas.to_string(index=False))
print("parámetros en total:", har_panel.count_params())
