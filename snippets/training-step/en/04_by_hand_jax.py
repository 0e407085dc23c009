import os

os.environ["KERAS_BACKEND"] = "jax"

import jax
import keras
import numpy as np

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
    ACTIVITY,
    L2,
    WITHOUT_COMPILE,
    VALIDATION,
    compare_full_loop_with_fit,
    compare_loop_with_fit,
    compare_with_fit,
)

reference, fit_loss = with_fit()
print(f"jax {jax.__version__} · way, loss of the last epoch, fit's weights?")
report("fit", reference, fit_loss, reference)


# 1. Stateless: the weights go in and come out as arrays; the network and the optimizer
#    only compute.
def jax_loop(net, inputs, target, per_batch=BATCH, hand_back=True):
    sgd = keras.optimizers.SGD(RATE)
    # prepares it for these weights: stateless_apply requires it
    sgd.build(net.trainable_variables)
    mse = keras.losses.MeanSquaredError()

    def loss_of(trainable, non_trainable, xb, yb):
        prediction, non_trainable = net.stateless_call(
            trainable, non_trainable, xb, training=True
        )
        return mse(yb, prediction), non_trainable

    # differentiates with respect to trainable
    loss_and_gradients = jax.value_and_grad(loss_of, has_aux=True)

    @jax.jit
    def step(state, xb, yb):
        trainable, non_trainable, optimizer_vars = state
        (loss, non_trainable), gradients = loss_and_gradients(
            trainable, non_trainable, xb, yb
        )
        trainable, optimizer_vars = sgd.stateless_apply(
            optimizer_vars, gradients, trainable
        )
        return loss, (trainable, non_trainable, optimizer_vars)

    state = (
        [v.value for v in net.trainable_variables],
        [v.value for v in net.non_trainable_variables],
        [v.value for v in sgd.variables],
    )
    for _ in range(EPOCHS):
        losses = []
        for xb, yb in batches(per_batch, inputs, target):
            loss, state = step(state, xb, yb)
            losses.append(float(loss))
    # the network's and the optimizer's variables do not notice: what was trained is in
    # state
    if hand_back:
        for variables, values in zip(
            (net.trainable_variables, net.non_trainable_variables, sgd.variables), state
        ):
            for variable, value in zip(variables, values):
                variable.assign(value)
    return np.mean(losses)


net = new_net()
report(
    "loop with jax.jit, before handing back",
    net,
    jax_loop(net, x, y, hand_back=False),
    reference,
)
net = new_net()
report("the same, state handed back", net, jax_loop(net, x, y), reference)


# 2. A custom step inside fit: it receives the whole state and returns the new one,
#    touching no variable.
class CustomStep(keras.Model):
    def train_step(self, state, data):
        trainable, non_trainable, optimizer_vars, metric_vars = state
        xb, yb, sample_weights = keras.utils.unpack_x_y_sample_weight(data)
        # The stateless loss of Keras's own step: the prediction with the weights it
        # receives, the loss of compile, the layers' losses (regularisers, add_loss) and
        # the sample weights.
        derivative = jax.value_and_grad(self.compute_loss_and_updates, has_aux=True)
        (_, (loss, prediction, non_trainable, metric_vars)), gradients = derivative(
            trainable,
            non_trainable,
            metric_vars,
            xb,
            yb,
            sample_weights,
            training=True,
            optimizer_variables=optimizer_vars,
        )
        trainable, optimizer_vars = self.optimizer.stateless_apply(
            optimizer_vars, gradients, trainable
        )
        logs, metric_vars = self.metric_logs(
            metric_vars, loss, xb, yb, prediction, sample_weights
        )
        return logs, (trainable, non_trainable, optimizer_vars, metric_vars)

    def test_step(self, state, data):
        """The step of validation_data and evaluate: the same loss, not differentiated,
        in inference, and its state does not carry the optimizer."""
        trainable, non_trainable, metric_vars = state
        xb, yb, sample_weights = keras.utils.unpack_x_y_sample_weight(data)
        _, (loss, prediction, non_trainable, metric_vars) = (
            self.compute_loss_and_updates(
                trainable,
                non_trainable,
                metric_vars,
                xb,
                yb,
                sample_weights,
                training=False,
            )
        )
        logs, metric_vars = self.metric_logs(
            metric_vars, loss, xb, yb, prediction, sample_weights
        )
        return logs, (trainable, non_trainable, metric_vars)

    def metric_logs(self, metric_vars, loss, xb, yb, prediction, sample_weights):
        # The metrics are state too: inside a StatelessScope, update_state reads and
        # writes this batch's values, not the variables.
        with keras.StatelessScope(
            state_mapping=list(zip(self.metrics_variables, metric_vars))
        ) as scope:
            for metric in self.metrics:
                # the mean of the loss, weighted by the batch's size as in fit
                if metric.name == "loss":
                    metric.update_state(loss, sample_weight=rows(xb))
            # those of compile(metrics=...)
            logs = self.compute_metrics(xb, yb, prediction, sample_weights)
        return logs, [scope.get_current_value(v) for v in self.metrics_variables]


