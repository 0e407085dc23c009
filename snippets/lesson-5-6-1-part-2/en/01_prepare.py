import os

# One thread per library, set before they are imported (the determinism section says
# why); the scripts this part launches inherit the environment.
for variable in (
    "OMP_NUM_THREADS",
    "OPENBLAS_NUM_THREADS",
    "MKL_NUM_THREADS",
    "TF_NUM_INTRAOP_THREADS",
    "TF_NUM_INTEROP_THREADS",
):
    os.environ[variable] = "1"
os.environ["XLA_FLAGS"] = "--xla_cpu_multi_thread_eigen=false"
os.environ["KERAS_BACKEND"] = "torch"

import keras
import numpy as np
import pandas as pd
import torch
from keras import layers

torch.set_num_threads(1)
torch.use_deterministic_algorithms(True)

# 1) har.npz: the index's 1-, 5- and 22-session means up to yesterday, and today's log
#    RV;
#    three periods, standardised with the first one's mean and deviation.
panel = pd.read_parquet("vol5_diario.parquet")
log_rv = np.log(panel.loc[panel["activo"] == "indice"].set_index("fecha")["rv_5min"])
table = pd.DataFrame(
    {
        f"{letter}{n}": log_rv.rolling(n).mean().shift(1)
        for letter, n in (("d", 1), ("s", 5), ("m", 22))
    }
)
table["y"] = log_rv
table = table.dropna()
date = table.index
periods = {
    "e": date < "2016-01-01",
    "v": (date >= "2016-01-01") & (date < "2018-01-01"),
    "p": date >= "2018-01-01",
}
X = {k: table.loc[rows, ["d1", "s5", "m22"]].to_numpy() for k, rows in periods.items()}
y = {k: table.loc[rows, "y"].to_numpy() for k, rows in periods.items()}
mu_x, sd_x, mu_y, sd_y = (
    X["e"].mean(axis=0),
    X["e"].std(axis=0),
    y["e"].mean(),
    y["e"].std(),
)
standardised = {}
for k in periods:
    standardised[f"X{k}"] = ((X[k] - mu_x) / sd_x).astype("float32")
    standardised[f"y{k}"] = ((y[k] - mu_y) / sd_y).astype("float32")
np.savez("har.npz", **standardised, mu_x=mu_x, sd_x=sd_x, mu_y=mu_y, sd_y=sd_y)

# 2) har_torch.weights.h5: har_keras.py's recipe on PyTorch (seed 0; Adam(0.01), 40
#    epochs,
#    batches of 128, validating on 2016-2017).
data = np.load("har.npz")
keras.utils.set_random_seed(0)
har = keras.Sequential([keras.Input((3,)), layers.Dense(1)])
har.compile(optimizer=keras.optimizers.Adam(learning_rate=0.01), loss="mse")
har.fit(
    data["Xe"],
    data["ye"],
    validation_data=(data["Xv"], data["yv"]),
    epochs=40,
    batch_size=128,
    verbose=0,
)
har.save_weights("har_torch.weights.h5")

print({k: v.shape for k, v in standardised.items()})
slopes = har.layers[0].get_weights()[0].ravel() * sd_y / sd_x
print("PyTorch's slopes in log RV (d1, s5, m22):", slopes.round(4))
