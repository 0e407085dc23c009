# the standardised means the three processes already used
with np.load("har.npz") as har:
    Xe_s, Xp_s = har["Xe"], har["Xp"]


def har_in_logs(loss):
    """Dense(1) on the standardised means and, behind it, Rescaling: the output is
    already log RV."""
    keras.utils.set_random_seed(0)
    net = keras.Sequential(
        [
            keras.Input((3,)),
            layers.Dense(1),
            layers.Rescaling(scale=float(sd_y), offset=float(mu_y)),
        ]
    )
    net.compile(optimizer=keras.optimizers.Adam(learning_rate=0.01), loss=loss)
    net.fit(Xe_s, ye.astype("float32"), epochs=40, batch_size=128, verbose=0)
    return net


log_nets = {"mse": har_in_logs("mse"), "qlike": har_in_logs(qlike)}
# The correction for the MSE-trained net comes, as before, from its training residuals.
s2_net = float(np.mean((log_nets["mse"].predict(Xe_s, verbose=0).ravel() - ye) ** 2))
mse_forecast = log_nets["mse"].predict(Xp_s, verbose=0).ravel()
forecasts = {
    "mse": mse_forecast,
    "mse, then + s²/2": mse_forecast + s2_net / 2,
    "qlike": log_nets["qlike"].predict(Xp_s, verbose=0).ravel(),
}
print(f"s²/2 of the MSE-trained net: {s2_net / 2:.4f}")
print(
    f"{'trained with':<19}{'d1':>7}{'s5':>7}{'m22':>7}  log h - log RV  log MSE   QLIKE"
)
for name, log_forecast in forecasts.items():
    slopes = (
        log_nets[name.split(",")[0]].layers[0].get_weights()[0].ravel() * sd_y / sd_x
    )
    print(
        f"{name:<19}"
        + "".join(f"{p:7.3f}" for p in slopes)
        + f"{np.mean(log_forecast - yp):+16.4f}{np.mean((log_forecast - yp) ** 2):9.4f}"
        + f"{float(qlike(yp, log_forecast)):8.4f}"
    )
