"""Otras redes para el mismo paso: cada variación cambia una sola cosa de la red de
comun.py. Un train_step propio que coincide con fit en todas ellas no depende de lo
sencillo que es el ejemplo."""

import functools

import keras
import numpy as np

from comun import EPOCAS, LOTE, TASA, x, y

azar = np.random.default_rng(3)
x2 = azar.normal(size=(len(x), 3)).astype("float32")  # la segunda entrada
por_muestra = azar.uniform(0.1, 2.0, size=len(x)).astype("float32")  # un peso por fila

L2, ACTIVIDAD, BN, PESOS, CORTO, DOS, METRICA, VALIDACION = (
    "regularizador L2 en los pesos",
    "regularizador de actividad",
    "BatchNormalization y Dropout",
    "pesos por muestra",
    "último lote más corto",
    "dos entradas",
    "una métrica en compile",
    # con BatchNormalization, Dropout, la métrica y pesos: el test_step
    "validation_data y evaluate",
)
VARIACIONES = (L2, ACTIVIDAD, BN, PESOS, CORTO, DOS, METRICA, VALIDACION)
DE_BUCLE = VARIACIONES[:6]  # un bucle sencillo no calcula métricas ni valida
# lo que toca a su pérdida y sus métricas
SIN_COMPILE = (L2, ACTIVIDAD, PESOS, CORTO, VALIDACION)
# 160 filas: dos lotes de 64 y uno de 32, con pesos
DE_VALIDACION = (x[:160], y[:160], por_muestra[:160])


def red_con(variacion, clase, solo_optimizador=False):
    entradas = [keras.Input((8,))] + ([keras.Input((3,))] if variacion == DOS else [])
    capa = keras.layers.Concatenate()(entradas) if variacion == DOS else entradas[0]
    capa = keras.layers.Dense(
        16,
        activation="relu",
        kernel_regularizer=keras.regularizers.L2(0.01) if variacion == L2 else None,
        activity_regularizer=keras.regularizers.L1(0.01)
        if variacion == ACTIVIDAD
        else None,
    )(capa)
    if variacion in (BN, VALIDACION):
        capa = keras.layers.Dropout(0.2, seed=1)(
            keras.layers.BatchNormalization()(capa)
        )
    red = clase(
        entradas if variacion == DOS else entradas[0], keras.layers.Dense(1)(capa)
    )
    # los pesos que se entrenan, de NumPy; las medias y varianzas de
    inicio = np.random.default_rng(0)
    # BatchNormalization empiezan en 0 y 1, como en Keras
    for peso in red.trainable_weights:
        peso.assign(inicio.normal(scale=0.3, size=peso.shape).astype("float32"))
    if solo_optimizador:  # ni pérdida ni métricas en compile: las lleva la propia red
        # (un compile posterior sin loss no quitaría la de antes)
        red.compile(keras.optimizers.SGD(TASA))
    else:
        red.compile(
            keras.optimizers.SGD(TASA),
            loss="mse",
            metrics=["mae"] if variacion in (METRICA, VALIDACION) else None,
        )
    return red


def datos_de(variacion):
    """La entrada y el tamaño de lote de esa variación (512 filas en lotes de 96: el
    último, de 32)."""
    return [x, x2] if variacion == DOS else x, 96 if variacion == CORTO else LOTE


def todos_los_pesos(red):
    # también los que no se entrenan
    return np.concatenate([w.ravel() for w in red.get_weights()])


def entrena(variacion, clase, solo_optimizador=False):
    """La red de esa variación, entrenada con fit; devuelve todos sus pesos y su
    historial."""
    red = red_con(variacion, clase, solo_optimizador)
    entrada_fit, lote = datos_de(variacion)
    historia = red.fit(
        entrada_fit,
        y,
        batch_size=lote,
        sample_weight=por_muestra if variacion == PESOS else None,
        validation_data=DE_VALIDACION if variacion == VALIDACION else None,
        epochs=EPOCAS,
        shuffle=False,
        verbose=0,
    ).history
    if variacion == VALIDACION:  # evaluate también pasa por el test_step
        historia["evaluate"] = red.evaluate(
            *DE_VALIDACION[:2],
            sample_weight=DE_VALIDACION[2],
            batch_size=lote,
            verbose=0,
        )
    return todos_los_pesos(red), historia


