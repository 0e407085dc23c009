"""Otras redes para el mismo paso: cada variación cambia una sola cosa de la red de
comun.py. Un train_step propio que coincide con fit en todas ellas no depende de lo
sencillo que es el ejemplo."""

import functools
import textwrap

import keras
import numpy as np

from comun import EPOCAS, LOTE, TASA, x, y

azar = np.random.default_rng(3)
x2 = azar.normal(size=(len(x), 3)).astype("float32")  # la segunda entrada
y2 = x[:, :1] * x[:, 1:2]  # el objetivo de una segunda salida
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
SALIDAS, SIN_Y, F16, BF16, PASOS = (
    "dos salidas, pérdidas en un dict",
    "sin objetivo: y=None",
    "mixed_float16",
    "mixed_bfloat16",
    "steps_per_execution=4",
)
VARIACIONES = (L2, ACTIVIDAD, BN, PESOS, CORTO, DOS, METRICA, VALIDACION)
VARIACIONES += (SALIDAS, SIN_Y, F16, BF16, PASOS)
DE_BUCLE = VARIACIONES[:6]  # un bucle sencillo no calcula métricas ni valida
# los bucles a mano reciben un objetivo que es un solo array, sin política de tipos
DE_BUCLE_COMPLETO = VARIACIONES[:8]
# solo en PyTorch, aparte: la máscara sale del generador global de torch
SIN_SEMILLA = "Dropout sin semilla"
POLITICA = {F16: "mixed_float16", BF16: "mixed_bfloat16"}
# lo que toca a su pérdida y sus métricas
SIN_COMPILE = (L2, ACTIVIDAD, PESOS, CORTO, VALIDACION)
# 160 filas: dos lotes de 64 y uno de 32, con pesos
DE_VALIDACION = (x[:160], y[:160], por_muestra[:160])


class ErrorComoPerdida(keras.layers.Layer):
    """La última capa de una red que lleva su pérdida: el objetivo le llega como una
    entrada más, y ella añade el error cuadrático medio con add_loss."""

    def call(self, objetivo, prediccion):
        self.add_loss(keras.ops.mean(keras.ops.square(objetivo - prediccion)))
        return prediccion


def en_una_linea(error):
    """Lo que le pasaría al lector: el error, en una línea."""
    return f"{type(error).__name__}: {str(error).splitlines()[0]}"


def red_con(variacion, clase, solo_optimizador=False):
    # La política vale para las capas creadas mientras está puesta, y compile la lee de
    # la red: con mixed_float16 envuelve el optimizador en un LossScaleOptimizer.
    keras.config.set_dtype_policy(POLITICA.get(variacion, "float32"))
    keras.utils.set_random_seed(1)  # con PyTorch, también su generador global
    entradas = [keras.Input((8,))]
    if variacion == DOS:
        entradas.append(keras.Input((3,)))
    if variacion == SIN_Y:  # el objetivo entra en la red
        entradas.append(keras.Input((1,)))
    capa = keras.layers.Concatenate()(entradas) if variacion == DOS else entradas[0]
    capa = keras.layers.Dense(
        16,
        activation="relu",
        kernel_regularizer=keras.regularizers.L2(0.01) if variacion == L2 else None,
        activity_regularizer=keras.regularizers.L1(0.01)
        if variacion == ACTIVIDAD
        else None,
    )(capa)
    if variacion in (BN, VALIDACION, SIN_SEMILLA):
        semilla = None if variacion == SIN_SEMILLA else 1
        capa = keras.layers.Dropout(0.2, seed=semilla)(
            keras.layers.BatchNormalization()(capa)
        )
    if variacion == SALIDAS:
        salida = {
            nombre: keras.layers.Dense(1, name=nombre)(capa)
            for nombre in ("principal", "auxiliar")
        }
    elif variacion == SIN_Y:
        salida = ErrorComoPerdida()(entradas[1], keras.layers.Dense(1)(capa))
    else:
        salida = keras.layers.Dense(1)(capa)
    red = clase(entradas if len(entradas) > 1 else entradas[0], salida)
    keras.config.set_dtype_policy("float32")
    # los pesos que se entrenan, de NumPy; las medias y varianzas de
    inicio = np.random.default_rng(0)
    # BatchNormalization empiezan en 0 y 1, como en Keras
    for peso in red.trainable_weights:
        peso.assign(inicio.normal(scale=0.3, size=peso.shape).astype("float32"))
    pasos = 4 if variacion == PASOS else 1
    if solo_optimizador or variacion == SIN_Y:
        # ni pérdida ni métricas en compile: las lleva la propia red (un compile
        # posterior sin loss no quitaría la de antes)
        red.compile(keras.optimizers.SGD(TASA), steps_per_execution=pasos)
    elif variacion == SALIDAS:  # una pérdida, su peso y una métrica por salida
        red.compile(
            keras.optimizers.SGD(TASA),
            loss={"principal": "mse", "auxiliar": "mae"},
            loss_weights={"principal": 1.0, "auxiliar": 0.5},
            metrics={"principal": ["mae"], "auxiliar": ["mse"]},
        )
    else:
        red.compile(
            keras.optimizers.SGD(TASA),
            loss="mse",
            metrics=["mae"] if variacion in (METRICA, VALIDACION) else None,
            steps_per_execution=pasos,
        )
    return red


