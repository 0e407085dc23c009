# Comprobación del ejercicio 2. La respuesta que espera: ℓ de ayer, min(r_{t-1}, 0), en
# tanto por uno; las sesiones anteriores a 2016 para entrenar; y la red con la receta de
# la solución (semilla 0, Adam(0,01), 40 épocas, lotes de 128). Calcula su propia OLS de
# referencia desde el parquet, y también la de cada error típico, para decirte cuál es
# el tuyo si no coincides.
import make_vol5
import numpy as np
import pandas as pd
from make_vol5 import BETA_D, BETA_M, BETA_W


def ols_de_referencia(desplaza=1, escala=1.0, hasta="2016-01-01"):
    """La OLS de los cuatro regresores, con ℓ desplazado `desplaza` sesiones; y la
    desviación típica de cada columna, para pasar a unidades tipificadas."""
    datos = pd.read_parquet("vol5_diario.parquet")
    datos = datos[datos["activo"] == "indice"].set_index("fecha").sort_index()
    lrv = np.log(datos["rv_5min"])
    columnas = {
        "d1": lrv.shift(1),
        "s5": lrv.rolling(5).mean().shift(1),
        "m22": lrv.rolling(22).mean().shift(1),
        "negativo": escala * datos["rendimiento"].clip(upper=0).shift(desplaza),
    }
    filas = pd.DataFrame(columnas).assign(y=lrv).dropna()
    filas = filas[filas.index < hasta]
    unos_y_regresores = np.c_[np.ones(len(filas)), filas.drop(columns="y")]
    coeficientes = np.linalg.lstsq(unos_y_regresores, filas["y"], rcond=None)[0][1:]
    return coeficientes, filas.std(ddof=0)


correcta, desviaciones = ols_de_referencia()
tipificada = correcta * desviaciones.iloc[:4].to_numpy() / desviaciones["y"]
ERRORES = {  # lo que da cada error típico, y lo que le dice al alumno
    "ℓ del mismo día, min(r_t, 0): mira hacia delante, usa un rendimiento que aún "
    "no se conoce al prever": ols_de_referencia(desplaza=0)[0],
    "todas las sesiones: entrena solo con las anteriores a 2016": ols_de_referencia(
        hasta="2100-01-01"
    )[0],
    "ℓ en porcentaje: usa el rendimiento en tanto por uno, como el panel": (
        ols_de_referencia(escala=100.0)[0]
    ),
    "coeficientes tipificados: devuélvelos a las unidades originales": tipificada,
}
persistencia = BETA_D + BETA_W + BETA_M
gamma = -make_vol5.LEVERAGE / make_vol5.ASSETS["indice"][0]  # la del generador
print(f"generador: ℓ {gamma:.2f}, persistencia {persistencia:.2f}")


def parecido(suyos, otros, metodo):
    """La OLS tiene una sola respuesta; la red se para en algún punto del valle plano
    de las medias, así que se le miran la suma de las pendientes (0,05) y ℓ (un
    7,5 %)."""
    if metodo == "OLS":
        return np.allclose(suyos, otros, rtol=1e-3, atol=2e-3)
    misma_suma = abs(sum(suyos[:3]) - sum(otros[:3])) < 0.05
    return misma_suma and abs(suyos[3] - otros[3]) < 0.075 * abs(otros[3])


for metodo, coeficientes in (("OLS", ols), ("Keras", coef_red)):
    coeficientes = np.asarray(coeficientes, dtype=float)
    if parecido(coeficientes, correcta, metodo):
        lejos = max(abs(coeficientes[:3] - (BETA_D, BETA_W, BETA_M)))
        print(
            f"PASA    {metodo}: la respuesta esperada; pendientes a {lejos:.3f} como "
            f"mucho de las del generador, y ℓ = {coeficientes[3]:.2f}"
        )
        continue
    motivo = next(
        (m for m, otros in ERRORES.items() if parecido(coeficientes, otros, metodo)),
        f"ni la respuesta esperada (ℓ = {correcta[3]:.2f}, suma de pendientes "
        f"{sum(correcta[:3]):.3f}) ni un error conocido: ℓ = {coeficientes[3]:.2f}, "
        f"suma de pendientes {sum(coeficientes[:3]):.3f}",
    )
    print(f"NO PASA {metodo}: {motivo}")
