import matplotlib.pyplot as plt
import matplotlib.ticker

# val_loss está en la escala tipificada: por sd_y² vuelve a ser un MSE de log RV
# (2016-2017).
curvas = pd.DataFrame(
    {b: r["curva"] * sd_y**2 for b, r in corridas.items()},
    index=pd.RangeIndex(1, 41, name="época"),
)
# la referencia, en el mismo periodo
mse_ols_val = float(np.mean((con_constante(Xv) @ beta - yv) ** 2))
print(curvas.loc[[1, 2, 3, 5, 10, 20, 40]].round(4))
print(f"MSE de validación de la OLS: {mse_ols_val:.4f}")
cerca = curvas <= 1.01 * mse_ols_val
print(
    "primera época a menos de un 1 % de la OLS:",
    {b: int(cerca[b].idxmax()) if cerca[b].any() else None for b in curvas},
)

fig, eje = plt.subplots(figsize=(7, 3.6))
curvas.plot(ax=eje, linewidth=1.5)
eje.axhline(mse_ols_val, color="black", linestyle="--", linewidth=1, label="OLS")
eje.set_yscale("log")
eje.set_yticks([0.16, 0.18, 0.2, 0.25, 0.3])
eje.yaxis.set_major_formatter(matplotlib.ticker.FormatStrFormatter("%.2f"))
eje.yaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
eje.set(
    xlabel="época",
    ylabel="MSE de validación (escala log)",
    title="HAR del índice: validación por backend",
)
# su línea base, no el alto de sus letras
eje.xaxis.label.set_verticalalignment("baseline")
eje.xaxis.labelpad = 11.5
eje.legend()
# Márgenes fijos (no tight_layout): el dibujo no se mueve con la longitud de los textos.
fig.subplots_adjust(left=0.11, right=0.975, bottom=0.165, top=0.895)
fig.savefig("curvas_validacion.svg", metadata={"Date": None})
