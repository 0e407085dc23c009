import matplotlib.pyplot as plt


def sin_constante_ni_diaria(v):
    """Lo que le queda a v tras quitarle lo que explican una constante y la media diaria
    (OLS)."""
    A = con_constante(Xe[:, 0])
    return v - A @ np.linalg.lstsq(A, v, rcond=None)[0]


# La pérdida de la que sale cada peso: el MSE de ENTRENAMIENTO, en log RV. Para cada par
# de pendientes (s5, m22), la mejor constante y la mejor diaria, que un ajuste lineal da
# exactas; lo que queda es un cuadrado medio que se abre en seis productos, calculados
# una sola vez.
r_y, r_s, r_m = (sin_constante_ni_diaria(v) for v in (ye, Xe[:, 1], Xe[:, 2]))
prod = {
    par: float(np.mean(a * b))
    for par, (a, b) in {
        "yy": (r_y, r_y),
        "ys": (r_y, r_s),
        "ym": (r_y, r_m),
        "ss": (r_s, r_s),
        "sm": (r_s, r_m),
        "mm": (r_m, r_m),
    }.items()
}


def mse_perfil(s, m):
    return (
        prod["yy"]
        - 2 * s * prod["ys"]
        - 2 * m * prod["ym"]
        + s**2 * prod["ss"]
        + 2 * s * m * prod["sm"]
        + m**2 * prod["mm"]
    )


def exceso(s, m):
    """Cuánto queda por encima del mínimo, el MSE de entrenamiento de la OLS (s2),
    en %."""
    return 100 * (mse_perfil(s, m) / s2 - 1)


print(
    "correlación de s5 y m22, ya sin constante ni diaria: "
    f"{np.corrcoef(r_s, r_m)[0, 1]:.3f}"
)
print(f"{'punto':<18}{'s5':>7}{'m22':>7}  % sobre el mínimo")
for fila in MARCAS:
    s, m = comparativa.loc[fila, ["s5", "m22"]]
    print(f"{fila:<18}{s:7.3f}{m:7.3f}{round(exceso(s, m), 2) + 0.0:10.2f}")

S, M = np.meshgrid(np.linspace(0.05, 0.45, 81), np.linspace(0.1, 0.45, 71))
fig, eje = plt.subplots(figsize=(7, 4.6))
niveles = [0.1, 0.25, 0.5, 1, 2, 5]
curvas_nivel = eje.contour(
    S, M, exceso(S, M), levels=niveles, colors="gray", linewidths=0.8
)
eje.clabel(curvas_nivel, fmt=lambda v: f"{v:g} %", fontsize=8)
for fila, (marca, color) in MARCAS.items():
    s, m = comparativa.loc[fila, ["s5", "m22"]]
    eje.scatter(s, m, marker=marca, color=color, s=80, alpha=0.9, label=fila, zorder=3)
eje.set(
    xlabel="pendiente semanal (s5)",
    ylabel="pendiente mensual (m22)",
    title="MSE de entrenamiento, % sobre la OLS (constante y diaria, las mejores)",
)
eje.legend(loc="upper right", fontsize=8)
fig.subplots_adjust(left=0.11, right=0.975, bottom=0.12, top=0.92)
fig.savefig("valle.svg", metadata={"Date": None})