def datos_de(variacion):
    """La entrada, el objetivo y el tamaño de lote de esa variación (512 filas en lotes
    de 96: el último, de 32)."""
    entrada = {DOS: [x, x2], SIN_Y: [x, y]}.get(variacion, x)
    objetivo = {SALIDAS: {"principal": y, "auxiliar": y2}, SIN_Y: None}
    return entrada, objetivo.get(variacion, y), 96 if variacion == CORTO else LOTE


def todos_los_pesos(red):
    # también los que no se entrenan
    return np.concatenate([w.ravel() for w in red.get_weights()])


def entrena(variacion, clase, solo_optimizador=False):
    """La red de esa variación, entrenada con fit; devuelve todos sus pesos y su
    historial."""
    red = red_con(variacion, clase, solo_optimizador)
    entrada_fit, objetivo, lote = datos_de(variacion)
    historia = red.fit(
        entrada_fit,
        objetivo,
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
        try:
            pesos, historia = con_fit_de(variacion)
        except Exception as error:  # si fit mismo no lo admite en este motor
            print(f"    {variacion:<34} fit no lo admite:")
            print(textwrap.indent(textwrap.fill(en_una_linea(error), 70), " " * 6))
            continue
        try:
            suyos, la_suya = entrena(variacion, clase, solo_optimizador)
        except Exception as error:
            print(f"    {variacion:<34} {en_una_linea(error)}")
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
        red, (entrada_fit, objetivo, lote) = red_con(variacion, keras.Model), datos_de(
            variacion
        )
        try:
            perdida = bucle(red, entrada_fit, objetivo, lote)
        except Exception as error:
            no_cubre.append(f"{variacion} ({en_una_linea(error)})")
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


def compara_bucle_completo(bucle, variaciones=DE_BUCLE_COMPLETO):
    """Una línea por variación para un bucle completo, bucle(red, entrada, objetivo,
    lote, pesos, validacion): True si deja los pesos de fit y su historial (la pérdida,
    la métrica y la validación que fit anote); evaluate no se compara, porque el bucle
    no tiene uno aparte."""
    for variacion in variaciones:
        pesos, historia = con_fit_de(variacion)
        red, (entrada_fit, objetivo, lote) = red_con(variacion, keras.Model), datos_de(
            variacion
        )
        try:
            la_suya = bucle(
                red,
                entrada_fit,
                objetivo,
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
        except Exception as error:
            igual = en_una_linea(error)
        print(f"    {variacion:<34} {igual}")
