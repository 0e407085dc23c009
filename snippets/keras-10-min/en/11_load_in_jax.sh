KERAS_BACKEND=jax python - <<'END'
import sys

import keras
import numpy as np

data = np.load("toy_data.npz")
engine = keras.backend.backend()

# First, as if torch were not installed (importing it fails): where does loading stop?
sys.modules["torch"] = None
try:
    keras.saving.load_model("toy_model.keras")
except TypeError as error:
    print("without torch, load_model:", str(error).split(". Full")[0])
keras.saving.load_model("toy_model.keras", compile=False)
print("without torch, load_model(compile=False): loaded")
del sys.modules["torch"]  # torch can be imported again

model = keras.saving.load_model("toy_model.keras")
print(f"{engine}:", np.round(model.predict(data["three"], verbose=0).ravel(), 4))


def one_epoch():
    model.fit(data["x"], data["y"], epochs=1, batch_size=32, shuffle=False, verbose=0)


# The file carries the optimizer too, but the Adam it remembers is the torch backend's.
print("saved optimizer:", type(model.optimizer).__module__)
try:
    one_epoch()
except TypeError as error:
    print(f"fit on {engine} with that optimizer: {type(error).__name__}")

# Loaded again without compiling, and compiled with a new Adam: now it goes on training
# on JAX.
model = keras.saving.load_model("toy_model.keras", compile=False)
model.compile(optimizer="adam", loss="binary_crossentropy")
before = model.evaluate(data["x"], data["y"], verbose=0)
one_epoch()
after = model.evaluate(data["x"], data["y"], verbose=0)
print(f"one epoch of fit on {engine}, new Adam: loss {before:.4f} -> {after:.4f}")

# Saved now from JAX, with JAX's Adam and its state after that epoch.
model.save("toy_model_jax.keras")
state = sum(
    float(np.abs(keras.ops.convert_to_numpy(v)).sum())
    for v in model.optimizer.variables
)
print(
    f"saved from {engine}: {int(model.optimizer.iterations)} steps, "
    f"optimizer state {state:.6f}"
)
END
