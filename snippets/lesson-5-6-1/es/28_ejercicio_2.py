# Todo sale del parquet y la celda trae sus imports: se puede pegar sola en un cuaderno
# nuevo.
import keras
import numpy as np
import pandas as pd
from keras import layers

panel = pd.read_parquet("vol5_diario.parquet")
indice = panel[panel["activo"] == "indice"].set_index("fecha").sort_index()
log_rv = np.log(indice["rv_5min"])
ayer = pd.DataFrame(
    {  # todo desplazado un día: solo información de ayer hacia atrás
        "d1": log_rv,
        "s5": log_rv.rolling(5).mean(),
        "m22": log_rv.rolling(22).mean(),
        "negativo": indice["rendimiento"].clip(upper=0),  # min(r, 0)
    }
).shift(1)
tabla = ayer.assign(y=log_rv).dropna()
entreno = tabla[tabla.index < "2016-01-01"]  # el periodo de entrenamiento de la lección
MEDIAS, REGRESORES = ["d1", "s5", "m22"], ["d1", "s5", "m22", "negativo"]

# Referencia: mínimos cuadrados con los cuatro regresores.
diseño = np.c_[np.ones(len(entreno)), entreno[REGRESORES]]
ols = np.linalg.lstsq(diseño, entreno["y"], rcond=None)[0][1:]

# La red: dos entradas que se unen antes de una única capa densa.
media, desv = entreno.mean(), entreno.std(ddof=0)  # tipificar con el entrenamiento
tip = ((entreno - media) / desv).astype("float32")
keras.utils.set_random_seed(0)  # justo antes de construir el modelo
entrada_medias = keras.Input((3,), name="medias")
entrada_negativo = keras.Input((1,), name="negativo")
unidas = layers.Concatenate()([entrada_medias, entrada_negativo])
modelo = keras.Model(
    [entrada_medias, entrada_negativo], layers.Dense(1, name="prevision")(unidas)
)
modelo.compile(keras.optimizers.Adam(0.01), "mse")
modelo.fit(
    [tip[MEDIAS], tip[["negativo"]]], tip["y"], epochs=40, batch_size=128, verbose=0
)

pesos = modelo.get_layer("prevision").get_weights()[0].ravel()
# de vuelta a las unidades originales
coef_red = pesos * desv["y"] / desv[REGRESORES].to_numpy()
print(f"filas de entrenamiento: {len(entreno)}")
print(pd.DataFrame({"OLS": ols, "Keras": coef_red}, index=REGRESORES).round(3))
# En números de operador, con el coeficiente de la OLS: una caída del 1 % ayer (ℓ =
# -0,01).
print(
    f"caída del 1 % ayer: log RV de hoy {-0.01 * ols[3]:+.3f}, "
    f"varianza multiplicada por {np.exp(-0.01 * ols[3]):.3f}"
)
