"""jax_stateless.py: the Keras network turned into a pure JAX function and trained with
it; then fit again, changing one factor at a time, to see what keeps it away from the
OLS."""

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

os.environ["KERAS_BACKEND"] = "jax"  # before the first import of keras

import jax
import jax.numpy as jnp
import keras
import numpy as np

data = np.load("har.npz")
net = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
net.load_weights("har_torch.weights.h5")  # the weights PyTorch trained
print("backend:", keras.config.backend())


def loss(weights, x, y):
    """The squared error as a function of the weights: the network keeps nothing between
    calls. stateless_call takes the trainable weights and the others (Dense has none: an
    empty list)."""
    output, _ = net.stateless_call(weights, [], x)
    return jnp.mean(jnp.square(output[:, 0] - y))


def flat(weights):
    """[kernel (3, 1), bias (1,)] -> [d1, s5, m22, b], to compare them with
    PyTorch's."""
    return np.concatenate([np.ravel(w) for w in weights])


# 1) Derivative of the loss at PyTorch's weights, with the autograd cell's batch.
value_and_derivative = jax.jit(jax.value_and_grad(loss))  # both at once, compiled
_, derivative = value_and_derivative(
    [v.value for v in net.trainable_variables], data["Xe"][::10], data["ye"][::10]
)
print("JAX      :", np.round(flat(derivative), 5))
print(
    "same as autograd (1e-6):",
    np.allclose(flat(derivative), np.load("grad_torch.npy"), atol=1e-6),
)


# 2) The PyTorch loop's descent (300 steps of 0.3 from zero), but with the loop inside
#    the
#    compiled function: jax.lax.fori_loop turns it into a single XLA program.
@jax.jit
def descent(weights):
    def one_step(_, w):
        _, d = value_and_derivative(w, data["Xe"], data["ye"])
        return [a - 0.3 * g for a, g in zip(w, d)]

    return jax.lax.fori_loop(0, 300, one_step, weights)


final = flat(descent([jnp.zeros((3, 1)), jnp.zeros(1)]))
print("slopes in log RV:", np.round(final[:3] * data["sd_y"] / data["sd_x"], 4))
print(
    "same as the PyTorch loop (1e-5):",
    np.allclose(final, np.load("torch_loop_weights.npy"), atol=1e-5),
)


# 2b) The same descent facing the three changes of the PyTorch note, with the loss as it
#     is (only the error) and with the complete one: the layers' losses
#     (return_losses=True) and the row weights.
# LAMBDA, the per-session weights and the three minimisers
saved = np.load("change_minimisers.npz")
X, ONES = data["Xe"], np.ones(len(data["Xe"]))


def linear(**options):
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, **options)])


# the daily one on one side; the weekly and the monthly, on the other
def with_two_inputs():
    daily, weekly_monthly = keras.Input((1,)), keras.Input((2,))
    output = keras.layers.Dense(1)(keras.layers.Concatenate()([daily, weekly_monthly]))
    return keras.Model([daily, weekly_monthly], output)


def descend_in_jax(model, inputs, per_row, complete):
    def loss_of(weights):
        output, _, of_layers = model.stateless_call(
            weights, [], inputs, return_losses=True
        )
        error = jnp.square(output[:, 0] - data["ye"])
        return (
            jnp.mean(per_row * error) + sum(of_layers) if complete else jnp.mean(error)
        )

    derivative = jax.grad(loss_of)
    start = [jnp.zeros(v.shape) for v in model.trainable_variables]
    return flat(
        jax.lax.fori_loop(
            0, 300, lambda _, w: [v - 0.3 * g for v, g in zip(w, derivative(w))], start
        )
    )


CHANGES = {  # name: (network, inputs, per-row weights), in the PyTorch cell's order
    "L2 regulariser": (
        linear(kernel_regularizer=keras.regularizers.L2(float(saved["arr_0"]))),
        X,
        ONES,
    ),
    "per-session weights": (linear(), X, saved["arr_1"]),
    "two inputs": (with_two_inputs(), [X[:, :1], X[:, 1:]], ONES),
}
for complete, title in (
    (False, "the descent as it is"),
    (True, "with the layers' losses and the weights"),
):
    reaches = [
        name
        for i, (name, (model, inputs, per_row)) in enumerate(CHANGES.items())
        if np.allclose(
            descend_in_jax(model, inputs, per_row, complete),
            saved[f"arr_{i + 2}"],
            rtol=0,
            atol=1e-4,
        )
    ]
    print(f"{title}: reaches the minimum with {', '.join(reaches) or 'none of them'}")


