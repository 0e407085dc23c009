"""Trains the network on this process's engine and saves it both ways."""

import json
import zipfile

import keras
import numpy as np

from pieces import compile_model, build_model, data, optimizer_state

engine = keras.backend.backend()
keras.utils.set_random_seed(0)
x, y = data()
net = build_model()
compile_model(net)
history = net.fit(x, y, epochs=8, batch_size=32, verbose=0)
print(f"trained on {engine}: accuracy {history.history['accuracy'][-1]:.3f}")

net.save("model.keras")  # architecture, weights and optimizer, in one file
# variables only: the network's and the optimizer's
net.save_weights("model.weights.h5")
steps, total = optimizer_state(net)
print(f"optimizer: {steps} Adam steps, moments {total}")

# The reference predictions: every other way of opening the model is compared with
# these.
np.save("sample.npy", x[:6])
np.save("prediction.npy", net.predict(x[:6], verbose=0))

# A .keras file is a zip: the architecture (config.json), the weights and the Keras
# version that saved it.
with zipfile.ZipFile("model.keras") as archive:
    print("inside model.keras:", ", ".join(archive.namelist()))
    config = json.loads(archive.read("config.json"))
    version = json.loads(archive.read("metadata.json"))["keras_version"]
custom = next(
    layer
    for layer in config["config"]["layers"]
    if layer["class_name"] == "Temperature"
)
print(
    f"saved by Keras {version}; the custom layer as {custom['registered_name']} "
    f"(module {custom['module']})"
)
print(
    "the optimizer's class, from module",
    config["compile_config"]["optimizer"]["module"],
)
