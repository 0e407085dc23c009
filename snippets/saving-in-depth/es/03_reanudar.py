"""reanudar.py: un fit de 6 épocas que se cae en la cuarta, reanudado con
BackupAndRestore (guardando cada época o cada 4 lotes, y barajando), con
ModelCheckpoint y con OrbaxCheckpoint, frente al mismo fit sin caída."""

import glob
import os
import shutil

import keras
import numpy as np

EPOCAS, LOTE, COPIA = 6, 32, "copia"  # COPIA: la carpeta de BackupAndRestore
azar = np.random.default_rng(0)
x = azar.normal(size=(320, 4)).astype("float32")  # 10 lotes por época
y = (x @ azar.normal(size=(4, 1)) + 0.1 * azar.normal(size=(320, 1))).astype("float32")
motor = keras.backend.backend()


class Caida(Exception):
    """Lo que para el entrenamiento: un corte de luz, un proceso matado, una GPU que se
    cuelga..."""


class CaerEnElLote(keras.callbacks.Callback):
    """Lanza Caida al terminar el lote número `n`, contando desde el principio del
    entrenamiento."""

    def __init__(self, n):
        super().__init__()
        self.n, self.vistos = n, 0

    def on_train_batch_end(self, lote, logs=None):
        self.vistos += 1
        if self.vistos == self.n:
            raise Caida


def red_nueva(funcional=False):
    """La misma red, con los mismos pesos iniciales, cada vez: como al arrancar un
    proceso nuevo. Sequential, o las mismas capas como red funcional."""
    keras.utils.set_random_seed(0)
    oculta, salida = keras.layers.Dense(16, activation="relu"), keras.layers.Dense(1)
    if funcional:
        entrada = keras.Input((4,))
        red = keras.Model(entrada, salida(oculta(entrada)))
    else:
        red = keras.Sequential([keras.Input((4,)), oculta, salida])
    red.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse")
    return red


def entrenar(red, *avisos, shuffle=False, **opciones):
    return red.fit(
        x,
        y,
        epochs=EPOCAS,
        batch_size=LOTE,
        shuffle=shuffle,
        verbose=0,
        callbacks=list(avisos),
        **opciones,
    )


def frente_a(referencia, red):
    """¿Los mismos pesos que el fit sin caída, a 1e-6? Con la diferencia máxima entre
    paréntesis."""
    diferencia = max(
        float(np.abs(p - q).max())
        for p, q in zip(red.get_weights(), referencia.get_weights())
    )
    return (
        f"¿los pesos del fit sin caída? {diferencia < 1e-6} "
        f"(diferencia {diferencia:.1e})"
    )


sin_caida = {}
for barajar in (False, True):
    sin_caida[barajar] = red_nueva()
    entrenar(sin_caida[barajar], shuffle=barajar)  # el fit entero, sin caída

for cada, barajar in (("epoch", False), (4, False), ("epoch", True)):
    shutil.rmtree(COPIA, ignore_errors=True)
    try:
        entrenar(
            red_nueva(),
            keras.callbacks.BackupAndRestore(COPIA, save_freq=cada),
            CaerEnElLote(35),
            shuffle=barajar,
        )
    except Caida:
        pass
    red = red_nueva()  # otro arranque, con la misma orden
    historia = entrenar(
        red, keras.callbacks.BackupAndRestore(COPIA, save_freq=cada), shuffle=barajar
    )
    print(
        f"[{motor}] BackupAndRestore, save_freq={cada!r}, shuffle={barajar}: "
        f"reanuda en las épocas {historia.epoch}",
        frente_a(sin_caida[barajar], red),
        f"¿queda {COPIA}/? {os.path.exists(COPIA)}",
        sep="; ",
    )

# Cada 4 lotes y dos caídas: la segunda, en el lote 6 de la época reanudada.
shutil.rmtree(COPIA, ignore_errors=True)
for caida in (35, 6):
    try:
        entrenar(
            red_nueva(),
            keras.callbacks.BackupAndRestore(COPIA, save_freq=4),
            CaerEnElLote(caida),
        )
    except Caida:
        pass
with open(os.path.join(COPIA, "training_metadata.json")) as archivo:
    apuntado = archivo.read()  # lo que guardó la última copia antes de caer
red = red_nueva()
historia = entrenar(red, keras.callbacks.BackupAndRestore(COPIA, save_freq=4))
print(
    f"[{motor}] BackupAndRestore, save_freq=4, dos caídas: la copia apunta {apuntado}",
    f"reanuda en las épocas {historia.epoch}",
    frente_a(sin_caida[False], red),
    sep="; ",
)

for viejo in glob.glob("ckpt_*.keras"):
    os.remove(viejo)
try:
    entrenar(
        red_nueva(),
        keras.callbacks.ModelCheckpoint("ckpt_{epoch}.keras"),
        CaerEnElLote(35),
    )
except Caida:
    pass
# {epoch} cuenta desde 1, así que el número del último archivo es el de épocas
# terminadas.
hechas = max(
    int(ruta[len("ckpt_") : -len(".keras")]) for ruta in glob.glob("ckpt_*.keras")
)
ultimo = f"ckpt_{hechas}.keras"
red = keras.saving.load_model(ultimo)
historia = entrenar(red, initial_epoch=hechas)
print(
    f"[{motor}] ModelCheckpoint, shuffle=False: abre {ultimo} "
    f"y reanuda en las épocas {historia.epoch}",
    frente_a(sin_caida[False], red),
    sep="; ",
)

# OrbaxCheckpoint guarda con Orbax en una carpeta, un paso por época, y load_model abre
# la carpeta. Aquí sin segundo plano (save_on_background=False): cada copia queda
# escrita antes de que siga el entrenamiento.
for funcional in (False, True):
    carpeta = os.path.abspath("orbax")
    shutil.rmtree(carpeta, ignore_errors=True)
    try:
        entrenar(
            red_nueva(funcional),
            keras.callbacks.OrbaxCheckpoint(carpeta, save_on_background=False),
            CaerEnElLote(35),
        )
    except Caida:
        pass
    # cada paso, una subcarpeta con el número de la época guardada (desde 0)
    hechas = 1 + max(int(paso) for paso in os.listdir(carpeta) if paso.isdigit())
    red = keras.saving.load_model(carpeta)
    pasos = int(red.optimizer.iterations)
    historia = entrenar(red, initial_epoch=hechas)
    referencia = red_nueva(funcional)
    entrenar(referencia)
    print(
        f"[{motor}] OrbaxCheckpoint, {'funcional' if funcional else 'Sequential'}: "
        f"load_model trae {pasos} pasos de Adam "
        f"y reanuda en las épocas {historia.epoch}",
        frente_a(referencia, red),
        sep="; ",
    )
