"""Lo que comparten los tres programas: los datos, la red y el entrenamiento de
referencia con fit."""

import keras
import numpy as np

LOTE, EPOCAS, TASA = 64, 5, 0.05

# Una regresión sintética: 512 filas de 8 características; el objetivo, una mezcla
# lineal de ellas con ruido.
azar = np.random.default_rng(7)
x = azar.normal(size=(512, 8)).astype("float32")
y = (x @ azar.normal(size=(8, 1)) + 0.1 * azar.normal(size=(512, 1))).astype("float32")


def nueva_red(clase=keras.Model):
    """La misma red y los mismos pesos iniciales en cada llamada y en cada motor: los
    pesos salen de NumPy, no del generador aleatorio del motor, que da números distintos
    en cada uno."""
    entrada = keras.Input((8,))
    oculta = keras.layers.Dense(16, activation="relu")(entrada)
    red = clase(entrada, keras.layers.Dense(1)(oculta))
    inicio = np.random.default_rng(0)
    red.set_weights(
        [
            inicio.normal(scale=0.3, size=w.shape).astype("float32")
            for w in red.get_weights()
        ]
    )
    return red


def filas(entrada):
    """El tamaño de un lote, contado como lo cuenta Keras en su paso: las filas de la
    primera parte de la entrada que no es None. La entrada puede ser una lista o un
    dict, y el objetivo puede faltar o tener varias partes."""
    primera = next(parte for parte in keras.tree.flatten(entrada) if parte is not None)
    return keras.ops.shape(primera)[0]


def lotes(lote, *partes):
    """Los lotes en el orden en que los recorre fit(shuffle=False): cada parte (entrada,
    objetivo y, si los hay, pesos por muestra) cortada igual; la entrada puede ser una
    lista, y los pesos, None."""
    for desde in range(0, filas(partes[0]), lote):
        # se usa en la línea siguiente
        corta = lambda a: a[desde : desde + lote]  # noqa: E731
        yield tuple(
            None if parte is None else keras.tree.map_structure(corta, parte)
            for parte in partes
        )


def epoca(historia, prefijo, lotes_de_la_epoca, calcula):
    """Lo que fit apunta de una pasada por los lotes, con métricas de Keras nuevas en
    cada época: la pérdida media, ponderada por el tamaño del lote, y el MAE."""
    perdida_media, mae = keras.metrics.Mean(), keras.metrics.MeanAbsoluteError()
    for xb, yb, wb in lotes_de_la_epoca:
        perdida, prediccion = calcula(xb, yb, wb)
        perdida_media.update_state(perdida, sample_weight=filas(xb))
        # sin pesos, como metrics= en compile (weighted_metrics= sí los usa)
        mae.update_state(yb, prediccion)
    historia.setdefault(prefijo + "loss", []).append(float(perdida_media.result()))
    historia.setdefault(prefijo + "mae", []).append(float(mae.result()))


def con_fit(clase=keras.Model):
    """La referencia: compile y fit, con SGD y el error cuadrático medio."""
    red = nueva_red(clase)
    red.compile(optimizer=keras.optimizers.SGD(TASA), loss="mse")
    historia = red.fit(x, y, batch_size=LOTE, epochs=EPOCAS, shuffle=False, verbose=0)
    return red, historia.history["loss"][-1]


class LlevaSuPerdida(keras.Model):
    """La base de SinCompile en los tres motores: la red lleva su pérdida y sus
    métricas, y compile solo recibe el optimizador. Cada motor escribe su paso; el
    método de las métricas sirve tal cual a PyTorch y a TensorFlow (JAX lo reescribe sin
    estado)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.mse = keras.losses.MeanSquaredError()
        self.perdida_media = keras.metrics.Mean(name="loss")
        self.mae = keras.metrics.MeanAbsoluteError(name="mae")

    @property
    def metrics(self):  # las que fit reinicia en cada época, y evaluate al empezar
        return [self.perdida_media, self.mae]

    def anota(self, perdida, xb, yb, prediccion):
        self.perdida_media.update_state(perdida, sample_weight=filas(xb))
        self.mae.update_state(yb, prediccion)
        return {metrica.name: metrica.result() for metrica in self.metrics}


def pesos(red):
    return np.concatenate(
        [keras.ops.convert_to_numpy(v.value).ravel() for v in red.trainable_weights]
    )


def informa(forma, red, perdida, referencia):
    """Una línea: cómo se entrenó, la pérdida media de la última época y si los pesos
    son los de fit."""
    iguales = np.abs(pesos(red) - pesos(referencia)).max() < 1e-5
    print(f"  {forma:<38} {perdida:.5f}   {iguales}")
