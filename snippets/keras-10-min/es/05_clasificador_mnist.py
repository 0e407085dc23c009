import os

# torch salvo que el entorno ya traiga otro: KERAS_BACKEND=jax python clasificador_mnist.py
os.environ.setdefault("KERAS_BACKEND", "torch")

import keras

keras.utils.set_random_seed(42)  # misma inicialización y mismo orden de lotes cada vez

# Dígitos manuscritos de MNIST; los píxeles pasan de 0..255 a [0, 1].
(x_entreno, y_entreno), (x_prueba, y_prueba) = keras.datasets.mnist.load_data()
x_entreno, x_prueba = x_entreno / 255.0, x_prueba / 255.0

# El modelo: una pila de capas.
modelo = keras.Sequential(
    [
        keras.Input(shape=(28, 28)),
        keras.layers.Flatten(),
        keras.layers.Dense(128, activation="relu"),
        keras.layers.Dense(10, activation="softmax"),
    ]
)

# Configurar el entrenamiento, entrenar y evaluar.
modelo.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
modelo.fit(x_entreno, y_entreno, epochs=2, batch_size=64, verbose=0)
perdida, exactitud = modelo.evaluate(x_prueba, y_prueba, verbose=0)
print(f"backend {keras.backend.backend()}: exactitud en prueba {exactitud:.3f}")
