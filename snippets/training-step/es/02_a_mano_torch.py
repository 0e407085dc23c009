import os

os.environ["KERAS_BACKEND"] = "torch"

import keras
import numpy as np
import torch

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
    SIN_SEMILLA,
    VALIDACION,
    compara_bucle_completo,
    compara_bucle_con_fit,
    compara_con_fit,
)

referencia, perdida_fit = con_fit()
print(f"torch {torch.__version__} · forma, pérdida de la última época, ¿pesos de fit?")
informa("fit", referencia, perdida_fit, referencia)

# La red de Keras es un torch.nn.Module: sus pesos son parámetros de PyTorch.
red = nueva_red()
print(
    f"  ¿un torch.nn.Module? {isinstance(red, torch.nn.Module)}, "
    f"con {len(list(red.parameters()))} parámetros"
)


def bucle_torch(red, entrada, objetivo, lote=LOTE, a_cero=True):
    """1. Todo con PyTorch: su pérdida, su autograd y su optimizador."""
    optimizador = torch.optim.SGD(red.parameters(), lr=TASA)
    for _ in range(EPOCAS):
        perdidas = []
        for xb, yb in lotes(lote, entrada, objetivo):
            if a_cero:
                # si no, backward suma los gradientes nuevos a los de antes
                optimizador.zero_grad()
            perdida = torch.nn.functional.mse_loss(
                red(torch.from_numpy(xb), training=True), torch.from_numpy(yb)
            )
            perdida.backward()
            optimizador.step()
            perdidas.append(perdida.item())
    return np.mean(perdidas)


informa("bucle con torch.optim.SGD", red, bucle_torch(red, x, y), referencia)
try:  # evaluate usa la pérdida de compile, aunque la red se entrenara a mano
    red.evaluate(x, y, verbose=0)
except AttributeError as error:
    print(f"  evaluate sin compile: AttributeError: {error}")
red.compile(loss="mse")  # su optimizador no se usa: evaluate no entrena
print(f"  evaluate tras compile(loss='mse'): {red.evaluate(x, y, verbose=0):.5f}")
red = nueva_red()
informa(
    "el mismo bucle sin zero_grad",
    red,
    bucle_torch(red, x, y, a_cero=False),
    referencia,
)

# 2. El mismo bucle, pero el paso lo da el optimizador de Keras con los gradientes de
#    PyTorch.
red = nueva_red()
sgd = keras.optimizers.SGD(TASA)
mse = keras.losses.MeanSquaredError()
for _ in range(EPOCAS):
    perdidas = []
    for xb, yb in lotes(LOTE, x, y):
        red.zero_grad()
        perdida = mse(yb, red(xb, training=True))
        perdida.backward()
        # como en el paso de Keras: la actualización queda fuera de autograd
        with torch.no_grad():
            sgd.apply(
                [v.value.grad for v in red.trainable_weights], red.trainable_weights
            )
        perdidas.append(perdida.item())
informa("bucle con keras.optimizers.SGD", red, np.mean(perdidas), referencia)


# 3. Un paso propio dentro de fit, que sigue llevando los lotes, las épocas y el
#    registro.
class PasoPropio(keras.Model):
    def train_step(self, datos):
        # (x, y) o (x, y, sample_weight)
        xb, yb, pesos_muestra = keras.utils.unpack_x_y_sample_weight(datos)
        self.zero_grad()
        prediccion = self(xb, training=True)
        perdida = self.compute_loss(
            x=xb, y=yb, y_pred=prediccion, sample_weight=pesos_muestra
        )
        # Como Keras: la pérdida escalada para derivar (con mixed_float16, compile pone
        # un LossScaleOptimizer, que desescala en apply), la de siempre para las
        # métricas.
        self.optimizer.scale_loss(perdida).backward()
        with torch.no_grad():
            self.optimizer.apply(
                [v.value.grad for v in self.trainable_weights], self.trainable_weights
            )
        return self.metricas(perdida, xb, yb, prediccion, pesos_muestra)

    def test_step(self, datos):
        """El paso de validation_data y de evaluate: la red en inferencia, sin derivar
        ni mover pesos."""
        xb, yb, pesos_muestra = keras.utils.unpack_x_y_sample_weight(datos)
        prediccion = self(xb, training=False)
        perdida = self.compute_loss(
            x=xb, y=yb, y_pred=prediccion, sample_weight=pesos_muestra, training=False
        )
        return self.metricas(perdida, xb, yb, prediccion, pesos_muestra)

    def metricas(self, perdida, xb, yb, prediccion, pesos_muestra):
        for metrica in self.metrics:
            # la media de la pérdida, ponderada por el tamaño del lote como en fit
            if metrica.name == "loss":
                metrica.update_state(perdida, sample_weight=filas(xb))
        # las de compile(metrics=...)
        return self.compute_metrics(xb, yb, prediccion, pesos_muestra)


