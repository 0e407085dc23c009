# Everything comes from the parquet and the cell brings its own imports:
# it can be pasted alone into a fresh notebook.
import keras
import numpy as np
import pandas as pd
from keras import layers

panel = pd.read_parquet("vol5_diario.parquet")
stock_index = panel[panel["activo"] == "indice"].set_index("fecha").sort_index()
log_rv = np.log(stock_index["rv_5min"])
# everything shifted one day: only information up to yesterday
yesterday = pd.DataFrame(
    {
        "d1": log_rv,
        "s5": log_rv.rolling(5).mean(),
        "m22": log_rv.rolling(22).mean(),
        "negative": stock_index["rendimiento"].clip(upper=0),  # min(r, 0)
    }
).shift(1)
table = yesterday.assign(y=log_rv).dropna()
train = table[table.index < "2016-01-01"]  # the lesson's training period
MEANS, REGRESSORS = ["d1", "s5", "m22"], ["d1", "s5", "m22", "negative"]

# Reference: least squares with the four regressors.
design = np.c_[np.ones(len(train)), train[REGRESSORS]]
ols = np.linalg.lstsq(design, train["y"], rcond=None)[0][1:]

# The network: two inputs joined before a single dense layer.
mean, std = train.mean(), train.std(ddof=0)  # standardise with the training data
std_train = ((train - mean) / std).astype("float32")
keras.utils.set_random_seed(0)  # right before building the model
means_input = keras.Input((3,), name="means")
negative_input = keras.Input((1,), name="negative")
merged = layers.Concatenate()([means_input, negative_input])
model = keras.Model(
    [means_input, negative_input], layers.Dense(1, name="forecast")(merged)
)
model.compile(keras.optimizers.Adam(0.01), "mse")
model.fit(
    [std_train[MEANS], std_train[["negative"]]],
    std_train["y"],
    epochs=40,
    batch_size=128,
    verbose=0,
)

weights = model.get_layer("forecast").get_weights()[0].ravel()
# back to the original units
net_coefs = weights * std["y"] / std[REGRESSORS].to_numpy()
print(f"training rows: {len(train)}")
print(pd.DataFrame({"OLS": ols, "Keras": net_coefs}, index=REGRESSORS).round(3))
# In a trader's numbers, with the OLS coefficient: a 1 % fall yesterday (ℓ = -0.01).
print(
    f"1 % fall yesterday: today's log RV {-0.01 * ols[3]:+.3f}, "
    f"variance multiplied by {np.exp(-0.01 * ols[3]):.3f}"
)
