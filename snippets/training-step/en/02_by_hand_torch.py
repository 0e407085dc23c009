import os

os.environ["KERAS_BACKEND"] = "torch"

import keras
import numpy as np
import torch

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
    UNSEEDED,
    VALIDATION,
    compare_full_loop_with_fit,
    compare_loop_with_fit,
    compare_with_fit,
)

reference, fit_loss = with_fit()
print(f"torch {torch.__version__} · way, loss of the last epoch, fit's weights?")
report("fit", reference, fit_loss, reference)

# The Keras network is a torch.nn.Module: its weights are PyTorch parameters.
net = new_net()
print(
    f"  a torch.nn.Module? {isinstance(net, torch.nn.Module)}, "
    f"with {len(list(net.parameters()))} parameters"
)


def torch_loop(net, inputs, target, per_batch=BATCH, zero=True):
    """1. All PyTorch: its loss, its autograd and its optimizer."""
    opt = torch.optim.SGD(net.parameters(), lr=RATE)
    for _ in range(EPOCHS):
        losses = []
        for xb, yb in batches(per_batch, inputs, target):
            if zero:
                # otherwise backward adds the new gradients to the earlier ones
                opt.zero_grad()
            loss = torch.nn.functional.mse_loss(
                net(torch.from_numpy(xb), training=True), torch.from_numpy(yb)
            )
            loss.backward()
            opt.step()
            losses.append(loss.item())
    return np.mean(losses)


report("loop with torch.optim.SGD", net, torch_loop(net, x, y), reference)
try:  # evaluate uses compile's loss, even if the network was trained by hand
    net.evaluate(x, y, verbose=0)
except AttributeError as error:
    print(f"  evaluate without compile: AttributeError: {error}")
net.compile(loss="mse")  # its optimizer is not used: evaluate does not train
print(f"  evaluate after compile(loss='mse'): {net.evaluate(x, y, verbose=0):.5f}")
net = new_net()
report(
    "the same loop without zero_grad", net, torch_loop(net, x, y, zero=False), reference
)

# 2. The same loop, but the step is taken by Keras's optimizer with PyTorch's gradients.
net = new_net()
sgd = keras.optimizers.SGD(RATE)
mse = keras.losses.MeanSquaredError()
for _ in range(EPOCHS):
    losses = []
    for xb, yb in batches(BATCH, x, y):
        net.zero_grad()
        loss = mse(yb, net(xb, training=True))
        loss.backward()
        # as in Keras's own step: the update stays outside autograd
        with torch.no_grad():
            sgd.apply(
                [v.value.grad for v in net.trainable_weights], net.trainable_weights
            )
        losses.append(loss.item())
report("loop with keras.optimizers.SGD", net, np.mean(losses), reference)


# 3. A custom step inside fit, which still handles the batches, the epochs and the logs.
class CustomStep(keras.Model):
    def train_step(self, data):
        # (x, y) or (x, y, sample_weight)
        xb, yb, sample_weights = keras.utils.unpack_x_y_sample_weight(data)
        self.zero_grad()
        prediction = self(xb, training=True)
        loss = self.compute_loss(
            x=xb, y=yb, y_pred=prediction, sample_weight=sample_weights
        )
        # As Keras does: the loss scaled for the gradients (under mixed_float16,
        # compile sets a LossScaleOptimizer, which unscales in apply), the plain one
        # for the metrics.
        self.optimizer.scale_loss(loss).backward()
        with torch.no_grad():
            self.optimizer.apply(
                [v.value.grad for v in self.trainable_weights], self.trainable_weights
            )
        return self.metric_logs(loss, xb, yb, prediction, sample_weights)

    def test_step(self, data):
        """The step of validation_data and evaluate: the network in inference, no
        gradients, no updates."""
        xb, yb, sample_weights = keras.utils.unpack_x_y_sample_weight(data)
        prediction = self(xb, training=False)
        loss = self.compute_loss(
            x=xb, y=yb, y_pred=prediction, sample_weight=sample_weights, training=False
        )
        return self.metric_logs(loss, xb, yb, prediction, sample_weights)

    def metric_logs(self, loss, xb, yb, prediction, sample_weights):
        for metric in self.metrics:
            # the mean of the loss, weighted by the batch's size as in fit
            if metric.name == "loss":
                metric.update_state(loss, sample_weight=rows(xb))
        # those of compile(metrics=...)
        return self.compute_metrics(xb, yb, prediction, sample_weights)


net, loss = with_fit(CustomStep)
report("custom train_step inside fit", net, loss, reference)
print(
    "  the same train_step, against fit on other networks (same weights and history?):"
)
compare_with_fit(CustomStep)
print("  the loop with torch.optim.SGD, on the same networks:")
compare_loop_with_fit(torch_loop)


# 4. The full loop: what fit does besides the step, written by hand.
def full_torch_loop(
    net, inputs, target, per_batch=BATCH, weights=None, validation=None
):
    """The layers' losses, the per-sample weights, each epoch's metrics and the
    validation; returns the history, as fit does."""
    opt = torch.optim.SGD(net.parameters(), lr=RATE)
    mse = keras.losses.MeanSquaredError()

    def train(xb, yb, wb):
        opt.zero_grad()
        prediction = net(xb, training=True)
        # plus the layers' ones
        loss = mse(yb, prediction, sample_weight=wb) + sum(net.losses)
        loss.backward()
        opt.step()
        return loss.detach(), prediction.detach()

    def validate(xb, yb, wb):
        with torch.no_grad():
            prediction = net(xb, training=False)
            return mse(yb, prediction, sample_weight=wb) + sum(net.losses), prediction

    history = {}
    for _ in range(EPOCHS):
        epoch(history, "", batches(per_batch, inputs, target, weights), train)
        # at the end of each epoch, with the weights of that moment
        if validation is not None:
            epoch(history, "val_", batches(per_batch, *validation), validate)
    return history


print("  the full loop, against fit on the same networks (same weights and history?):")
compare_full_loop_with_fit(full_torch_loop)
# A Dropout without a seed draws its mask from PyTorch's global generator, from which
# fit's DataLoader also draws a number each time it starts going through the data.
print("  with a Dropout without a seed, the custom train_step:")
compare_with_fit(CustomStep, [UNSEEDED])
print("  and the full loop:")
compare_full_loop_with_fit(full_torch_loop, [UNSEEDED])


# 5. Lower down: compile only gets the optimizer; the network carries the loss and the
#    metrics.
class WithoutCompile(CarriesItsLoss):
    def train_step(self, data):
        xb, yb, sample_weights = keras.utils.unpack_x_y_sample_weight(data)
        self.zero_grad()
        prediction = self(xb, training=True)
        loss = self.mse(yb, prediction, sample_weight=sample_weights) + sum(self.losses)
        loss.backward()
        with torch.no_grad():
            self.optimizer.apply(
                [v.value.grad for v in self.trainable_weights], self.trainable_weights
            )
        return self.log_metrics(loss.detach(), xb, yb, prediction.detach())


class ValidatingWithoutCompile(WithoutCompile):
    def test_step(self, data):  # what it lacks to validate: updating its own metrics
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
