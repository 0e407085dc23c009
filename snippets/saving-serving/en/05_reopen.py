"""Opens what train.py saved, on this process's engine, in five ways."""

import re
import warnings

import keras
import numpy as np

engine = keras.backend.backend()
sample, reference = np.load("sample.npy"), np.load("prediction.npy")


def same_prediction(net):
    difference = float(
        np.abs(keras.ops.convert_to_numpy(net(sample)) - reference).max()
    )
    return f"same prediction: {difference < 1e-6} (largest difference {difference:.1e})"


# Before the module that defines Temperature is imported, Keras cannot create that
# layer.
try:
    keras.saving.load_model("model.keras")
except TypeError as error:
    print(
        f"[{engine}] without importing pieces:",
        re.search(r"Could not locate class '\w+'", str(error)).group(),
    )

# Now it can: importing pieces runs its decorator, which registers Temperature.
from logbook import note
from pieces import compile_model, build_model, data, optimizer_state

x, y = data()

# 1. The whole .keras file: architecture, weights, and the optimizer with its state.
net = keras.saving.load_model("model.keras")
print(f"[{engine}] 1. model.keras: {same_prediction(net)}")
print(
    f"[{engine}]    optimizer: {type(net.optimizer).__module__}, "
    f"{optimizer_state(net)[0]} steps"
)
try:
    net.fit(x, y, epochs=1, batch_size=32, verbose=0)
    print(f"[{engine}]    fit goes on training: {optimizer_state(net)[0]} steps")
    note(".keras", engine, "yes, resumes")
except TypeError as error:
    print(f"[{engine}]    fit fails: TypeError: {error}")
    note(".keras", engine, "yes; fit fails")

# 2. The .keras file without compiling, compiled here with a new Adam.
net = keras.saving.load_model("model.keras", compile=False)
compile_model(net)
print(f"[{engine}] 2. compile=False and a new Adam: {optimizer_state(net)[0]} steps")
note(".keras, compile=False", engine, "yes, new Adam")

# 3. The weights on their own, in the architecture the code builds.
net = build_model()
net.load_weights("model.weights.h5")
print(f"[{engine}] 3. model.weights.h5: {same_prediction(net)}")
note(".weights.h5", engine, "yes, no state")

# 4. The weights and the optimizer's state. First into an Adam that has no variables
#    yet: it does not go in.
net = build_model()
compile_model(net)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    net.load_weights("model.weights.h5")
warning = next(str(w.message) for w in caught if "optimizer" in str(w.message))
print(f"[{engine}] 4. without optimizer.build, warning: {warning.strip()}")

# Then with the optimizer's variables already created (build): the saved state goes into
# this Adam.
net = build_model()
compile_model(net)
net.optimizer.build(net.trainable_variables)
net.load_weights("model.weights.h5")
steps, total = optimizer_state(net)
print(f"[{engine}]    with optimizer.build: {steps} steps, moments {total}")
net.fit(x, y, epochs=1, batch_size=32, verbose=0)
print(f"[{engine}]    fit goes on training: {optimizer_state(net)[0]} steps")
note(".weights.h5 + build", engine, "yes, resumes")

# 5. The same with only the .keras: the network uncompiled, an Adam of this engine with
#    its variables, and the weights and the optimizer's state read from the same file.
net = keras.saving.load_model("model.keras", compile=False)
compile_model(net)
net.optimizer.build(net.trainable_variables)
net.load_weights("model.keras")
steps, total = optimizer_state(net)
print(f"[{engine}] 5. only model.keras, with optimizer.build: {same_prediction(net)}")
print(
    f"[{engine}]    optimizer: {type(net.optimizer).__module__}, {steps} steps, "
    f"moments {total}"
)
net.fit(x, y, epochs=1, batch_size=32, verbose=0)
print(f"[{engine}]    fit goes on training: {optimizer_state(net)[0]} steps")
note(".keras, compile=False + build", engine, "yes, resumes")
