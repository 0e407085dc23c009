"""otras_redes.py: las seis maneras de rejilla.py con tres cambios que trae una red de
verdad: pesos por muestra, un último lote más corto y dos entradas con nombre. Cada
manera entrena una época y se compara con NumPy, en el motor de KERAS_BACKEND."""

import warnings

import keras
import numpy as np
from datos import FILAS, LOTE, nueva_red, x, y

motor = keras.backend.backend()
por_muestra = (
    np.random.default_rng(5).uniform(0.1, 2.0, size=(FILAS, 1)).astype("float32")
)
PESOS, CORTO, DOS = (
    "pesos por muestra",
    "último lote más corto",
    "dos entradas con nombre",
)


def red_de_dos_entradas():
    """La red de datos.py con sus 4 columnas partidas en dos entradas: con los mismos
    pesos iniciales, hace las mismas cuentas, así que cada manera se compara con NumPy
    igual que en la rejilla."""
    a, b = keras.Input((2,), name="a"), keras.Input((2,), name="b")
    oculta = keras.layers.Dense(8, activation="relu")(
        keras.layers.Concatenate()([a, b])
    )
    red = keras.Model({"a": a, "b": b}, keras.layers.Dense(1)(oculta))
    red.set_weights(nueva_red().get_weights())
    red.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse")
    return red


def partes(variacion):
    """(entrada, objetivo, pesos o None) en arrays completos: cada manera los sirve a su
    modo."""
    if variacion == PESOS:
        return x, y, por_muestra
    if variacion == CORTO:
        # 1000 filas: 31 lotes de 32 y uno de 8
        return x[: FILAS - 24], y[: FILAS - 24], None
    return {"a": x[:, :2], "b": x[:, 2:]}, y, None


def corta(parte, inicio, fin):
    return (
        {k: v[inicio:fin] for k, v in parte.items()}
        if isinstance(parte, dict)
        else parte[inicio:fin]
    )


def lotes_de(variacion):
    """Los lotes en orden, cada uno (entrada, objetivo) o (entrada, objetivo, pesos)."""
    piezas = [p for p in partes(variacion) if p is not None]
    filas = len(piezas[1])
    return [tuple(corta(p, i, i + LOTE) for p in piezas) for i in range(0, filas, LOTE)]


def con_numpy(variacion):
    entrada, objetivo, pesos = partes(variacion)
    return {"x": entrada, "y": objetivo, "sample_weight": pesos, "batch_size": LOTE}


def con_pandas(variacion):
    import pandas as pd

    entrada, objetivo, pesos = partes(variacion)
    tabla = (
        {k: pd.DataFrame(v) for k, v in entrada.items()}
        if isinstance(entrada, dict)
        else pd.DataFrame(entrada)
    )
    return {
        "x": tabla,
        "y": pd.Series(objetivo[:, 0]),
        "batch_size": LOTE,
        "sample_weight": None if pesos is None else pd.Series(pesos[:, 0]),
    }


def con_tf_data(variacion):
    import tensorflow as tf

    piezas = tuple(p for p in partes(variacion) if p is not None)
    return {"x": tf.data.Dataset.from_tensor_slices(piezas).batch(LOTE)}


def con_dataloader(variacion):
    import torch

    # una fila por índice; DataLoader las junta en lotes
    class Filas(torch.utils.data.Dataset):
        def __init__(self):
            self.piezas = [p for p in partes(variacion) if p is not None]

        def __len__(self):
            return len(self.piezas[1])

        # con dos entradas, un dict por fila: DataLoader junta los dict
        def __getitem__(self, i):
            return tuple(
                {k: v[i] for k, v in p.items()} if isinstance(p, dict) else p[i]
                for p in self.piezas
            )

    return {"x": torch.utils.data.DataLoader(Filas(), batch_size=LOTE)}


class Lotes(keras.utils.PyDataset):
    """Con workers=1 (el valor por defecto), sin el quinto tropiezo: se compara la
    variación, no la cola."""

    def __init__(self, lotes, **opciones):
        super().__init__(**opciones)
        self.lotes = lotes

    def __len__(self):
        return len(self.lotes)

    def __getitem__(self, i):
        return self.lotes[i]


def con_pydataset(variacion):
    return {"x": Lotes(lotes_de(variacion))}


