ACTIVOS = 6
# las tres medias de log RV, como en el HAR
medias = keras.Input((3,), name="medias_har")
activo = keras.Input((1,), dtype="int32", name="activo")  # qué activo es: 0, 1, ..., 5

# Pendientes comunes: una capa sin constante sobre las medias.
parte_comun = layers.Dense(1, use_bias=False, name="pendientes")(medias)
# Un nivel por activo: el número se vuelve un vector one-hot y una capa sin constante le
# da su peso.
uno_de_seis = layers.CategoryEncoding(
    num_tokens=ACTIVOS, output_mode="one_hot", name="uno_de_seis"
)(activo)
nivel = layers.Dense(1, use_bias=False, name="nivel_del_activo")(uno_de_seis)
har_panel = keras.Model(
    [medias, activo], layers.Add(name="prevision")([parte_comun, nivel])
)

# El grafo, capa a capa: qué forma sale de cada una y cuántos parámetros aprende.
for capa in har_panel.layers:
    print(
        f"{capa.name:<17} {type(capa).__name__:<16} {str(capa.output.shape):<10} "
        f"{capa.count_params()} parámetros"
    )
print("en total:", har_panel.count_params(), "= 3 pendientes comunes + 6 niveles")

# Con las medias a cero, lo que queda de la previsión es el nivel de cada activo.
niveles = har_panel.get_layer("nivel_del_activo").get_weights()[0].ravel()
ceros, ids = np.zeros((ACTIVOS, 3), "float32"), np.arange(ACTIVOS).reshape(-1, 1)
con_medias_cero = ops.convert_to_numpy(har_panel([ceros, ids])).ravel()
print(
    "con medias a cero, ¿la previsión es el nivel de cada activo?",
    np.allclose(con_medias_cero, niveles),
)
