import os

os.environ["KERAS_BACKEND"] = "tensorflow"

import keras
import numpy as np
import tensorflow as tf

from common import (
    CarriesItsLoss,
    EPOCHS,
    BATCH,
    RATE,
    with_fit,
    epoch,
    rows,
    report,
    batches,
    new_net,
    x,
    y,
)
from other_nets import (
    WITHOUT_COMPILE,
    VALIDATION,
    compare_full_loop_with_fit,
    compare_loop_with_fit,
    compare_with_fit,
)

reference, fit_loss = with_fit()
print(f"tensorflow {tf.__version__} · way, loss of the last epoch, fit's weights?")
report("fit", reference, fit_loss, reference)


# 1. The tape records the step's operations and differentiates from them; tf.function
#    compiles them.
def tf_loop(net, inputs, target, per_batch=BATCH):
    sgd = keras.optimizers.SGD(RATE)
    mse = keras.losses.MeanSquaredError()

    @tf.function
    def step(xb, yb):
        with tf.GradientTape() as tape:
            loss = mse(yb, net(xb, training=True))
        sgd.apply(tape.gradient(loss, net.trainable_weights), net.trainable_weights)
        return loss

    for _ in range(EPOCHS):
        losses = [float(step(xb, yb)) for xb, yb in batches(per_batch, inputs, target)]
    return np.mean(losses)


net = new_net()
report("loop with tf.GradientTape", net, tf_loop(net, x, y), reference)

# What the tape does not see, it does not differentiate: a prediction made before
# opening it has no gradients.
xb, yb = next(batches(BATCH, x, y))
sgd, mse = keras.optimizers.SGD(RATE), keras.losses.MeanSquaredError()
prediction = net(xb)
with tf.GradientTape() as tape:
    loss = mse(yb, prediction)
try:
    sgd.apply(tape.gradient(loss, net.trainable_weights), net.trainable_weights)
except ValueError as error:
    print(f"  prediction outside the tape: ValueError: {error}")


# 2. A custom step inside fit, which compiles it into a tf.function by itself.
class CustomStep(keras.Model):
    def train_step(self, data):
        xb, yb, sample_weights = keras.utils.unpack_x_y_sample_weight(data)
        with tf.GradientTape() as tape:
            prediction = self(xb, training=True)
            loss = self.compute_loss(
                x=xb, y=yb, y_pred=prediction, sample_weight=sample_weights
            )
            scaled = self.optimizer.scale_loss(loss)  # as in PyTorch
        self.optimizer.apply(
            tape.gradient(scaled, self.trainable_weights), self.trainable_weights
        )
        return self.metric_logs(loss, xb, yb, prediction, sample_weights)

    def test_step(self, data):
        """The step of validation_data and evaluate: as in PyTorch, without a tape."""
        xb, yb, sample_weights = keras.utils.unpack_x_y_sample_weight(data)
        prediction = self(xb, training=False)
        loss = self.compute_loss(
            x=xb, y=yb, y_pred=prediction, sample_weight=sample_weights, training=False
        )
        return self.metric_logs(loss, xb, yb, prediction, sample_weights)

    def metric_logs(self, loss, xb, yb, prediction, sample_weights):  # as in PyTorch
        for metric in self.metrics:
            if metric.name == "loss":
                metric.update_state(loss, sample_weight=rows(xb))
        return self.compute_metrics(xb, yb, prediction, sample_weights)


net, loss = with_fit(CustomStep)
report("custom train_step inside fit", net, loss, reference)
print(
    "  the same train_step, against fit on other networks (same weights and history?):"
)
compare_with_fit(CustomStep)
print("  the loop with tf.GradientTape, on the same networks:")
compare_loop_with_fit(tf_loop)


# 3. The full loop: what fit does besides the step, written by hand.
def full_tf_loop(net, inputs, target, per_batch=BATCH, weights=None, validation=None):
    """The layers' losses, the per-sample weights, each epoch's metrics and the
    validation; returns the history, as fit does."""
    sgd = keras.optimizers.SGD(RATE)
    mse = keras.losses.MeanSquaredError()

    @tf.function
    def train(xb, yb, wb):
        with tf.GradientTape() as tape:
            prediction = net(xb, training=True)
            # plus the layers' ones
            loss = mse(yb, prediction, sample_weight=wb) + sum(net.losses)
        sgd.apply(tape.gradient(loss, net.trainable_weights), net.trainable_weights)
        return loss, prediction

    def validate(xb, yb, wb):
        prediction = net(xb, training=False)
        return mse(yb, prediction, sample_weight=wb) + sum(net.losses), prediction

    history = {}
    for _ in range(EPOCHS):
        epoch(history, "", batches(per_batch, inputs, target, weights), train)
        if validation is not None:
            epoch(history, "val_", batches(per_batch, *validation), validate)
    return history


print("  the full loop, against fit on the same networks (same weights and history?):")
compare_full_loop_with_fit(full_tf_loop)


# 4. Lower down: compile only gets the optimizer; the network carries the loss and the
#    metrics.
class WithoutCompile(CarriesItsLoss):
    def train_step(self, data):
        xb, yb, sample_weights = keras.utils.unpack_x_y_sample_weight(data)
        with tf.GradientTape() as tape:
            prediction = self(xb, training=True)
            loss = self.mse(yb, prediction, sample_weight=sample_weights) + sum(
                self.losses
            )
        self.optimizer.apply(
            tape.gradient(loss, self.trainable_weights), self.trainable_weights
        )
        return self.log_metrics(loss, xb, yb, prediction)


class ValidatingWithoutCompile(WithoutCompile):
    def test_step(self, data):  # as in PyTorch
        xb, yb, sample_weights = keras.utils.unpack_x_y_sample_weight(data)
        prediction = self(xb, training=False)
        return self.log_metrics(
            self.mse(yb, prediction, sample_weight=sample_weights) + sum(self.losses),
            xb,
            yb,
            prediction,
        )


print("  no loss and no metrics in compile, against fit (same weights and history?):")
# True: compile with the optimizer only
compare_with_fit(WithoutCompile, WITHOUT_COMPILE, True)
print("  the same network, with its test_step:")
compare_with_fit(ValidatingWithoutCompile, [VALIDATION], True)
