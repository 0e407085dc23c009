import os

# torch unless the environment already names another: KERAS_BACKEND=jax python mnist_classifier.py
os.environ.setdefault("KERAS_BACKEND", "torch")

import keras

keras.utils.set_random_seed(42)  # same initialisation and same batch order every time

# MNIST handwritten digits; pixels go from 0..255 to [0, 1].
(x_train, y_train), (x_test, y_test) = keras.datasets.mnist.load_data()
x_train, x_test = x_train / 255.0, x_test / 255.0

# The model: a stack of layers.
model = keras.Sequential(
    [
        keras.Input(shape=(28, 28)),
        keras.layers.Flatten(),
        keras.layers.Dense(128, activation="relu"),
        keras.layers.Dense(10, activation="softmax"),
    ]
)

# Configure training, train, evaluate.
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
model.fit(x_train, y_train, epochs=2, batch_size=64, verbose=0)
loss, accuracy = model.evaluate(x_test, y_test, verbose=0)
print(f"backend {keras.backend.backend()}: test accuracy {accuracy:.3f}")