def con_generador(variacion):
    lotes = lotes_de(variacion)

    def sin_fin():
        while True:
            yield from lotes

    return {"x": sin_fin(), "steps_per_epoch": len(lotes)}


MANERAS = {
    "NumPy": con_numpy,
    "pandas": con_pandas,
    "tf.data": con_tf_data,
    "DataLoader": con_dataloader,
    "PyDataset": con_pydataset,
    "generador": con_generador,
}


def pesos_tras_una_epoca(red, callbacks=None, **datos):
    red.fit(**datos, epochs=1, shuffle=False, callbacks=callbacks, verbose=0)
    return np.concatenate([w.ravel() for w in red.get_weights()])


class CuentaPasos(keras.callbacks.Callback):
    def on_train_begin(self, logs=None):
        self.pasos = 0

    def on_train_batch_end(self, lote, logs=None):
        self.pasos += 1


# Antes de comparar con NumPy, que NumPy mismo haga el cambio: si lo ignorase, todo
# "coincidiría".
sin_cambio = pesos_tras_una_epoca(nueva_red(), x=x, y=y, batch_size=LOTE)
con_pesos = pesos_tras_una_epoca(nueva_red(), **con_numpy(PESOS))
dos_entradas = pesos_tras_una_epoca(red_de_dos_entradas(), **con_numpy(DOS))
cuenta = CuentaPasos()
pesos_tras_una_epoca(nueva_red(), **con_numpy(CORTO), callbacks=[cuenta])
print(
    f"[{motor}] NumPy: con pesos cambia el resultado: "
    f"{np.abs(con_pesos - sin_cambio).max() > 1e-3};",
    f"dos entradas = una: {np.abs(dos_entradas - sin_cambio).max() < 1e-5};",
    f"pasos con {len(x) - 24} filas: {cuenta.pasos}",
)

for variacion in (PESOS, CORTO, DOS):
    resultados, errores = {}, {}
    for manera, datos_de in MANERAS.items():
        red = red_de_dos_entradas() if variacion == DOS else nueva_red()
        try:
            resultados[manera] = pesos_tras_una_epoca(red, **datos_de(variacion))
        except Exception as error:  # lo que le pasaría al lector: el nombre del error
            errores[manera] = type(error).__name__
    referencia = resultados.pop("NumPy", None)
    if referencia is None:  # sin NumPy no hay con qué comparar: se dice y se sigue
        print(f"[{motor}] {variacion}: NumPy falla ({errores['NumPy']})")
        continue
    como_numpy = [
        m for m, r in resultados.items() if np.abs(r - referencia).max() < 1e-5
    ]
    distintas = [f"{m} (otros pesos)" for m in resultados if m not in como_numpy]
    distintas += [f"{m} ({nombre})" for m, nombre in errores.items()]
    print(
        f"[{motor}] {variacion}: como NumPy: {', '.join(como_numpy) or 'ninguna'};",
        f"distintas o con error: {', '.join(distintas) or 'ninguna'}",
    )

# use_multiprocessing=True: los workers son procesos, copias de este hechas con os.fork
# (en Linux). ¿Entrena? ¿Y con un PyDataset que pickle no sabría copiar?


class ConLambda(Lotes):
    def __init__(self, lotes, **opciones):
        super().__init__(lotes, **opciones)
        self.igual = lambda lote: lote  # pickle no sabe guardar una lambda


en_orden = [(x[i : i + LOTE], y[i : i + LOTE]) for i in range(0, len(x), LOTE)]
entrena = {}
# los avisos que vería el lector, con los filtros de Python por defecto
with warnings.catch_warnings(record=True) as avisos:
    for clase in (Lotes, ConLambda):
        datos = clase(en_orden, workers=2, use_multiprocessing=True)
        pesos = pesos_tras_una_epoca(nueva_red(), x=datos)
        entrena[clase] = bool(np.isfinite(pesos).all())
# cada aviso distinto una vez, con su primera línea
distintos = sorted(
    {f"{a.category.__name__}: {str(a.message).splitlines()[0]}" for a in avisos}
)
print(
    f"[{motor}] PyDataset, workers=2, use_multiprocessing=True:",
    f"entrena {entrena[Lotes]}; con una lambda dentro: {entrena[ConLambda]};",
    f"avisos distintos: {len(distintos)}",
)
for aviso in distintos:
    print(f"    {aviso}")
