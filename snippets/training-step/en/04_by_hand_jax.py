import os

os.environ["KERAS_BACKEND"] = "jax"

import jax
import keras
import numpy as np

from common import EPOCHS, RATE, with_fit, report, batches, new_net

reference, fit_loss = with_fit()
print(f"jax {jax.__version__} · way, loss of the last epoch, fit's weights?")
report("fit", reference, fit_loss, reference)

# 1. Stateless: the weights go in and come out as arrays; the network and the optimizer only compute.
net = new_net()
sgd = keras.optimizers.SGD(RATE)
sgd.build(net.trainable_variables)  # prepares it for these weights: stateless_apply requires it
mse = keras.losses.MeanSquaredError()


def loss_of(trainable, non_trainable, xb, yb):
    prediction, non_trainable = net.stateless_call(trainable, non_trainable, xb, training=True)
    return mse(yb, prediction), non_trainable


loss_and_gradients = jax.value_and_grad(loss_of, has_aux=True)  # differentiates with respect to trainable


@jax.jit
def step(state, xb, yb):
    trainable, non_trainable, optimizer_vars = state
    (loss, non_trainable), gradients = loss_and_gradients(trainable, non_trainable, xb, yb)
    trainable, optimizer_vars = sgd.stateless_apply(optimizer_vars, gradients, trainable)
    return loss, (trainable, non_trainable, optimizer_vars)


state = (
    [v.value for v in net.trainable_variables],
    [v.value for v in net.non_trainable_variables],
    [v.value for v in sgd.variables],
)
for _ in range(EPOCHS):
    losses = []
    for xb, yb in batches():
        loss, state = step(state, xb, yb)
        losses.append(float(loss))
report("loop with jax.jit, before handing back", net, np.mean(losses), reference)
# The network's and the optimizer's variables have not noticed: what was trained is in state.
for variables, values in zip((net.trainable_variables, net.non_trainable_variables, sgd.variables), state):
    for variable, value in zip(variables, values):
        variable.assign(value)
report("the same, state handed back", net, np.mean(losses), reference)


# 2. A custom step inside fit: it receives the whole state and returns the new one, touching no variable.
class CustomStep(keras.Model):
    def train_step(self, state, data):
        trainable, non_trainable, optimizer_vars, metric_vars = state
        xb, yb = data

        def loss_of(trainable, non_trainable):
            prediction, non_trainable = self.stateless_call(trainable, non_trainable, xb, training=True)
            return self.compute_loss(x=xb, y=yb, y_pred=prediction), non_trainable

        (loss, non_trainable), gradients = jax.value_and_grad(loss_of, has_aux=True)(trainable, non_trainable)
        trainable, optimizer_vars = self.optimizer.stateless_apply(optimizer_vars, gradients, trainable)
        # The metrics are state too: each one takes its own variables, in order, and returns them.
        # Only the loss's is here; others would take (yb, prediction), which loss_of would have to return.
        new, logs = [], {}
        for metric in self.metrics:
            own = metric_vars[len(new) : len(new) + len(metric.variables)]
            own = metric.stateless_update_state(own, loss)
            logs[metric.name] = metric.stateless_result(own)
            new += own
        return logs, (trainable, non_trainable, optimizer_vars, new)


net, loss = with_fit(CustomStep)
report("custom train_step inside fit", net, loss, reference)
