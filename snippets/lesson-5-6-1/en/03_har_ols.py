d = v[v["activo"] == "indice"].set_index("fecha")
lrv = np.log(d["rv_5min"])
har = pd.DataFrame(
    {"d1": lrv, "s5": lrv.rolling(5).mean(), "m22": lrv.rolling(22).mean()}
).shift(1)  # only information from yesterday backwards
har["y"] = lrv
har = har.dropna()
COLS = ["d1", "s5", "m22"]
train = har.index < "2018-01-01"  # training 2008-2017, test 2018-2025
Xe, ye = har.loc[train, COLS].to_numpy(), har.loc[train, "y"].to_numpy()
Xp, yp = har.loc[~train, COLS].to_numpy(), har.loc[~train, "y"].to_numpy()

b_ols = np.linalg.lstsq(np.c_[np.ones(len(Xe)), Xe], ye, rcond=None)[0]
p_ols = np.c_[np.ones(len(Xp)), Xp] @ b_ols
mse_ols = np.mean((p_ols - yp) ** 2)
print(f"rows: training {len(Xe)}, test {len(Xp)}")
print("OLS: intercept", round(b_ols[0], 3), "slopes", np.round(b_ols[1:], 3))
print(f"sum of slopes (persistence): {b_ols[1:].sum():.3f}")
print(f"OLS test MSE: {mse_ols:.4f}")
