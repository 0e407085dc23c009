"""La quinta receta (seguir en otro motor con solo el .keras) y la exportación a ONNX,
en otras redes. Cada variación cambia una sola cosa de la red de piezas.py. Con torch,
el programa entrena y guarda cada red, y apunta lo que hace al seguir entrenando allí
mismo; después, en cualquier motor, la abre con la receta y compara con esos apuntes."""

import keras
import numpy as np

from piezas import Temperatura, datos

motor = keras.backend.backend()
x, y = datos()
por_muestra = np.random.default_rng(4).uniform(0.1, 2.0, size=len(x)).astype("float32")


@keras.saving.register_keras_serializable(package="tutorial")
class Escala(keras.layers.Layer):
    """Una capa propia con pesos: multiplica cada entrada por un factor que se
    entrena."""

    def build(self, forma):
        self.factor = self.add_weight(
            shape=(forma[-1],), initializer="ones", name="factor"
        )

    def call(self, entrada):
        return entrada * self.factor


L2, BN, DROPOUT, PROPIA, DOS, PESOS, SGD, ADAMW = (
    "regularizador L2",
    "BatchNormalization",
    "Dropout",
    "capa propia con pesos",
    "dos entradas con nombre",
    "pesos por muestra",
    "SGD con momento",
    "AdamW",
)
VARIACIONES = (L2, BN, DROPOUT, PROPIA, DOS, PESOS, SGD, ADAMW)
# cada motor sortea su propio Dropout: el fit siguiente no puede coincidir
SIN_FIT = {DROPOUT}


def red_con(variacion):
    """La red de construir(), con un solo cambio."""
    if variacion == DOS:  # las mismas 4 medidas, en dos entradas de 2
        entradas = {
            "medidas": keras.Input((2,), name="medidas"),
            "otras": keras.Input((2,), name="otras"),
        }
        capa = keras.layers.Concatenate()([entradas["medidas"], entradas["otras"]])
    else:
        entradas = capa = keras.Input((4,), name="medidas")
    if variacion == PROPIA:
        capa = Escala()(capa)
    regularizador = keras.regularizers.L2(0.01) if variacion == L2 else None
    capa = keras.layers.Dense(16, activation="relu", kernel_regularizer=regularizador)(
        capa
    )
    if variacion == BN:
        capa = keras.layers.BatchNormalization()(capa)
    if variacion == DROPOUT:
        capa = keras.layers.Dropout(0.3, seed=1)(capa)
    logits = keras.layers.Dense(3)(capa)
    return keras.Model(entradas, keras.layers.Softmax()(Temperatura(2.0)(logits)))


def compila(red, variacion):
    optimizador = {
        SGD: lambda: keras.optimizers.SGD(learning_rate=0.05, momentum=0.9),
        ADAMW: lambda: keras.optimizers.AdamW(learning_rate=0.01, weight_decay=0.01),
    }.get(variacion, lambda: keras.optimizers.Adam(learning_rate=0.01))()
    red.compile(optimizer=optimizador, loss="sparse_categorical_crossentropy")


def entrada(variacion, filas=slice(None)):
    return (
        {"medidas": x[filas, :2], "otras": x[filas, 2:]}
        if variacion == DOS
        else x[filas]
    )


def una_epoca_mas(red, variacion, barajar=False):
    """Lo que el lector hará tras abrirla: seguir entrenando. En orden (shuffle=False),
    salvo que se pida el barajado de fit por defecto, tras fijar la semilla."""
    pesos = por_muestra if variacion == PESOS else None
    if barajar:
        keras.utils.set_random_seed(5)
    red.fit(
        entrada(variacion),
        y,
        sample_weight=pesos,
        epochs=1,
        batch_size=32,
        shuffle=barajar,
        verbose=0,
    )
    # también las medias de BatchNormalization
    return np.concatenate([w.ravel() for w in red.get_weights()])


def numeros(variables):
    return [keras.ops.convert_to_numpy(v) for v in variables]


def entrenada(variacion):
    keras.utils.set_random_seed(0)
    red = red_con(variacion)
    compila(red, variacion)
    pesos = por_muestra if variacion == PESOS else None
    # el último lote, de 16
    red.fit(
        entrada(variacion),
        y,
        sample_weight=pesos,
        epochs=8,
        batch_size=32,
        verbose=0,
    )
    return red


