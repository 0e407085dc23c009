import os

os.environ["KERAS_BACKEND"] = "jax"

import jax
import keras
import numpy as np

from comun import EPOCAS, TASA, con_fit, informa, lotes, nueva_red

referencia, perdida_fit = con_fit()
print(f"jax {jax.__version__} · forma, pérdida de la última época, ¿pesos de fit?")
informa("fit", referencia, perdida_fit, referencia)

# 1. Sin estado: los pesos entran y salen como arrays; la red y el optimizador solo calculan.
red = nueva_red()
sgd = keras.optimizers.SGD(TASA)
sgd.build(red.trainable_variables)  # lo prepara para estos pesos: stateless_apply lo exige
mse = keras.losses.MeanSquaredError()


def perdida_de(entrenables, no_entrenables, xb, yb):
    prediccion, no_entrenables = red.stateless_call(entrenables, no_entrenables, xb, training=True)
    return mse(yb, prediccion), no_entrenables


perdida_y_gradientes = jax.value_and_grad(perdida_de, has_aux=True)  # deriva respecto a entrenables


@jax.jit
def paso(estado, xb, yb):
    entrenables, no_entrenables, del_optimizador = estado
    (perdida, no_entrenables), gradientes = perdida_y_gradientes(entrenables, no_entrenables, xb, yb)
    entrenables, del_optimizador = sgd.stateless_apply(del_optimizador, gradientes, entrenables)
    return perdida, (entrenables, no_entrenables, del_optimizador)


estado = (
    [v.value for v in red.trainable_variables],
    [v.value for v in red.non_trainable_variables],
    [v.value for v in sgd.variables],
)
for _ in range(EPOCAS):
    perdidas = []
    for xb, yb in lotes():
        perdida, estado = paso(estado, xb, yb)
        perdidas.append(float(perdida))
informa("bucle con jax.jit, antes de devolver", red, np.mean(perdidas), referencia)
# Las variables de la red y del optimizador no se han enterado: lo entrenado está en estado.
for variables, valores in zip((red.trainable_variables, red.non_trainable_variables, sgd.variables), estado):
    for variable, valor in zip(variables, valores):
        variable.assign(valor)
informa("el mismo, con el estado devuelto", red, np.mean(perdidas), referencia)


# 2. Un paso propio dentro de fit: recibe todo el estado y devuelve el nuevo, sin tocar variables.
class PasoPropio(keras.Model):
    def train_step(self, estado, datos):
        entrenables, no_entrenables, del_optimizador, de_metricas = estado
        xb, yb = datos

        def perdida_de(entrenables, no_entrenables):
            prediccion, no_entrenables = self.stateless_call(entrenables, no_entrenables, xb, training=True)
            return self.compute_loss(x=xb, y=yb, y_pred=prediccion), no_entrenables

        (perdida, no_entrenables), gradientes = jax.value_and_grad(perdida_de, has_aux=True)(entrenables, no_entrenables)
        entrenables, del_optimizador = self.optimizer.stateless_apply(del_optimizador, gradientes, entrenables)
        # También las métricas son estado: cada una toma sus variables, en orden, y las devuelve.
        # Aquí solo está la de la pérdida; otras recibirían (yb, prediccion), que perdida_de tendría que devolver.
        nuevas, registro = [], {}
        for metrica in self.metrics:
            suyas = de_metricas[len(nuevas) : len(nuevas) + len(metrica.variables)]
            suyas = metrica.stateless_update_state(suyas, perdida)
            registro[metrica.name] = metrica.stateless_result(suyas)
            nuevas += suyas
        return registro, (entrenables, no_entrenables, del_optimizador, nuevas)


red, perdida = con_fit(PasoPropio)
informa("train_step propio dentro de fit", red, perdida, referencia)
