import os

# torch salvo que el entorno ya diga otro motor: KERAS_BACKEND=jax python
# clasificador_mnist.py
os.environ.setdefault("KERAS_BACKEND", "torch")

import keras
from keras import layers

# mismos pesos iniciales y mismo orden de lotes en cada ejecución
keras.utils.set_random_seed(42)

# Imágenes de 28 × 28 píxeles (enteros de 0 a 255) y su dígito, del 0 al 9.
(imagenes, digitos), (imagenes_prueba, digitos_prueba) = (
    keras.datasets.mnist.load_data()
)

clasificador = keras.Sequential(
    [
        keras.Input(shape=(28, 28)),
        # los píxeles pasan a [0, 1] dentro del propio modelo
        layers.Rescaling(1 / 255),
        layers.Flatten(),  # 28 × 28 -> un vector de 784
        layers.Dense(128, activation="relu"),
        layers.Dense(10, activation="softmax"),  # una probabilidad por dígito
    ]
)
clasificador.compile(
    optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"]
)
clasificador.fit(imagenes, digitos, epochs=2, batch_size=64, verbose=0)
notas = clasificador.evaluate(
    imagenes_prueba, digitos_prueba, verbose=0, return_dict=True
)
print(f"backend {keras.backend.backend()}: exactitud en prueba {notas['accuracy']:.3f}")
