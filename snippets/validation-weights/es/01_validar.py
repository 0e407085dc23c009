"""validar.py: validation_data, validation_split, validation_steps y class_weight con
seis tipos de entrada, y un PyDataset sin longitud fija, en el motor de KERAS_BACKEND.
Cada caso se compara con lo mismo hecho con arrays de NumPy, o con evaluate."""

import re

import keras
import numpy as np
import pandas as pd
import tensorflow as tf
import torch

motor = keras.backend.backend()
# 256 filas para entrenar (8 lotes) y las 64 siguientes para validar (2)
LOTE, ENTRENO = 32, 256
azar = np.random.default_rng(0)
x = azar.normal(size=(320, 4)).astype("float32")
y = (x @ np.array([1.0, -1.0, 0.5, 0.0]) + 0.3 * azar.normal(size=320) > 0.8).astype(
    "float32"
)[:, None]
TIPOS = ["NumPy", "pandas", "tf.data", "DataLoader", "PyDataset", "generador"]


class Lotes(keras.utils.PyDataset):
    """Un PyDataset con una lista de lotes ya hechos; sabe cuántos hay."""

    def __init__(self, lotes):
        super().__init__()
        self.lotes = lotes

    def __len__(self):
        return len(self.lotes)

    def __getitem__(self, i):
        return self.lotes[i]


def como(tipo, *partes):
    """Las partes (entrada, objetivo[, pesos]) como argumentos de fit del tipo pedido,
    en lotes de LOTE."""
    if tipo == "NumPy":
        return dict(zip(("x", "y", "sample_weight"), partes), batch_size=LOTE)
    if tipo == "pandas":
        return dict(
            zip(
                ("x", "y", "sample_weight"),
                [pd.DataFrame(partes[0])] + [pd.Series(p[:, 0]) for p in partes[1:]],
            ),
            batch_size=LOTE,
        )
    lotes = [
        tuple(p[i : i + LOTE] for p in partes) for i in range(0, len(partes[0]), LOTE)
    ]
    if tipo == "tf.data":
        return {"x": tf.data.Dataset.from_tensor_slices(partes).batch(LOTE)}
    if tipo == "DataLoader":
        filas = torch.utils.data.TensorDataset(*[torch.from_numpy(p) for p in partes])
        return {"x": torch.utils.data.DataLoader(filas, batch_size=LOTE)}
    if tipo == "PyDataset":
        return {"x": Lotes(lotes)}

    def sin_fin():
        while True:
            yield from lotes

    return {"x": sin_fin(), "steps_per_epoch": len(lotes)}


def para_validar(tipo, *partes):
    """Las mismas partes como argumentos de validación de fit: validation_data (y
    validation_steps)."""
    datos = como(tipo, *partes)
    if tipo in ("NumPy", "pandas"):
        return {
            "validation_data": tuple(
                datos[clave] for clave in ("x", "y", "sample_weight") if clave in datos
            )
        }
    validar = {"validation_data": datos["x"]}
    if "steps_per_epoch" in datos:
        # un generador sin fin no sabe cuándo parar
        validar["validation_steps"] = datos["steps_per_epoch"]
    return validar


def red_nueva():
    keras.utils.set_random_seed(0)
    red = keras.Sequential(
        [
            keras.Input((4,)),
            keras.layers.Dense(8, activation="relu"),
            keras.layers.Dense(1, activation="sigmoid"),
        ]
    )
    red.compile(optimizer=keras.optimizers.SGD(0.1), loss="binary_crossentropy")
    return red


def pesos_de(red):
    return np.concatenate([w.ravel() for w in red.get_weights()])


def por_resultado(resultados):
    """Los tipos agrupados por lo que dieron: «NumPy, pandas (resultado); ...»."""
    grupos = {}
    for tipo, r in resultados.items():
        grupos.setdefault(str(r), []).append(tipo)
    return "; ".join(f"{', '.join(tipos)} ({r})" for r, tipos in grupos.items())


def resumen(caso, resultados):
    """Una línea por caso, compuesta con los resultados: los tipos que dan lo esperado,
    y los demás agrupados por lo que dieron (False, o el error con la primera frase de
    su mensaje)."""
    buenos = [tipo for tipo, r in resultados.items() if r is True]
    malos = por_resultado({t: r for t, r in resultados.items() if r is not True})
    print(
        f"[{motor}] {caso}: como se espera: {', '.join(buenos) or 'ninguno'}; "
        f"los demás: {malos or 'ninguno'}"
    )


def probar(funcion):
    """True o False según la comparación, o el nombre del error y la primera frase de su
    mensaje."""
    try:
        return bool(funcion())
    except Exception as error:
        # a veces Keras no deja espacio tras el punto
        frase = re.split(r"[.](?:\s|(?=[A-Z]))", str(error))[0]
        return f"{type(error).__name__}: {frase}"


