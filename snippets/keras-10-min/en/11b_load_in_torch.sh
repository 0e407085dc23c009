KERAS_BACKEND=torch python - <<'END'
import keras
import numpy as np

data = np.load("toy_data.npz")
# with its optimizer, not compiled again
model = keras.saving.load_model("toy_model_jax.keras")
engine = keras.backend.backend()


def state():
    """The optimizer's steps and the sum of |values| of all its variables (moments
    included)."""
    total = sum(
        float(np.abs(keras.ops.convert_to_numpy(v)).sum())
        for v in model.optimizer.variables
    )
    return int(keras.ops.convert_to_numpy(model.optimizer.iterations)), total


print("loaded optimizer:", type(model.optimizer).__module__)
# The compile settings travel too: saved on JAX, jit_compile is True (XLA). On torch,
# True asks for torch.compile, which on a CPU takes far longer to compile than this
# training takes.
print("jit_compile the file carries:", model.jit_compile)
model.jit_compile = False
print("loaded on {}: {} steps, optimizer state {:.6f}".format(engine, *state()))

before = model.evaluate(data["x"], data["y"], verbose=0)
model.fit(data["x"], data["y"], epochs=1, batch_size=32, shuffle=False, verbose=0)
after = model.evaluate(data["x"], data["y"], verbose=0)
print(
    f"one epoch of fit on {engine}, the Adam that came from JAX: "
    f"loss {before:.4f} -> {after:.4f}"
)
print("steps after:", state()[0])
END
