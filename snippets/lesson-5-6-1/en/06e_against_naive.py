import math


def diebold_mariano(d, lags=5):
    """Mean loss difference over its HAC (Newey-West) standard error, and its
    two-sided p."""
    u = d - d.mean()
    long_run_variance = u @ u / len(d) + 2 * sum(
        (1 - k / (lags + 1)) * (u[k:] @ u[:-k]) / len(d) for k in range(1, lags + 1)
    )
    z = d.mean() / math.sqrt(long_run_variance / len(d))
    return z, math.erfc(abs(z) / math.sqrt(2))


def qlike_per_session(log_rv, log_h):
    """The same qlike from qlike.py, session by session: with one column per session,
    its mean is itself."""
    return ops.convert_to_numpy(qlike(log_rv[:, None], log_h[:, None]))


# Each forecast, on training and on test; its correction to levels comes from ITS OWN
# training residuals (mean + variance/2: with normal residuals, the same as s²/2 for the
# OLS).
naive_and_har = {
    "training mean": (np.full_like(ye, ye.mean()), np.full_like(yp, ye.mean())),
    "yesterday's": (Xe[:, 0], Xp[:, 0]),
    "22-session mean": (Xe[:, 2], Xp[:, 2]),
    "HAR (OLS)": (with_constant(Xe) @ beta, with_constant(Xp) @ beta),
}
reference_mse = float(np.mean((yp - ye.mean()) ** 2))
losses = {}
for name, (on_train, on_test) in naive_and_har.items():
    residuals = ye - on_train
    log_forecast = on_test + residuals.mean()
    losses[name] = qlike_per_session(yp, log_forecast + residuals.var() / 2)
    mse = float(np.mean((yp - log_forecast) ** 2))
    print(
        f"{name:<23} log MSE {mse:.4f} | out-of-sample R² {1 - mse / reference_mse:.3f}"
        f" | QLIKE {losses[name].mean():.4f}"
    )
for name in list(naive_and_har)[:3]:
    z, p = diebold_mariano(losses[name] - losses["HAR (OLS)"])
    print(
        f"Diebold-Mariano ({name} against the HAR): z = {z:.2f}, "
        f"p {'< 0.001' if p < 0.001 else f'= {p:.3f}'}"
    )