# 1. validation_data: la pérdida de validación de la última época, frente a evaluate con
#    esas filas.
def con_validacion(tipo):
    red = red_nueva()
    historia = red.fit(
        **como(tipo, x[:ENTRENO], y[:ENTRENO]),
        **para_validar(tipo, x[ENTRENO:], y[ENTRENO:]),
        epochs=2,
        shuffle=False,
        verbose=0,
    )
    return (
        abs(
            historia.history["val_loss"][-1]
            - red.evaluate(x[ENTRENO:], y[ENTRENO:], verbose=0)
        )
        < 1e-6
    )


resumen(
    "validation_data, frente a evaluate",
    {tipo: probar(lambda: con_validacion(tipo)) for tipo in TIPOS},
)

# 2. validation_split=0.2: Keras aparta el último 20 % de las filas, antes de barajar.
aparte = red_nueva()
aparte.fit(
    x[:ENTRENO],
    y[:ENTRENO],
    validation_data=(x[ENTRENO:], y[ENTRENO:]),
    batch_size=LOTE,
    epochs=2,
    shuffle=False,
    verbose=0,
)


def con_split(tipo):
    red = red_nueva()
    historia = red.fit(
        **como(tipo, x, y), validation_split=0.2, epochs=2, shuffle=False, verbose=0
    )
    return (
        np.abs(pesos_de(red) - pesos_de(aparte)).max() < 1e-6
        and len(historia.history["val_loss"]) == 2
    )


resumen(
    "validation_split=0.2, frente a apartar las 64 últimas",
    {tipo: probar(lambda: con_split(tipo)) for tipo in TIPOS},
)

# 3. validation_steps=1: solo el primer lote de validación, frente a evaluate con esas
#    32 filas.
red = red_nueva()
validacion = como("tf.data", x[ENTRENO:], y[ENTRENO:])["x"]  # dos lotes
historia = red.fit(
    **como("tf.data", x[:ENTRENO], y[:ENTRENO]),
    validation_data=validacion,
    validation_steps=1,
    epochs=1,
    shuffle=False,
    verbose=0,
)
primer_lote = red.evaluate(
    x[ENTRENO : ENTRENO + LOTE], y[ENTRENO : ENTRENO + LOTE], verbose=0
)
print(
    f"[{motor}] validation_steps=1 con tf.data: ¿es la pérdida del primer lote? "
    f"{abs(historia.history['val_loss'][0] - primer_lote) < 1e-6}"
)

# 4. class_weight: cada fila de la clase 1 pesa 3 veces más. Con arrays, es lo mismo que
#    esos pesos por fila.
CLASES = {0: 1.0, 1: 3.0}
por_fila = np.where(y[:, 0] == 1, 3.0, 1.0).astype("float32")[:, None]


def entrenada(**datos):
    red = red_nueva()
    red.fit(**datos, epochs=2, shuffle=False, verbose=0)
    return pesos_de(red)


con_clases = entrenada(**como("NumPy", x, y), class_weight=CLASES)
print(
    f"[{motor}] class_weight con NumPy: ¿= pesos por fila? "
    f"{np.abs(con_clases - entrenada(**como('NumPy', x, y, por_fila))).max() < 1e-6}"
    ";",
    "¿cambia algo? "
    f"{np.abs(con_clases - entrenada(**como('NumPy', x, y))).max() > 1e-4}",
)
resumen(
    "class_weight, frente a NumPy",
    {
        tipo: probar(
            lambda: (
                np.abs(
                    entrenada(**como(tipo, x, y), class_weight=CLASES) - con_clases
                ).max()
                < 1e-6
            )
        )
        for tipo in TIPOS
    },
)


# 4b. class_weight con pesos por muestra, o con una red de dos salidas: fit lo rechaza.
#     La salida es la que class_weight hace por dentro: el peso de la clase de cada
#     fila, en sample_weight, multiplicado por el peso de la fila si lo hay.
def agrupa(caso, resultados):
    """Una línea: los tipos agrupados por lo que hizo fit (entrenar, o el error)."""
    hizo = {t: "entrena" if r is True else r for t, r in resultados.items()}
    print(f"[{motor}] {caso}: {por_resultado(hizo)}")


