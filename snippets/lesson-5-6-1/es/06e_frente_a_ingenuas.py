import math


def diebold_mariano(d, retardos=5):
    """Media de la diferencia de pérdidas entre su error típico HAC (Newey-West), y
    su p bilateral."""
    u = d - d.mean()
    varianza_larga = u @ u / len(d) + 2 * sum(
        (1 - k / (retardos + 1)) * (u[k:] @ u[:-k]) / len(d)
        for k in range(1, retardos + 1)
    )
    z = d.mean() / math.sqrt(varianza_larga / len(d))
    return z, math.erfc(abs(z) / math.sqrt(2))


def qlike_por_sesion(log_rv, log_h):
    """La misma qlike de qlike.py, sesión a sesión: con una columna por sesión, su media
    es ella."""
    return ops.convert_to_numpy(qlike(log_rv[:, None], log_h[:, None]))


# Cada previsión, en entrenamiento y en prueba; su corrección a niveles sale de SUS
# residuos de entrenamiento (media + varianza/2: con residuos normales, lo mismo que
# s²/2 en la OLS).
previsiones = {
    "media de entrenamiento": (
        np.full_like(ye, ye.mean()),
        np.full_like(yp, ye.mean()),
    ),
    "la de ayer": (Xe[:, 0], Xp[:, 0]),
    "media de 22 sesiones": (Xe[:, 2], Xp[:, 2]),
    "HAR (OLS)": (con_constante(Xe) @ beta, con_constante(Xp) @ beta),
}
mse_referencia = float(np.mean((yp - ye.mean()) ** 2))
perdidas = {}
for nombre, (en_entreno, en_prueba) in previsiones.items():
    residuos = ye - en_entreno
    log_prevista = en_prueba + residuos.mean()
    perdidas[nombre] = qlike_por_sesion(yp, log_prevista + residuos.var() / 2)
    mse = float(np.mean((yp - log_prevista) ** 2))
    print(
        f"{nombre:<23} MSE log {mse:.4f}"
        f" | R² fuera de muestra {1 - mse / mse_referencia:.3f}"
        f" | QLIKE {perdidas[nombre].mean():.4f}"
    )
for nombre in list(previsiones)[:3]:
    z, p = diebold_mariano(perdidas[nombre] - perdidas["HAR (OLS)"])
    print(
        f"Diebold-Mariano ({nombre} frente al HAR): z = {z:.2f}, "
        f"p {'< 0.001' if p < 0.001 else f'= {p:.3f}'}"
    )
