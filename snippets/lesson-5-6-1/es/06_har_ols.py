COLS = ["d1", "s5", "m22"]


def regresores_har(log_rv):
    """Medias de 1, 5 y 22 sesiones que acaban AYER: nada del día que se predice."""
    return pd.DataFrame({c: log_rv.rolling(int(c[1:])).mean().shift(1) for c in COLS})


def con_constante(X):
    return np.column_stack([np.ones(len(X)), X])


indice = diario[diario["activo"] == "indice"].set_index("fecha")
log_rv = np.log(indice["rv_5min"])
tabla_har = regresores_har(log_rv).assign(y=log_rv).dropna()
# Tres periodos seguidos: se ajusta con el primero, se vigila el ajuste con el segundo y
# el tercero no se mira hasta el final. La validación va antes de la prueba, nunca
# después.
entreno = tabla_har[tabla_har.index < "2016-01-01"]
validacion = tabla_har[
    (tabla_har.index >= "2016-01-01") & (tabla_har.index < "2018-01-01")
]
prueba = tabla_har[tabla_har.index >= "2018-01-01"]
Xe, ye = entreno[COLS].to_numpy(), entreno["y"].to_numpy()
Xv, yv = validacion[COLS].to_numpy(), validacion["y"].to_numpy()
Xp, yp = prueba[COLS].to_numpy(), prueba["y"].to_numpy()

beta = np.linalg.lstsq(con_constante(Xe), ye, rcond=None)[0]
mse_ols = float(np.mean((con_constante(Xp) @ beta - yp) ** 2))
for nombre, parte in (
    ("entrenamiento", entreno),
    ("validación", validacion),
    ("prueba", prueba),
):
    print(
        f"{nombre:<14}{len(parte):>5} sesiones, "
        f"{parte.index[0]:%Y}-{parte.index[-1]:%Y}"
    )
print(
    f"OLS: constante {beta[0]:.3f}, pendientes",
    dict(zip(COLS, beta[1:].round(3).tolist())),
)
print(f"suma de pendientes (persistencia): {beta[1:].sum():.3f}")
print(f"MSE de prueba de la OLS: {mse_ols:.4f}")
