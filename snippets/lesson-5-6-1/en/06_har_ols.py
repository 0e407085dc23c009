COLS = ["d1", "s5", "m22"]


def har_regressors(log_rv):
    """Means over 1, 5 and 22 sessions that end YESTERDAY: nothing from the day being
    predicted."""
    return pd.DataFrame({c: log_rv.rolling(int(c[1:])).mean().shift(1) for c in COLS})


def with_constant(X):
    return np.column_stack([np.ones(len(X)), X])


stock_index = daily[daily["activo"] == "indice"].set_index("fecha")
log_rv = np.log(stock_index["rv_5min"])
har_table = har_regressors(log_rv).assign(y=log_rv).dropna()
# Three consecutive periods: fit on the first, watch the fit on the second, and leave
# the third unlooked-at until the end. Validation comes before the test period, never
# after it.
train = har_table[har_table.index < "2016-01-01"]
validation = har_table[
    (har_table.index >= "2016-01-01") & (har_table.index < "2018-01-01")
]
test = har_table[har_table.index >= "2018-01-01"]
Xe, ye = train[COLS].to_numpy(), train["y"].to_numpy()
Xv, yv = validation[COLS].to_numpy(), validation["y"].to_numpy()
Xp, yp = test[COLS].to_numpy(), test["y"].to_numpy()

beta = np.linalg.lstsq(with_constant(Xe), ye, rcond=None)[0]
mse_ols = float(np.mean((with_constant(Xp) @ beta - yp) ** 2))
for name, part in (("training", train), ("validation", validation), ("test", test)):
    print(f"{name:<14}{len(part):>5} sessions, {part.index[0]:%Y}-{part.index[-1]:%Y}")
print(
    f"OLS: constant {beta[0]:.3f}, slopes", dict(zip(COLS, beta[1:].round(3).tolist()))
)
print(f"sum of slopes (persistence): {beta[1:].sum():.3f}")
print(f"OLS test MSE: {mse_ols:.4f}")