# 3) What keeps fit away from the OLS? With har_keras.py's Adam(0.01), each fit changes
#    ONE thing from the first row: the starting point, the number of steps or the
#    mini-batches.
ROWS = len(data["Xe"])
X1 = np.c_[data["Xe"], np.ones(ROWS)]
# [d1, s5, m22, intercept], standardised
ols = np.linalg.lstsq(X1, data["ye"], rcond=None)[0]
# 40 epochs of batches of 128 (the last one shorter): har_keras.py's
HAR_STEPS = 40 * -(-ROWS // 128)
SCALE = data["sd_y"] / data["sd_x"]  # standardised slope -> slope in log RV


def validation_mse(slopes, intercept):
    """In log RV and on 2016-2017: what you look at to decide. The test period stays
    unlooked-at."""
    error = data["Xv"] @ slopes + intercept - data["yv"]
    return float(np.mean(error**2) * data["sd_y"] ** 2)


def fit_once(seed, init, batch, steps):
    """Returns the standardised slopes and intercept."""
    # the same order as har_keras.py: seed, network, fit
    keras.utils.set_random_seed(seed)
    model = keras.Sequential(
        [keras.Input((3,)), keras.layers.Dense(1, kernel_initializer=init)]
    )
    # steps_per_execution: 16 steps per compiled call, not one; the same steps, faster.
    model.compile(
        optimizer=keras.optimizers.Adam(learning_rate=0.01),
        loss="mse",
        steps_per_execution=16,
    )
    # no mini-batches: the whole batch, 64 times per epoch (fewer rounds of fit)
    if batch == ROWS:
        model.fit(
            np.tile(data["Xe"], (64, 1)),
            np.tile(data["ye"], 64),
            batch_size=ROWS,
            epochs=steps // 64,
            shuffle=False,
            verbose=0,
        )
    else:
        model.fit(
            data["Xe"],
            data["ye"],
            batch_size=batch,
            epochs=steps // (HAR_STEPS // 40),
            verbose=0,
        )
    kernel, bias = model.layers[0].get_weights()
    return kernel.ravel(), float(bias[0])


SEEDS = [0, 1, 2]  # 0 is har_keras.py's; the other two show what is not luck
print(f"OLS validation MSE: {validation_mse(ols[:3], ols[3]):.4f}")
print(
    f"{'columns: seeds 0, 1, 2':<30}"
    + "distance to the OLS".center(20)
    + "   "
    + "validation MSE".center(20).rstrip()
)
print(
    f"{'init':<15} {'batch':>5} {'steps':>6}  "
    + " ".join(f"{s:>6}" for s in SEEDS)
    + "   "
    + " ".join(f"{s:>6}" for s in SEEDS)
)
table_rows = []
for init, batch, steps in [
    ("glorot_uniform", 128, HAR_STEPS),  # har_keras.py on JAX
    ("zeros", 128, HAR_STEPS),  # another starting point: zeros, like the descent above
    ("glorot_uniform", 128, 4 * HAR_STEPS),  # more steps
    ("glorot_uniform", 128, 16 * HAR_STEPS),  # many more steps
    ("glorot_uniform", ROWS, HAR_STEPS),  # no mini-batches
    ("glorot_uniform", ROWS, 4 * HAR_STEPS),  # no mini-batches and more steps
]:
    fits = [fit_once(seed, init, batch, steps) for seed in SEEDS]
    table_rows.append(fits)
    # the distance, as in the three engines' table: the largest slope difference, in log
    # RV
    distances = [np.abs((slopes - ols[:3]) * SCALE).max() for slopes, _ in fits]
    print(
        f"{init:<15} {batch:>5} {steps:>6}  "
        + " ".join(f"{d:6.4f}" for d in distances)
        + "   "
        + " ".join(f"{validation_mse(*fit):6.4f}" for fit in fits)
    )

# The first row with seed 0 is har_keras.py on JAX: its slopes are the keras-jax row's.
print(
    "seed 0 of the first row, slopes in log RV:",
    np.round(table_rows[0][0][0] * SCALE, 4),
)