def guarda():
    for i, variacion in enumerate(VARIACIONES):
        red = entrenada(variacion)
        red.save(f"variacion_{i}.keras")
        estado = numeros(red.optimizer.variables)
        prediccion = keras.ops.convert_to_numpy(red(entrada(variacion, slice(6))))
        np.savez(
            f"variacion_{i}.npz",
            prediccion=prediccion,
            sigue=una_epoca_mas(red, variacion),
            *estado,
        )
    # La primera red otra vez, sin guardar ni abrir: su época siguiente con el barajado
    # de fit por defecto.
    np.save("barajada.npy", una_epoca_mas(entrenada(L2), L2, barajar=True))
    print(
        f"[{motor}] guardadas {len(VARIACIONES)} redes, "
        "cada una con su continuación en torch"
    )


def receta(i, variacion, con_build=True):
    """La quinta receta: solo el .keras, compile=False, compile, optimizer.build y
    load_weights."""
    red = keras.saving.load_model(f"variacion_{i}.keras", compile=False)
    compila(red, variacion)
    if con_build:
        red.optimizer.build(red.trainable_variables)
    red.load_weights(f"variacion_{i}.keras")
    return red


def compara(i, variacion):
    """True si esta red abierta aquí predice, guarda el estado y sigue como en torch; si
    no, el porqué."""
    apuntes = np.load(f"variacion_{i}.npz")
    red = receta(i, variacion)
    prediccion = keras.ops.convert_to_numpy(red(entrada(variacion, slice(6))))
    if np.abs(prediccion - apuntes["prediccion"]).max() > 1e-6:
        return "otra predicción"
    estado = numeros(red.optimizer.variables)
    guardado = [apuntes[f"arr_{j}"] for j in range(len(apuntes.files) - 2)]
    if len(estado) != len(guardado) or any(
        np.abs(a - b).max() > 1e-6 for a, b in zip(estado, guardado)
    ):
        return "otro estado del optimizador"
    sigue = una_epoca_mas(red, variacion)
    if variacion not in SIN_FIT and np.abs(sigue - apuntes["sigue"]).max() > 1e-5:
        return "otro fit siguiente"
    # Y servirla: exportarla a ONNX desde este motor y pedirle la predicción a ONNX
    # Runtime.
    import onnxruntime

    red.export(f"variacion_{i}_{motor}.onnx", format="onnx", verbose=False)
    muestra = entrada(variacion, slice(6))
    servida = onnxruntime.InferenceSession(f"variacion_{i}_{motor}.onnx").run(
        None, muestra if variacion == DOS else {"medidas": muestra}
    )[0]
    if np.abs(servida - keras.ops.convert_to_numpy(red(muestra))).max() > 1e-6:
        return "otra predicción en ONNX"
    return True


def abre():
    # Control: sin optimizer.build, el estado guardado no entra, y el fit siguiente debe
    # salir distinto.
    apuntes = np.load("variacion_0.npz")
    red = receta(0, VARIACIONES[0], con_build=False)
    print(
        f"[{motor}] control, sin optimizer.build el fit siguiente cambia:",
        bool(
            np.abs(una_epoca_mas(red, VARIACIONES[0]) - apuntes["sigue"]).max() > 1e-5
        ),
    )
    for construida in (False, True):
        red = receta(0, VARIACIONES[0])
        if construida:  # la pérdida de compile, creada sin tocar los pesos
            red.evaluate(entrada(L2, slice(32)), y[:32], verbose=0)
        siguiente = una_epoca_mas(red, L2, barajar=True)
        print(
            f"[{motor}] con el barajado de fit, misma semilla"
            + (", tras un evaluate" if construida else "")
            + ", sigue como en torch:",
            bool(np.abs(siguiente - np.load("barajada.npy")).max() <= 1e-5),
        )
    iguales, distintas = [], []
    for i, variacion in enumerate(VARIACIONES):
        try:
            resultado = compara(i, variacion)
        # lo que le pasaría al lector: el error, en una línea
        except Exception as error:
            resultado = f"{type(error).__name__}: {str(error).splitlines()[0]}"
        if resultado is True:
            iguales.append(
                variacion + (" (sin comparar el fit)" if variacion in SIN_FIT else "")
            )
        else:
            distintas.append(f"{variacion} ({resultado})")
    for titulo, redes in (
        ("como en torch, y servida igual desde ONNX", iguales),
        ("distinta o con error", distintas),
    ):
        # una red por línea: caben en la pantalla de un móvil
        print(f"[{motor}] {titulo}:")
        for red in redes or ["ninguna"]:
            print(f"    {red}")


if motor == "torch":  # torch guarda, como en entrenar.py, y después abre como los demás
    guarda()
abre()