net, loss = with_fit(CustomStep)
report("custom train_step inside fit", net, loss, reference)
print(
    "  the same train_step, against fit on other networks (same weights and history?):"
)
compare_with_fit(CustomStep)
print("  the loop with jax.jit, on the same networks:")
compare_loop_with_fit(jax_loop)


# 3. The full loop: what fit does besides the step, written by hand and stateless.
def full_jax_loop(net, inputs, target, per_batch=BATCH, weights=None, validation=None):
    """The layers' losses, the per-sample weights, each epoch's metrics and the
    validation; returns the history, as fit does, and leaves what was trained in the
    network's variables."""
    sgd = keras.optimizers.SGD(RATE)
    sgd.build(net.trainable_variables)
    mse = keras.losses.MeanSquaredError()

    def loss_of(trainable, non_trainable, xb, yb, wb, training):
        # return_losses: the layers' losses too, computed with these weights
        prediction, non_trainable, of_layers = net.stateless_call(
            trainable, non_trainable, xb, training=training, return_losses=True
        )
        return mse(yb, prediction, sample_weight=wb) + sum(of_layers), (
            prediction,
            non_trainable,
        )

    @jax.jit
    def step(state, xb, yb, wb):
        trainable, non_trainable, optimizer_vars = state
        derivative = jax.value_and_grad(loss_of, has_aux=True)
        (loss, (prediction, non_trainable)), gradients = derivative(
            trainable, non_trainable, xb, yb, wb, True
        )
        trainable, optimizer_vars = sgd.stateless_apply(
            optimizer_vars, gradients, trainable
        )
        return loss, prediction, (trainable, non_trainable, optimizer_vars)

    variables = (net.trainable_variables, net.non_trainable_variables, sgd.variables)
    state = tuple([v.value for v in group] for group in variables)

    def train(xb, yb, wb):
        nonlocal state
        loss, prediction, state = step(state, xb, yb, wb)
        return loss, prediction

    def validate(xb, yb, wb):  # with the state of this moment, in inference
        loss, (prediction, _) = loss_of(state[0], state[1], xb, yb, wb, False)
        return loss, prediction

    history = {}
    for _ in range(EPOCHS):
        epoch(history, "", batches(per_batch, inputs, target, weights), train)
        if validation is not None:
            epoch(history, "val_", batches(per_batch, *validation), validate)
    # what was trained, back into the variables
    for group, values in zip(variables, state):
        for variable, value in zip(group, values):
            variable.assign(value)
    return history


print("  the full loop, against fit on the same networks (same weights and history?):")
compare_full_loop_with_fit(full_jax_loop)


