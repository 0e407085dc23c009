import os

os.environ["KERAS_BACKEND"] = "jax"

import jax
import keras
import numpy as np

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
    ACTIVIDAD,
    L2,
    SIN_COMPILE,
    VALIDACION,
    compara_bucle_completo,
    compara_bucle_con_fit,
    compara_con_fit,
)

referencia, perdida_fit = con_fit()
print(f"jax {jax.__version__} · forma, pérdida de la última época, ¿pesos de fit?")
informa("fit", referencia, perdida_fit, referencia)


# 1. Sin estado: los pesos entran y salen como arrays; la red y el optimizador solo
#    calculan.
def bucle_jax(red, entrada, objetivo, lote=LOTE, devuelve=True):
    sgd = keras.optimizers.SGD(TASA)
    # lo prepara para estos pesos: stateless_apply lo exige
    sgd.build(red.trainable_variables)
    mse = keras.losses.MeanSquaredError()

    def perdida_de(entrenables, no_entrenables, xb, yb):
        prediccion, no_entrenables = red.stateless_call(
            entrenables, no_entrenables, xb, training=True
        )
        return mse(yb, prediccion), no_entrenables

    # deriva respecto a entrenables
    perdida_y_gradientes = jax.value_and_grad(perdida_de, has_aux=True)

    @jax.jit
    def paso(estado, xb, yb):
        entrenables, no_entrenables, del_optimizador = estado
        (perdida, no_entrenables), gradientes = perdida_y_gradientes(
            entrenables, no_entrenables, xb, yb
        )
        entrenables, del_optimizador = sgd.stateless_apply(
            del_optimizador, gradientes, entrenables
        )
        return perdida, (entrenables, no_entrenables, del_optimizador)

    estado = (
        [v.value for v in red.trainable_variables],
        [v.value for v in red.non_trainable_variables],
        [v.value for v in sgd.variables],
    )
    for _ in range(EPOCAS):
        perdidas = []
        for xb, yb in lotes(lote, entrada, objetivo):
            perdida, estado = paso(estado, xb, yb)
            perdidas.append(float(perdida))
    # las variables de la red y del optimizador no se enteran: lo entrenado está en
    # estado
    if devuelve:
        for variables, valores in zip(
            (red.trainable_variables, red.non_trainable_variables, sgd.variables),
            estado,
        ):
            for variable, valor in zip(variables, valores):
                variable.assign(valor)
    return np.mean(perdidas)


red = nueva_red()
informa(
    "bucle con jax.jit, antes de devolver",
    red,
    bucle_jax(red, x, y, devuelve=False),
    referencia,
)
red = nueva_red()
informa("el mismo, con el estado devuelto", red, bucle_jax(red, x, y), referencia)


# 2. Un paso propio dentro de fit: recibe todo el estado y devuelve el nuevo, sin tocar
#    variables.
class PasoPropio(keras.Model):
    def train_step(self, estado, datos):
        entrenables, no_entrenables, del_optimizador, de_metricas = estado
        xb, yb, pesos_muestra = keras.utils.unpack_x_y_sample_weight(datos)
        # La pérdida sin estado del propio paso de Keras: la predicción con los pesos
        # que recibe, la pérdida de compile, las de las capas (regularizadores,
        # add_loss) y los pesos por muestra.
        derivada = jax.value_and_grad(self.compute_loss_and_updates, has_aux=True)
        (_, (perdida, prediccion, no_entrenables, de_metricas)), gradientes = derivada(
            entrenables,
            no_entrenables,
            de_metricas,
            xb,
            yb,
            pesos_muestra,
            training=True,
            optimizer_variables=del_optimizador,
        )
        entrenables, del_optimizador = self.optimizer.stateless_apply(
            del_optimizador, gradientes, entrenables
        )
        registro, de_metricas = self.metricas(
            de_metricas, perdida, xb, yb, prediccion, pesos_muestra
        )
        return registro, (entrenables, no_entrenables, del_optimizador, de_metricas)

    def test_step(self, estado, datos):
        """El paso de validation_data y de evaluate: la misma pérdida sin derivar, en
        inferencia, y su estado no lleva el optimizador."""
        entrenables, no_entrenables, de_metricas = estado
        xb, yb, pesos_muestra = keras.utils.unpack_x_y_sample_weight(datos)
        _, (perdida, prediccion, no_entrenables, de_metricas) = (
            self.compute_loss_and_updates(
                entrenables,
                no_entrenables,
                de_metricas,
                xb,
                yb,
                pesos_muestra,
                training=False,
            )
        )
        registro, de_metricas = self.metricas(
            de_metricas, perdida, xb, yb, prediccion, pesos_muestra
        )
        return registro, (entrenables, no_entrenables, de_metricas)

    def metricas(self, de_metricas, perdida, xb, yb, prediccion, pesos_muestra):
        # Las métricas también son estado: dentro de un StatelessScope, update_state lee
        # y escribe los valores de este lote, no las variables.
        with keras.StatelessScope(
            state_mapping=list(zip(self.metrics_variables, de_metricas))
        ) as ambito:
            for metrica in self.metrics:
                # la media de la pérdida, ponderada por el tamaño del lote como en fit
                if metrica.name == "loss":
                    metrica.update_state(perdida, sample_weight=filas(xb))
            # las de compile(metrics=...)
            registro = self.compute_metrics(xb, yb, prediccion, pesos_muestra)
        return registro, [ambito.get_current_value(v) for v in self.metrics_variables]


