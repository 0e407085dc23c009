d = v[v["activo"] == "indice"].set_index("fecha")
lrv = np.log(d["rv_5min"])
har = pd.DataFrame(
    {"d1": lrv, "s5": lrv.rolling(5).mean(), "m22": lrv.rolling(22).mean()}
).shift(1)  # solo información de ayer hacia atrás
har["y"] = lrv
har = har.dropna()
COLS = ["d1", "s5", "m22"]
ent = har.index < "2018-01-01"  # entrenamiento 2008-2017, prueba 2018-2025
Xe, ye = har.loc[ent, COLS].to_numpy(), har.loc[ent, "y"].to_numpy()
Xp, yp = har.loc[~ent, COLS].to_numpy(), har.loc[~ent, "y"].to_numpy()

b_ols = np.linalg.lstsq(np.c_[np.ones(len(Xe)), Xe], ye, rcond=None)[0]
p_ols = np.c_[np.ones(len(Xp)), Xp] @ b_ols
mse_ols = np.mean((p_ols - yp) ** 2)
print(f"filas: entrenamiento {len(Xe)}, prueba {len(Xp)}")
print("OLS: constante", round(b_ols[0], 3), "pendientes", np.round(b_ols[1:], 3))
print(f"suma de pendientes (persistencia): {b_ols[1:].sum():.3f}")
print(f"MSE de prueba de la OLS: {mse_ols:.4f}")
