"""Cinco tropiezos al dar datos a fit, con lo que Keras responde en cada uno. Se ejecuta
con torch."""

import warnings

import keras
from datos import (
    EPOCAS,
    LOTE,
    PASOS,
    Lotes,
    con_dataloader,
    con_tf_data,
    lote,
    nueva_red,
    x,
    y,
)


class CuentaLotes(keras.callbacks.Callback):
    """Cuenta los lotes de cada época; con tope, corta el entrenamiento al llegar a
    él."""

    def __init__(self, tope=None):
        super().__init__()
        self.por_epoca, self.tope = [], tope

    def on_epoch_begin(self, epoca, logs=None):
        self.por_epoca.append(0)

    def on_train_batch_end(self, lote_n, logs=None):
        self.por_epoca[-1] += 1
        if self.tope and self.por_epoca[-1] >= self.tope:
            self.model.stop_training = True


def avisos_de(funcion):
    """Ejecuta funcion y devuelve la primera frase de cada aviso que Keras dio por el
    camino."""
    with warnings.catch_warnings(record=True) as avisos:
        warnings.simplefilter("always", UserWarning)
        funcion()
    return [
        str(a.message).split(". ")[0] + "." for a in avisos if a.category is UserWarning
    ]


print("1. Un generador se gasta en la primera época")


def generador():
    for i in range(PASOS):
        yield lote(i)


cuenta = CuentaLotes()
avisos = avisos_de(
    lambda: nueva_red().fit(
        generador(), epochs=EPOCAS, shuffle=False, verbose=0, callbacks=[cuenta]
    )
)
print("   lotes por época:", cuenta.por_epoca)
print(f"   avisos en {EPOCAS} épocas: {len(avisos)}; el último:", avisos[-1])

print("2. Un tf.data que se repite sin fin, sin steps_per_epoch")
sin_fin = con_tf_data()["x"].repeat()
cuenta = CuentaLotes(tope=10 * PASOS)
nueva_red().fit(sin_fin, epochs=EPOCAS, shuffle=False, verbose=0, callbacks=[cuenta])
print(
    f"   cortado a mano tras {cuenta.por_epoca[0]} lotes (10 pasadas por los datos): "
    f"épocas empezadas {len(cuenta.por_epoca)}"
)
cuenta = CuentaLotes()
nueva_red().fit(
    sin_fin,
    epochs=EPOCAS,
    steps_per_epoch=PASOS,
    shuffle=False,
    verbose=0,
    callbacks=[cuenta],
)
print("   con steps_per_epoch=PASOS, lotes por época:", cuenta.por_epoca)

print("3. El objetivo aparte, con un tf.data que ya lo lleva")
try:
    nueva_red().fit(con_tf_data()["x"], y, epochs=1, shuffle=False, verbose=0)
except ValueError as error:
    print("   ValueError:", error)

print("4. Lo que hace shuffle=True, el valor por defecto de fit")
for nombre, datos in [
    ("DataLoader", con_dataloader()["x"]),
    ("tf.data", con_tf_data()["x"]),
]:
    print(
        f"   {nombre}:",
        avisos_de(lambda: nueva_red().fit(datos, epochs=1, verbose=0))[0],
    )


class LotesApuntados(Lotes):
    """Los lotes de la página, apuntando el orden en que se piden."""

    def __init__(self, **opciones):
        super().__init__(**opciones)
        self.pedidos = []

    def __getitem__(self, i):
        self.pedidos.append(i)
        return lote(i)


pydataset = LotesApuntados()
nueva_red().fit(pydataset, epochs=1, verbose=0)
print(
    "   PyDataset: se baraja el orden de los lotes; pedidos en orden:",
    pydataset.pedidos == sorted(pydataset.pedidos),
)

print("5. Un PyDataset con workers=2 en torch o JAX")
PRIMERA_FILA = {float(x[i * LOTE, 0]): i for i in range(PASOS)}


class Mira(keras.layers.Layer):
    """Deja pasar cada lote sin tocarlo y apunta cuál es, por su primera fila, época a
    época."""

    def __init__(self):
        super().__init__()
        self.epocas = [[]]

    def call(self, lote_x):
        # al construir la red, torch la recorre con tensores sin valores
        if lote_x.device.type != "meta":
            self.epocas[-1].append(PRIMERA_FILA[float(lote_x[0, 0])])
        return lote_x


class NuevaEpoca(keras.callbacks.Callback):
    def __init__(self, mira):
        super().__init__()
        self.mira = mira

    def on_epoch_begin(self, epoca, logs=None):
        self.mira.epocas.append([])


def red_con_mira():
    mira = Mira()
    red = keras.Sequential([keras.Input((4,)), mira, *nueva_red().layers])
    red.compile(optimizer="sgd", loss="mse")
    return red, mira


def epocas_vistas(red, mira, workers):
    """Entrena EPOCAS épocas con el PyDataset y dice, época a época, qué lotes vio la
    red."""
    mira.epocas = []
    red.fit(
        Lotes(workers=workers),
        epochs=EPOCAS,
        shuffle=False,
        verbose=0,
        callbacks=[NuevaEpoca(mira)],
    )
    empiezan = [vistos[0] == 0 for vistos in mira.epocas]
    # las épocas siguientes, según cuántos lotes tenían listos los hilos: varía
    una_vez = sorted(mira.epocas[0]) == list(range(PASOS))
    return (
        f"empiezan por el lote 0: {empiezan}; "
        f"la primera ve cada lote una vez: {una_vez}"
    )


for workers in (1, 2):
    red, mira = red_con_mira()
    print(
        f"   workers={workers}, primer fit de la red:",
        epocas_vistas(red, mira, workers),
    )
print("   workers=2, segundo fit de la misma red:", epocas_vistas(red, mira, 2))
red, mira = red_con_mira()
# construye la pérdida de compile con un lote de arrays, sin tocar el PyDataset
red.evaluate(*lote(0), verbose=0)
print(
    "   workers=2, tras un evaluate con un lote de arrays:", epocas_vistas(red, mira, 2)
)
