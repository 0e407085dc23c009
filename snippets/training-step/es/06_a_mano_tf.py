import os

os.environ["KERAS_BACKEND"] = "tensorflow"

import keras
import numpy as np
import tensorflow as tf

from comun import (
    LlevaSuPerdida,
    EPOCAS,
    LOTE,
    TASA,
    con_fit,
    epoca,
    filas,
    informa,
    lotes,
    nueva_red,
    x,
    y,
)
from otras_redes import (
    SIN_COMPILE,
    VALIDACION,
    compara_bucle_completo,
    compara_bucle_con_fit,
    compara_con_fit,
)

referencia, perdida_fit = con_fit()
print(
    f"tensorflow {tf.__version__} · forma, pérdida de la última época, ¿pesos de fit?"
)
informa("fit", referencia, perdida_fit, referencia)


# 1. La cinta anota las operaciones del paso y deriva a partir de ellas; tf.function las
#    compila.
def bucle_tf(red, entrada, objetivo, lote=LOTE):
    sgd = keras.optimizers.SGD(TASA)
    mse = keras.losses.MeanSquaredError()

    @tf.function
    def paso(xb, yb):
        with tf.GradientTape() as cinta:
            perdida = mse(yb, red(xb, training=True))
        sgd.apply(cinta.gradient(perdida, red.trainable_weights), red.trainable_weights)
        return perdida

    for _ in range(EPOCAS):
        perdidas = [float(paso(xb, yb)) for xb, yb in lotes(lote, entrada, objetivo)]
    return np.mean(perdidas)


red = nueva_red()
informa("bucle con tf.GradientTape", red, bucle_tf(red, x, y), referencia)

# Lo que la cinta no ve, no lo deriva: una predicción hecha antes de abrirla no tiene
# gradientes.
xb, yb = next(lotes(LOTE, x, y))
sgd, mse = keras.optimizers.SGD(TASA), keras.losses.MeanSquaredError()
prediccion = red(xb)
with tf.GradientTape() as cinta:
    perdida = mse(yb, prediccion)
try:
    sgd.apply(cinta.gradient(perdida, red.trainable_weights), red.trainable_weights)
except ValueError as error:
    print(f"  predicción fuera de la cinta: ValueError: {error}")


# 2. Un paso propio dentro de fit, que lo compila él mismo en un tf.function.
class PasoPropio(keras.Model):
    def train_step(self, datos):
        xb, yb, pesos_muestra = keras.utils.unpack_x_y_sample_weight(datos)
        with tf.GradientTape() as cinta:
            prediccion = self(xb, training=True)
            perdida = self.compute_loss(
                x=xb, y=yb, y_pred=prediccion, sample_weight=pesos_muestra
            )
            escalada = self.optimizer.scale_loss(perdida)  # como en PyTorch
        self.optimizer.apply(
            cinta.gradient(escalada, self.trainable_weights), self.trainable_weights
        )
        return self.metricas(perdida, xb, yb, prediccion, pesos_muestra)

    def test_step(self, datos):
        """El paso de validation_data y de evaluate: como en PyTorch, sin cinta."""
        xb, yb, pesos_muestra = keras.utils.unpack_x_y_sample_weight(datos)
        prediccion = self(xb, training=False)
        perdida = self.compute_loss(
            x=xb, y=yb, y_pred=prediccion, sample_weight=pesos_muestra, training=False
        )
        return self.metricas(perdida, xb, yb, prediccion, pesos_muestra)

    def metricas(self, perdida, xb, yb, prediccion, pesos_muestra):  # como en PyTorch
        for metrica in self.metrics:
            if metrica.name == "loss":
                metrica.update_state(perdida, sample_weight=filas(xb))
        return self.compute_metrics(xb, yb, prediccion, pesos_muestra)


red, perdida = con_fit(PasoPropio)
informa("train_step propio dentro de fit", red, perdida, referencia)
print(
    "  el mismo train_step, frente a fit en otras redes (¿mismos pesos e historial?):"
)
compara_con_fit(PasoPropio)
print("  el bucle con tf.GradientTape, en las mismas redes:")
compara_bucle_con_fit(bucle_tf)


# 3. El bucle completo: lo que fit hace además del paso, escrito a mano.
def bucle_completo_tf(red, entrada, objetivo, lote=LOTE, pesos=None, validacion=None):
    """Las pérdidas de las capas, los pesos por muestra, las métricas de cada época y la
    validación; devuelve el historial, como fit."""
    sgd = keras.optimizers.SGD(TASA)
    mse = keras.losses.MeanSquaredError()

    @tf.function
    def entrena(xb, yb, wb):
        with tf.GradientTape() as cinta:
            prediccion = red(xb, training=True)
            # más las de las capas
            perdida = mse(yb, prediccion, sample_weight=wb) + sum(red.losses)
        sgd.apply(cinta.gradient(perdida, red.trainable_weights), red.trainable_weights)
        return perdida, prediccion

    def valida(xb, yb, wb):
        prediccion = red(xb, training=False)
        return mse(yb, prediccion, sample_weight=wb) + sum(red.losses), prediccion

    historia = {}
    for _ in range(EPOCAS):
        epoca(historia, "", lotes(lote, entrada, objetivo, pesos), entrena)
        if validacion is not None:
            epoca(historia, "val_", lotes(lote, *validacion), valida)
    return historia


print(
    "  el bucle completo, frente a fit en las mismas redes "
    "(¿mismos pesos e historial?):"
)
compara_bucle_completo(bucle_completo_tf)


# 4. Más abajo: compile solo recibe el optimizador; la pérdida y las métricas las lleva
#    la red.
class SinCompile(LlevaSuPerdida):
    def train_step(self, datos):
        xb, yb, pesos_muestra = keras.utils.unpack_x_y_sample_weight(datos)
        with tf.GradientTape() as cinta:
            prediccion = self(xb, training=True)
            perdida = self.mse(yb, prediccion, sample_weight=pesos_muestra) + sum(
                self.losses
            )
        self.optimizer.apply(
            cinta.gradient(perdida, self.trainable_weights), self.trainable_weights
        )
        return self.anota(perdida, xb, yb, prediccion)


class SinCompileQueValida(SinCompile):
    def test_step(self, datos):  # como en PyTorch
        xb, yb, pesos_muestra = keras.utils.unpack_x_y_sample_weight(datos)
        prediccion = self(xb, training=False)
        return self.anota(
            self.mse(yb, prediccion, sample_weight=pesos_muestra) + sum(self.losses),
            xb,
            yb,
            prediccion,
        )


print(
    "  sin pérdida ni métricas en compile, frente a fit (¿mismos pesos e historial?):"
)
compara_con_fit(SinCompile, SIN_COMPILE, True)  # True: compile solo con el optimizador
print("  la misma red, con su test_step:")
compara_con_fit(SinCompileQueValida, [VALIDACION], True)
