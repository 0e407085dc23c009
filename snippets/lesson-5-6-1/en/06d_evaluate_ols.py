from qlike import qlike


def mincer_zarnowitz(realised, forecast):
    """realised = a + b·forecast + u by OLS, with heteroskedasticity-robust (White)
    standard errors."""
    X = with_constant(forecast)
    coef = np.linalg.lstsq(X, realised, rcond=None)[0]
    u = realised - X @ coef
    bread = np.linalg.inv(X.T @ X)
    return coef, np.sqrt(np.diag(bread @ (X.T * u**2) @ X @ bread))


# The correction comes from the TRAINING residuals: nothing from the test period enters
# the forecast.
residuals = ye - with_constant(Xe) @ beta
s2 = float(np.mean(residuals**2))
log_h = with_constant(Xp) @ beta  # forecast of log RV for 2018-2025
rv = 100**2 * np.exp(yp)  # each session's realised variance, in %² (returns in %)
print(
    f"training s² {s2:.4f}: exp(s²/2) = {np.exp(s2 / 2):.4f}, "
    f"mean of exp(residual) = {np.mean(np.exp(residuals)):.4f}"
)
print(f"mean test RV: {rv.mean():.3f} %²")
for name, log_forecast in (
    ("exp(log h)", log_h),
    ("exp(log h + s²/2)", log_h + s2 / 2),
):
    h = 100**2 * np.exp(log_forecast)
    (a, b), (error_a, error_b) = mincer_zarnowitz(rv, h)
    print(
        f"{name:<17} mean {h.mean():.3f} | MZ a = {a:+.3f} ({error_a:.3f}), "
        f"b = {b:.3f} ({error_b:.3f})"
        f" | log MSE {np.mean((log_forecast - yp) ** 2):.4f}"
        f" | QLIKE {float(qlike(yp, log_forecast)):.4f}"
    )
qlike_ols = float(qlike(yp, log_h + s2 / 2))
print(
    f"uncorrected, a position scaled by 1/√h comes out {np.exp(s2 / 4) - 1:.1%} larger"
)
