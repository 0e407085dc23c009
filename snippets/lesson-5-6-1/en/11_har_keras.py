"""The HAR as a Dense(1) layer, trained on whichever backend KERAS_BACKEND names.

    python har_keras.py            trains 40 epochs and saves har_<backend>.weights.h5
    python har_keras.py WEIGHTS.h5 does not train: loads those weights (from any
                                   backend), predicts

Either way it leaves in result_<backend>_<mode>.npz the slopes (w), the constant (b),
the validation MSE (2016-2017) at the close of each epoch (curve, empty if it did not
train), the test predictions (2018-2025), not looked at until the end, and their QLIKE
(qlike.py, alongside), computed by this same engine.
"""

import os

# A standalone file: unless the environment already fixes the threads (the configuration
# cell does for its child processes; a fresh terminal does not), it fixes them before
# any numerical import.
for _var in (
    "OMP_NUM_THREADS",
    "OPENBLAS_NUM_THREADS",
    "MKL_NUM_THREADS",
    "TF_NUM_INTRAOP_THREADS",
    "TF_NUM_INTEROP_THREADS",
):
    os.environ.setdefault(_var, "1")
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false")
import sys

import keras
import numpy as np
from qlike import qlike

BACKEND = keras.config.backend()


def pin_randomness():
    keras.utils.set_random_seed(0)  # Python, NumPy and the backend's generator
    if BACKEND == "torch":
        import torch

        torch.use_deterministic_algorithms(True)
    elif BACKEND == "tensorflow":
        import tensorflow as tf

        tf.config.experimental.enable_op_determinism()
    # JAX on CPU repeats its results with no further settings.


def train(model, data):
    model.compile(optimizer=keras.optimizers.Adam(learning_rate=0.01), loss="mse")
    # Watched on 2016-2017, the years just before the test period; the test period stays
    # out.
    history = model.fit(
        data["Xe"],
        data["ye"],
        validation_data=(data["Xv"], data["yv"]),
        epochs=40,
        batch_size=128,
        verbose=0,
    )
    model.save_weights(f"har_{BACKEND}.weights.h5")
    return history.history["val_loss"]


def test_qlike(model, data, pred):
    """QLIKE over 2018-2025 of the forecast log h + s²/2, with s² from the training
    residuals."""

    # from the standardised scale back to log RV, in float32 on all three engines
    def in_logs(z):
        return (z * data["sd_y"] + data["mu_y"]).astype("float32")

    fit = model.predict(data["Xe"], verbose=0).ravel()
    s2 = np.mean((in_logs(fit) - in_logs(data["ye"])) ** 2)
    return float(qlike(in_logs(data["yp"]), in_logs(pred) + s2 / 2))


if __name__ == "__main__":
    pin_randomness()
    data = np.load("har.npz")
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    if len(sys.argv) > 1:
        model.load_weights(sys.argv[1])
        mode, curve = "loaded", []
    else:
        mode, curve = "trained", train(model, data)
    kernel, bias = model.layers[-1].get_weights()
    pred = model.predict(data["Xp"], verbose=0).ravel()
    target = f"result_{BACKEND}_{mode}.npz"
    np.savez(
        target,
        w=kernel.ravel(),
        b=bias,
        curve=np.asarray(curve),
        pred=pred,
        qlike=test_qlike(model, data, pred),
    )
    print(f"{BACKEND}: {mode} -> {target}")
