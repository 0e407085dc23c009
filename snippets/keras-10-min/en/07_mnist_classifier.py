import os

# torch unless the environment already names another engine: KERAS_BACKEND=jax python
# mnist_classifier.py
os.environ.setdefault("KERAS_BACKEND", "torch")

import keras
from keras import layers

# same initial weights and same batch order on every run
keras.utils.set_random_seed(42)

# Images of 28 × 28 pixels (integers from 0 to 255) and their digit, 0 to 9.
(images, digits), (test_images, test_digits) = keras.datasets.mnist.load_data()

classifier = keras.Sequential(
    [
        keras.Input(shape=(28, 28)),
        layers.Rescaling(1 / 255),  # pixels go to [0, 1] inside the model itself
        layers.Flatten(),  # 28 × 28 -> a vector of 784
        layers.Dense(128, activation="relu"),
        layers.Dense(10, activation="softmax"),  # one probability per digit
    ]
)
classifier.compile(
    optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"]
)
classifier.fit(images, digits, epochs=2, batch_size=64, verbose=0)
scores = classifier.evaluate(test_images, test_digits, verbose=0, return_dict=True)
print(f"backend {keras.backend.backend()}: test accuracy {scores['accuracy']:.3f}")