red, perdida = con_fit(PasoPropio)
informa("train_step propio dentro de fit", red, perdida, referencia)
print(
    "  el mismo train_step, frente a fit en otras redes (¿mismos pesos e historial?):"
)
compara_con_fit(PasoPropio)
print("  el bucle con torch.optim.SGD, en las mismas redes:")
compara_bucle_con_fit(bucle_torch)


# 4. El bucle completo: lo que fit hace además del paso, escrito a mano.
def bucle_completo_torch(
    red, entrada, objetivo, lote=LOTE, pesos=None, validacion=None
):
    """Las pérdidas de las capas, los pesos por muestra, las métricas de cada época y la
    validación; devuelve el historial, como fit."""
    optimizador = torch.optim.SGD(red.parameters(), lr=TASA)
    mse = keras.losses.MeanSquaredError()

    def entrena(xb, yb, wb):
        optimizador.zero_grad()
        prediccion = red(xb, training=True)
        # más las de las capas
        perdida = mse(yb, prediccion, sample_weight=wb) + sum(red.losses)
        perdida.backward()
        optimizador.step()
        return perdida.detach(), prediccion.detach()

    def valida(xb, yb, wb):
        with torch.no_grad():
            prediccion = red(xb, training=False)
            return mse(yb, prediccion, sample_weight=wb) + sum(red.losses), prediccion

    historia = {}
    for _ in range(EPOCAS):
        epoca(historia, "", lotes(lote, entrada, objetivo, pesos), entrena)
        # al final de cada época, con los pesos de ese momento
        if validacion is not None:
            epoca(historia, "val_", lotes(lote, *validacion), valida)
    return historia


print(
    "  el bucle completo, frente a fit en las mismas redes "
    "(¿mismos pesos e historial?):"
)
compara_bucle_completo(bucle_completo_torch)
# Un Dropout sin semilla saca su máscara del generador global de PyTorch, del que el
# DataLoader de fit también saca un número cada vez que empieza a recorrer los datos.
print("  con un Dropout sin semilla, el train_step propio:")
compara_con_fit(PasoPropio, [SIN_SEMILLA])
print("  y el bucle completo:")
compara_bucle_completo(bucle_completo_torch, [SIN_SEMILLA])


# 5. Más abajo: compile solo recibe el optimizador; la pérdida y las métricas las lleva
#    la red.
class SinCompile(LlevaSuPerdida):
    def train_step(self, datos):
        xb, yb, pesos_muestra = keras.utils.unpack_x_y_sample_weight(datos)
        self.zero_grad()
        prediccion = self(xb, training=True)
        perdida = self.mse(yb, prediccion, sample_weight=pesos_muestra) + sum(
            self.losses
        )
        perdida.backward()
        with torch.no_grad():
            self.optimizer.apply(
                [v.value.grad for v in self.trainable_weights], self.trainable_weights
            )
        return self.anota(perdida.detach(), xb, yb, prediccion.detach())


class SinCompileQueValida(SinCompile):
    # lo que le falta para validar: actualizar sus propias métricas
    def test_step(self, datos):
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
