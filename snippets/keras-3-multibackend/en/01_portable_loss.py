import os

os.environ.setdefault("KERAS_BACKEND", "torch")

import keras
import numpy as np
from keras import ops


def huber_loss(y_true, y_pred, delta=1.0):
    """Huber loss written with keras.ops only: it works on any backend."""
    error = ops.abs(y_true - y_pred)
    quadratic = 0.5 * ops.square(error)
    linear = delta * (error - 0.5 * delta)
    return ops.mean(ops.where(error <= delta, quadratic, linear))


y_true = np.array([0.0, 1.0, 2.0, 3.0], dtype="float32")
y_pred = np.array([0.1, 0.8, 3.5, -1.0], dtype="float32")
result = huber_loss(y_true, y_pred)
# which library the returned tensor comes from
kind = type(result).__module__.split(".")[0]

# The same function serves as a model's loss. To see how fit runs the step, it counts
# its calls in Python: a compiled step runs it only while tracing it; one that goes
# operation by operation, on every batch.
calls = 0


def counted_huber(y_true, y_pred):
    global calls
    calls += 1
    return huber_loss(y_true, y_pred)


model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1)])
counts = []
# {}: jit_compile="auto", the default
for options in ({}, {"jit_compile": False}, {"run_eagerly": True}):
    calls = 0
    model.compile(optimizer="sgd", loss=counted_huber, **options)
    # 2 epochs of 4 batches
    model.fit(y_true[:, None], y_pred, batch_size=1, epochs=2, verbose=0)
    counts.append(calls)
    if not options:
        automatic = model.jit_compile  # what "auto" decided
print(
    f"{keras.backend.backend():<10} Huber = "
    f"{float(ops.convert_to_numpy(result)):.6f}  ({kind} tensor)"
    f"  auto: jit_compile={automatic}\n"
    f"  calls to the loss in 8 batches: {counts[0]} with auto,"
    f" {counts[1]} with jit_compile=False, {counts[2]} with run_eagerly=True"
)
