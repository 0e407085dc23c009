"""TensorFlow: seed, determinism switch and a tf.data pipeline, twice."""

import os

# A standalone file: unless the environment already fixes the threads (the setup cell
# does for its child processes; a fresh terminal does not), it fixes them before any
# numerical import.
for _var in (
    "OMP_NUM_THREADS",
    "OPENBLAS_NUM_THREADS",
    "MKL_NUM_THREADS",
    "TF_NUM_INTRAOP_THREADS",
    "TF_NUM_INTEROP_THREADS",
):
    os.environ.setdefault(_var, "1")
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false")

os.environ["KERAS_BACKEND"] = "tensorflow"  # before the first import of keras

import keras
import numpy as np
import tensorflow as tf

tf.config.experimental.enable_op_determinism()  # ops and tf.data, deterministic
data = np.load("har.npz")


def pipeline():
    """Shuffles (with the global seed), transforms in parallel and groups into batches
    of 64."""
    rows = tf.data.Dataset.from_tensor_slices((data["Xe"], data["ye"]))
    rows = rows.shuffle(512).map(
        lambda x, y: (x, tf.expand_dims(y, -1)), num_parallel_calls=tf.data.AUTOTUNE
    )
    return rows.batch(64)


def train():
    keras.utils.set_random_seed(2024)  # Python, NumPy and TensorFlow
    net = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    net.compile(keras.optimizers.SGD(0.05), "mse")
    net.fit(pipeline(), epochs=3, verbose=0)
    return np.concatenate([p.ravel() for p in net.get_weights()])


first, second = train(), train()
print("backend:", keras.config.backend())
print("weights [d1 s5 m22 b]:", np.round(first, 4))
print("second training bit-for-bit identical:", np.array_equal(first, second))