por_muestra = azar.uniform(0.5, 2.0, size=(len(x), 1)).astype("float32")
agrupa(
    "class_weight y sample_weight a la vez",
    {
        tipo: probar(
            lambda: entrenada(**como(tipo, x, y, por_muestra), class_weight=CLASES)
            is not None
        )
        for tipo in TIPOS
    },
)
juntos = por_muestra * por_fila  # cada fila: su peso por el de su clase
con_juntos = entrenada(**como("NumPy", x, y, juntos))
resumen(
    "los dos pesos multiplicados en sample_weight, frente a NumPy",
    {
        tipo: probar(
            lambda: np.abs(entrenada(**como(tipo, x, y, juntos)) - con_juntos).max()
            < 1e-6
        )
        for tipo in TIPOS
    },
)


def dos_salidas():
    keras.utils.set_random_seed(0)
    entrada = keras.Input((4,))
    oculta = keras.layers.Dense(8, activation="relu")(entrada)
    salidas = {
        nombre: keras.layers.Dense(1, activation="sigmoid", name=nombre)(oculta)
        for nombre in ("a", "b")
    }
    red = keras.Model(entrada, salidas)
    perdidas = {"a": "binary_crossentropy", "b": "binary_crossentropy"}
    red.compile(optimizer=keras.optimizers.SGD(0.1), loss=perdidas)
    return red


objetivos = {"a": y, "b": y}
agrupa(
    "dos salidas, con arrays",
    {
        "class_weight": probar(
            lambda: dos_salidas().fit(
                x, objetivos, class_weight=CLASES, batch_size=LOTE, verbose=0
            )
            is not None
        ),
        "sample_weight por salida": probar(
            lambda: dos_salidas().fit(
                x,
                objetivos,
                sample_weight={"a": por_fila[:, 0], "b": por_fila[:, 0]},
                batch_size=LOTE,
                verbose=0,
            )
            is not None
        ),
    },
)


# 5. Un PyDataset sin longitud fija: num_batches devuelve None y fit necesita
#    steps_per_epoch.
class SinFin(keras.utils.PyDataset):
    """Da lotes sin parar, dando la vuelta a los datos: no tiene __len__."""

    @property
    def num_batches(self):
        return None

    def __getitem__(self, i):
        inicio = i * LOTE % len(x)
        return x[inicio : inicio + LOTE], y[inicio : inicio + LOTE]


pasos = len(x) // LOTE
iguales = (
    np.abs(
        entrenada(x=SinFin(), steps_per_epoch=pasos) - entrenada(**como("NumPy", x, y))
    ).max()
    < 1e-6
)
print(
    f"[{motor}] PyDataset sin longitud, con steps_per_epoch={pasos}: "
    f"¿como NumPy? {iguales}"
)


# 6. Tres opciones más, con arrays: validation_freq y validation_batch_size en fit, y
#    weighted_metrics en compile, que sí usa los pesos por muestra.
class CuentaLotes(keras.callbacks.Callback):
    """Cuántos lotes de validación recorre fit cada vez que valida."""

    def on_test_begin(self, logs=None):
        self.lotes = 0

    def on_test_batch_end(self, lote, logs=None):
        self.lotes += 1


keras.utils.set_random_seed(0)
red = keras.Sequential(
    [keras.Input((4,)), keras.layers.Dense(1, activation="sigmoid")]
)
red.compile(
    optimizer=keras.optimizers.SGD(0.1),
    loss="binary_crossentropy",
    metrics=["binary_accuracy"],
    weighted_metrics=["binary_accuracy"],
)
cuenta = CuentaLotes()
historia = red.fit(
    x[:ENTRENO],
    y[:ENTRENO],
    sample_weight=por_muestra[:ENTRENO],
    validation_data=(x[ENTRENO:], y[ENTRENO:]),
    validation_freq=2,
    validation_batch_size=64,
    epochs=4,
    batch_size=LOTE,
    shuffle=False,
    verbose=0,
    callbacks=[cuenta],
)
print(
    f"[{motor}] validation_freq=2 en 4 épocas: "
    f"{len(historia.history['loss'])} pérdidas de entrenamiento y "
    f"{len(historia.history['val_loss'])} de validación; "
    f"validation_batch_size=64: {cuenta.lotes} lote de validación con "
    f"{len(x) - ENTRENO} filas"
)
notas = red.evaluate(x, y, sample_weight=por_muestra, return_dict=True, verbose=0)
acierta = ((red.predict(x, verbose=0) > 0.5) == (y > 0.5))[:, 0]  # con NumPy
pesos = por_muestra[:, 0]
con_pesos = (pesos * acierta).sum() / pesos.sum()
print(
    f"[{motor}] metrics= frente a NumPy sin pesos: "
    f"{abs(notas['binary_accuracy'] - acierta.mean()) < 1e-6}; "
    "weighted_metrics= frente a NumPy con pesos: "
    f"{abs(notas['weighted_binary_accuracy'] - con_pesos) < 1e-6}"
)