red, perdida = con_fit(PasoPropio)
informa("train_step propio dentro de fit", red, perdida, referencia)
print(
    "  el mismo train_step, frente a fit en otras redes (¿mismos pesos e historial?):"
)
compara_con_fit(PasoPropio)
print("  el bucle con jax.jit, en las mismas redes:")
compara_bucle_con_fit(bucle_jax)


# 3. El bucle completo: lo que fit hace además del paso, escrito a mano y sin estado.
def bucle_completo_jax(red, entrada, objetivo, lote=LOTE, pesos=None, validacion=None):
    """Las pérdidas de las capas, los pesos por muestra, las métricas de cada época y la
    validación; devuelve el historial, como fit, y deja lo entrenado en las variables de
    la red."""
    sgd = keras.optimizers.SGD(TASA)
    sgd.build(red.trainable_variables)
    mse = keras.losses.MeanSquaredError()

    def perdida_de(entrenables, no_entrenables, xb, yb, wb, training):
        # return_losses: también las pérdidas de las capas, calculadas con estos pesos
        prediccion, no_entrenables, de_capas = red.stateless_call(
            entrenables, no_entrenables, xb, training=training, return_losses=True
        )
        return mse(yb, prediccion, sample_weight=wb) + sum(de_capas), (
            prediccion,
            no_entrenables,
        )

    @jax.jit
    def paso(estado, xb, yb, wb):
        entrenables, no_entrenables, del_optimizador = estado
        derivada = jax.value_and_grad(perdida_de, has_aux=True)
        (perdida, (prediccion, no_entrenables)), gradientes = derivada(
            entrenables, no_entrenables, xb, yb, wb, True
        )
        entrenables, del_optimizador = sgd.stateless_apply(
            del_optimizador, gradientes, entrenables
        )
        return perdida, prediccion, (entrenables, no_entrenables, del_optimizador)

    variables = (red.trainable_variables, red.non_trainable_variables, sgd.variables)
    estado = tuple([v.value for v in grupo] for grupo in variables)

    def entrena(xb, yb, wb):
        nonlocal estado
        perdida, prediccion, estado = paso(estado, xb, yb, wb)
        return perdida, prediccion

    def valida(xb, yb, wb):  # con el estado de este momento, en inferencia
        perdida, (prediccion, _) = perdida_de(estado[0], estado[1], xb, yb, wb, False)
        return perdida, prediccion

    historia = {}
    for _ in range(EPOCAS):
        epoca(historia, "", lotes(lote, entrada, objetivo, pesos), entrena)
        if validacion is not None:
            epoca(historia, "val_", lotes(lote, *validacion), valida)
    # lo entrenado, de vuelta a las variables
    for grupo, valores in zip(variables, estado):
        for variable, valor in zip(grupo, valores):
            variable.assign(valor)
    return historia


print(
    "  el bucle completo, frente a fit en las mismas redes "
    "(¿mismos pesos e historial?):"
)
compara_bucle_completo(bucle_completo_jax)


