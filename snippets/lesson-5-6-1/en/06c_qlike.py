"""QLIKE: the loss variance forecasts are usually compared with.

With RV the realised variance and h its forecast, QLIKE = RV/h - log(RV/h) - 1. It is
zero when h = RV, and falling short costs more than overshooting by the same proportion.
It takes both as logarithms, which is how the HAR gives them. It is written with
keras.ops alone, so the same function serves as a metric or as a loss on PyTorch, on JAX
and on TensorFlow.
"""

from keras import ops


def qlike(log_rv, log_h):
    # As a metric, Keras passes y_true as it is, (n,) against (n, 1): without matching
    # shapes, the subtraction would broadcast to (n, n) without an error.
    log_rv = ops.reshape(log_rv, ops.shape(log_h))
    e = log_rv - log_h  # log(RV/h)
    return ops.mean(ops.exp(e) - e - 1.0, axis=-1)
