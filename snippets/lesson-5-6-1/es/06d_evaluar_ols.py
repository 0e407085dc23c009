from qlike import qlike


def mincer_zarnowitz(real, prevista):
    """real = a + b·prevista + u por OLS, con errores típicos robustos a la
    heterocedasticidad (White)."""
    X = con_constante(prevista)
    coef = np.linalg.lstsq(X, real, rcond=None)[0]
    u = real - X @ coef
    pan = np.linalg.inv(X.T @ X)
    return coef, np.sqrt(np.diag(pan @ (X.T * u**2) @ X @ pan))


# La corrección sale de los residuos de ENTRENAMIENTO: nada de la prueba entra en la
# previsión.
residuos = ye - con_constante(Xe) @ beta
s2 = float(np.mean(residuos**2))
log_h = con_constante(Xp) @ beta  # previsión de log RV para 2018-2025
rv = 100**2 * np.exp(yp)  # varianza realizada de cada sesión, en %² (rendimientos en %)
print(
    f"s² de entrenamiento {s2:.4f}: exp(s²/2) = {np.exp(s2 / 2):.4f}, "
    f"media de exp(residuo) = {np.mean(np.exp(residuos)):.4f}"
)
print(f"RV media de prueba: {rv.mean():.3f} %²")
for nombre, log_prevista in (
    ("exp(log h)", log_h),
    ("exp(log h + s²/2)", log_h + s2 / 2),
):
    h = 100**2 * np.exp(log_prevista)
    (a, b), (error_a, error_b) = mincer_zarnowitz(rv, h)
    print(
        f"{nombre:<17} media {h.mean():.3f} | MZ a = {a:+.3f} ({error_a:.3f}), "
        f"b = {b:.3f} ({error_b:.3f})"
        f" | MSE log {np.mean((log_prevista - yp) ** 2):.4f}"
        f" | QLIKE {float(qlike(yp, log_prevista)):.4f}"
    )
qlike_ols = float(qlike(yp, log_h + s2 / 2))
print(
    "sin corregir, una posición escalada por 1/√h "
    f"sale un {np.exp(s2 / 4) - 1:.1%} mayor"
)