# 4. Dos atajos que parecen iguales: cambian la pérdida (sin escalarla, y siempre con
#    training=True) y fallan con las pérdidas de las capas.
class ConComputeLoss(PasoPropio):
    """compute_loss, como en PyTorch y TensorFlow: lee las variables, no los pesos que
    se derivan."""

    def compute_loss_and_updates(
        self, entrenables, no_entrenables, de_metricas, xb, yb, pesos_muestra, **_
    ):
        prediccion, no_entrenables = self.stateless_call(
            entrenables, no_entrenables, xb, training=True
        )
        perdida = self.compute_loss(
            x=xb, y=yb, y_pred=prediccion, sample_weight=pesos_muestra
        )
        return perdida, (perdida, prediccion, no_entrenables, de_metricas)


class ConStatelessComputeLoss(PasoPropio):
    """stateless_compute_loss: los regularizadores de los pesos sí, lo que las capas
    añaden al llamarlas no."""

    def compute_loss_and_updates(
        self, entrenables, no_entrenables, de_metricas, xb, yb, pesos_muestra, **_
    ):
        prediccion, no_entrenables = self.stateless_call(
            entrenables, no_entrenables, xb, training=True
        )
        perdida, (_, no_entrenables, de_metricas) = self.stateless_compute_loss(
            entrenables,
            no_entrenables,
            de_metricas,
            x=xb,
            y=yb,
            y_pred=prediccion,
            sample_weight=pesos_muestra,
        )
        return perdida, (perdida, prediccion, no_entrenables, de_metricas)


for atajo, nombre in (
    (ConComputeLoss, "con compute_loss"),
    (ConStatelessComputeLoss, "con stateless_compute_loss"),
):
    print(f"  el atajo {nombre}:")
    compara_con_fit(atajo, (L2, ACTIVIDAD))


# 5. Más abajo: compile solo recibe el optimizador; la pérdida y las métricas las lleva
#    la red.
class SinCompile(LlevaSuPerdida):
    def train_step(self, estado, datos):
        entrenables, no_entrenables, del_optimizador, de_metricas = estado
        xb, yb, pesos_muestra = keras.utils.unpack_x_y_sample_weight(datos)

        def perdida_de(entrenables, no_entrenables):
            prediccion, no_entrenables, de_capas = self.stateless_call(
                entrenables, no_entrenables, xb, training=True, return_losses=True
            )
            return self.mse(yb, prediccion, sample_weight=pesos_muestra) + sum(
                de_capas
            ), (prediccion, no_entrenables)

        derivada = jax.value_and_grad(perdida_de, has_aux=True)
        (perdida, (prediccion, no_entrenables)), gradientes = derivada(
            entrenables, no_entrenables
        )
        entrenables, del_optimizador = self.optimizer.stateless_apply(
            del_optimizador, gradientes, entrenables
        )
        registro, de_metricas = self.anota(de_metricas, perdida, xb, yb, prediccion)
        return registro, (entrenables, no_entrenables, del_optimizador, de_metricas)

    def anota(self, de_metricas, perdida, xb, yb, prediccion):
        with keras.StatelessScope(
            state_mapping=list(zip(self.metrics_variables, de_metricas))
        ) as ambito:
            self.perdida_media.update_state(
                perdida, sample_weight=filas(xb)
            )
            self.mae.update_state(yb, prediccion)
            registro = {metrica.name: metrica.result() for metrica in self.metrics}
        return registro, [ambito.get_current_value(v) for v in self.metrics_variables]


class SinCompileQueValida(SinCompile):
    # lo que le falta para validar: actualizar sus propias métricas
    def test_step(self, estado, datos):
        entrenables, no_entrenables, de_metricas = estado
        xb, yb, pesos_muestra = keras.utils.unpack_x_y_sample_weight(datos)
        prediccion, no_entrenables, de_capas = self.stateless_call(
            entrenables, no_entrenables, xb, training=False, return_losses=True
        )
        perdida = self.mse(yb, prediccion, sample_weight=pesos_muestra) + sum(de_capas)
        registro, de_metricas = self.anota(de_metricas, perdida, xb, yb, prediccion)
        return registro, (entrenables, no_entrenables, de_metricas)


print(
    "  sin pérdida ni métricas en compile, frente a fit (¿mismos pesos e historial?):"
)
compara_con_fit(SinCompile, SIN_COMPILE, True)  # True: compile solo con el optimizador
print("  la misma red, con su test_step:")
compara_con_fit(SinCompileQueValida, [VALIDACION], True)
