"""exportar_dos.py: una SavedModel con dos puntos de entrada, las probabilidades y los
rasgos de la capa oculta, escrita con ExportArchive y servida con TensorFlow sin
Keras."""

import keras
import numpy as np

motor = keras.backend.backend()
keras.utils.set_random_seed(0)
medidas = keras.Input((4,))
rasgos = keras.layers.Dense(8, activation="relu")(medidas)
red = keras.Model(medidas, keras.layers.Dense(3, activation="softmax")(rasgos))
# comparte la capa oculta, y sus pesos, con la red
solo_rasgos = keras.Model(medidas, rasgos)
firma = [keras.InputSpec(shape=(None, 4), dtype="float32")]
x = np.random.default_rng(1).normal(size=(5, 4)).astype("float32")

archivo = keras.export.ExportArchive()
try:
    archivo.track(red)  # las variables que la SavedModel tiene que llevar
except NotImplementedError as error:
    print(f"[{motor}] track: {type(error).__name__}: {error}")
    try:  # lo que propone el mensaje, con cada punto de entrada
        archivo.track_and_add_endpoint("probabilidades", red, firma)
    except Exception as error:
        print(
            f"[{motor}] track_and_add_endpoint: {type(error).__name__}: "
            f"{str(error).splitlines()[0]}"
        )
    raise SystemExit
archivo.add_endpoint("probabilidades", red.call, input_signature=firma)
archivo.add_endpoint("rasgos", solo_rasgos.call, input_signature=firma)
archivo.write_out(f"dos_puntos_{motor}", verbose=False)

import tensorflow as tf  # ya sin Keras: lo que haría el servidor

servida = tf.saved_model.load(f"dos_puntos_{motor}")
presentes = [
    nombre
    for nombre in ("probabilidades", "rasgos", "serving_default")
    if nombre in servida.signatures
]
print(f"[{motor}] {len(servida.signatures)} puntos de entrada:", ", ".join(presentes))
for nombre, modelo in (("probabilidades", red), ("rasgos", solo_rasgos)):
    diferencia = np.abs(
        getattr(servida, nombre)(x).numpy() - modelo.predict(x, verbose=0)
    ).max()
    print(
        f"[{motor}] {nombre}: ¿lo mismo que Keras (1e-6)? {diferencia < 1e-6} "
        f"(diferencia {diferencia:.1e})"
    )