# un solo fit de referencia por variación y proceso: lo usan varias comparaciones
@functools.cache
def con_fit_de(variacion):
    return entrena(variacion, keras.Model)


def compara_con_fit(clase, variaciones=VARIACIONES, solo_optimizador=False):
    """Una línea por variación: True si el paso propio deja los pesos y el historial de
    fit. Con solo_optimizador, la red lleva su pérdida y sus métricas, y basta con que
    su historial tenga las claves del de fit."""
    for variacion in variaciones:
        pesos, historia = con_fit_de(variacion)
        try:
            suyos, la_suya = entrena(variacion, clase, solo_optimizador)
        # lo que le pasaría al lector: el error, en una línea
        except Exception as error:
            print(
                f"    {variacion:<34} {type(error).__name__}: "
                f"{str(error).splitlines()[0]}"
            )
            continue
        mismas_claves = (
            historia.keys() <= la_suya.keys()
            if solo_optimizador
            else la_suya.keys() == historia.keys()
        )
        igual = np.abs(suyos - pesos).max() < 1e-5 and mismas_claves
        igual = igual and all(
            np.allclose(la_suya[k], historia[k], rtol=1e-5) for k in historia
        )
        print(f"    {variacion:<34} {igual}")


def compara_bucle_con_fit(bucle, variaciones=DE_BUCLE):
    """Para un bucle a mano, bucle(red, entrada, objetivo, lote), dos líneas generadas:
    con qué cambios deja los pesos y la pérdida de la última época de fit, y con cuáles
    no. Recibe los datos de fit menos los pesos por muestra, porque el bucle no tiene
    dónde ponerlos."""
    cubre, no_cubre = [], []
    for variacion in variaciones:
        pesos, historia = con_fit_de(variacion)
        red, (entrada_fit, lote) = red_con(variacion, keras.Model), datos_de(variacion)
        try:
            perdida = bucle(red, entrada_fit, y, lote)
        except Exception as error:  # lo que le pasaría al lector
            no_cubre.append(
                f"{variacion} ({type(error).__name__}: {str(error).splitlines()[0]})"
            )
            continue
        # NaN también cuenta como distinto
        if not np.abs(todos_los_pesos(red) - pesos).max() < 1e-5:
            no_cubre.append(f"{variacion} (otros pesos)")
        elif not np.isclose(perdida, historia["loss"][-1], rtol=1e-5):
            no_cubre.append(f"{variacion} (otra pérdida media)")
        else:
            cubre.append(variacion)
    for titulo, cuales in (("coincide con fit", cubre), ("no cubre", no_cubre)):
        # una variación por línea: caben en la pantalla de un móvil
        print(f"    {titulo}:")
        for variacion in cuales:
            print(f"      {variacion}")
        if not cuales:
            print("      ninguna")


def compara_bucle_completo(bucle):
    """Una línea por variación para un bucle completo, bucle(red, entrada, objetivo,
    lote, pesos, validacion): True si deja los pesos de fit y su historial (la pérdida,
    la métrica y la validación que fit anote); evaluate no se compara, porque el bucle
    no tiene uno aparte."""
    for variacion in VARIACIONES:
        pesos, historia = con_fit_de(variacion)
        red, (entrada_fit, lote) = red_con(variacion, keras.Model), datos_de(variacion)
        try:
            la_suya = bucle(
                red,
                entrada_fit,
                y,
                lote,
                por_muestra if variacion == PESOS else None,
                DE_VALIDACION if variacion == VALIDACION else None,
            )
            claves = [clave for clave in historia if clave != "evaluate"]
            igual = np.abs(todos_los_pesos(red) - pesos).max() < 1e-5
            igual = igual and all(
                np.allclose(la_suya[clave], historia[clave], rtol=1e-5)
                for clave in claves
            )
        # lo que le pasaría al lector: el error, en una línea
        except Exception as error:
            igual = f"{type(error).__name__}: {str(error).splitlines()[0]}"
        print(f"    {variacion:<34} {igual}")
