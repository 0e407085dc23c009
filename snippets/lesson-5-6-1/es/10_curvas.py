import matplotlib

matplotlib.use("svg")
import matplotlib.pyplot as plt

curvas = pd.DataFrame(
    {b: np.array(r["curva"]) * sy**2 for b, r in res.items()}, index=range(1, 41)
).rename_axis("época")
print(curvas.iloc[[0, 1, 2, 4, 9, 19, 39]].round(4))

plt.rcParams["svg.hashsalt"] = "leccion-5-6-1"  # SVG idéntico en cada ejecución
fig, eje = plt.subplots(figsize=(7, 3.6))
for b in curvas:
    eje.plot(curvas.index, curvas[b], label=b)
eje.axhline(mse_ols, color="black", linestyle="--", linewidth=1, label="OLS")
eje.set(xlabel="época", ylabel="MSE de validación", title="HAR del índice: validación por backend")
eje.legend()
fig.tight_layout()
fig.savefig("curvas_validacion.svg", metadata={"Date": None})