# 4. Two shortcuts that look the same: they change the loss (unscaled, and always with
#    training=True) and fail on the layers' losses.
class WithComputeLoss(CustomStep):
    """compute_loss, as in PyTorch and TensorFlow: it reads the variables, not the
    weights being differentiated."""

    def compute_loss_and_updates(
        self, trainable, non_trainable, metric_vars, xb, yb, sample_weights, **_
    ):
        prediction, non_trainable = self.stateless_call(
            trainable, non_trainable, xb, training=True
        )
        loss = self.compute_loss(
            x=xb, y=yb, y_pred=prediction, sample_weight=sample_weights
        )
        return loss, (loss, prediction, non_trainable, metric_vars)


class WithStatelessComputeLoss(CustomStep):
    """stateless_compute_loss: the weights' regularisers yes, what the layers add when
    called no."""

    def compute_loss_and_updates(
        self, trainable, non_trainable, metric_vars, xb, yb, sample_weights, **_
    ):
        prediction, non_trainable = self.stateless_call(
            trainable, non_trainable, xb, training=True
        )
        loss, (_, non_trainable, metric_vars) = self.stateless_compute_loss(
            trainable,
            non_trainable,
            metric_vars,
            x=xb,
            y=yb,
            y_pred=prediction,
            sample_weight=sample_weights,
        )
        return loss, (loss, prediction, non_trainable, metric_vars)


for shortcut, name in (
    (WithComputeLoss, "with compute_loss"),
    (WithStatelessComputeLoss, "with stateless_compute_loss"),
):
    print(f"  the shortcut {name}:")
    compare_with_fit(shortcut, (L2, ACTIVITY))


# 5. Lower down: compile only gets the optimizer; the network carries the loss and the
#    metrics.
class WithoutCompile(CarriesItsLoss):
    def train_step(self, state, data):
        trainable, non_trainable, optimizer_vars, metric_vars = state
        xb, yb, sample_weights = keras.utils.unpack_x_y_sample_weight(data)

        def loss_of(trainable, non_trainable):
            prediction, non_trainable, of_layers = self.stateless_call(
                trainable, non_trainable, xb, training=True, return_losses=True
            )
            return self.mse(yb, prediction, sample_weight=sample_weights) + sum(
                of_layers
            ), (prediction, non_trainable)

        derivative = jax.value_and_grad(loss_of, has_aux=True)
        (loss, (prediction, non_trainable)), gradients = derivative(
            trainable, non_trainable
        )
        trainable, optimizer_vars = self.optimizer.stateless_apply(
            optimizer_vars, gradients, trainable
        )
        logs, metric_vars = self.log_metrics(metric_vars, loss, xb, yb, prediction)
        return logs, (trainable, non_trainable, optimizer_vars, metric_vars)

    def log_metrics(self, metric_vars, loss, xb, yb, prediction):
        with keras.StatelessScope(
            state_mapping=list(zip(self.metrics_variables, metric_vars))
        ) as scope:
            self.mean_loss.update_state(loss, sample_weight=rows(xb))
            self.mae.update_state(yb, prediction)
            logs = {metric.name: metric.result() for metric in self.metrics}
        return logs, [scope.get_current_value(v) for v in self.metrics_variables]


class ValidatingWithoutCompile(WithoutCompile):
    # what it lacks to validate: updating its own metrics
    def test_step(self, state, data):
        trainable, non_trainable, metric_vars = state
        xb, yb, sample_weights = keras.utils.unpack_x_y_sample_weight(data)
        prediction, non_trainable, of_layers = self.stateless_call(
            trainable, non_trainable, xb, training=False, return_losses=True
        )
        loss = self.mse(yb, prediction, sample_weight=sample_weights) + sum(of_layers)
        logs, metric_vars = self.log_metrics(metric_vars, loss, xb, yb, prediction)
        return logs, (trainable, non_trainable, metric_vars)


print("  no loss and no metrics in compile, against fit (same weights and history?):")
# True: compile with the optimizer only
compare_with_fit(WithoutCompile, WITHOUT_COMPILE, True)
print("  the same network, with its test_step:")
compare_with_fit(ValidatingWithoutCompile, [VALIDATION], True)
