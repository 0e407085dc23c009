import matplotlib.pyplot as plt
import matplotlib.ticker

# val_loss is on the standardised scale: times sd_y² it is an MSE of log RV again
# (2016-2017).
curves = pd.DataFrame(
    {b: r["curve"] * sd_y**2 for b, r in runs.items()},
    index=pd.RangeIndex(1, 41, name="epoch"),
)
# the benchmark, same period
mse_ols_val = float(np.mean((with_constant(Xv) @ beta - yv) ** 2))
print(curves.loc[[1, 2, 3, 5, 10, 20, 40]].round(4))
print(f"OLS validation MSE: {mse_ols_val:.4f}")
close = curves <= 1.01 * mse_ols_val
print(
    "first epoch within 1 % of the OLS:",
    {b: int(close[b].idxmax()) if close[b].any() else None for b in curves},
)

fig, ax = plt.subplots(figsize=(7, 3.6))
curves.plot(ax=ax, linewidth=1.5)
ax.axhline(mse_ols_val, color="black", linestyle="--", linewidth=1, label="OLS")
ax.set_yscale("log")
ax.set_yticks([0.16, 0.18, 0.2, 0.25, 0.3])
ax.yaxis.set_major_formatter(matplotlib.ticker.FormatStrFormatter("%.2f"))
ax.yaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
ax.set(
    xlabel="epoch",
    ylabel="validation MSE (log scale)",
    title="Index HAR: validation by backend",
)
# placed by its baseline, not its letters' height
ax.xaxis.label.set_verticalalignment("baseline")
ax.xaxis.labelpad = 11.5
ax.legend()
# Fixed margins (not tight_layout): the drawing does not move with the length of its
# texts.
fig.subplots_adjust(left=0.11, right=0.975, bottom=0.165, top=0.895)
fig.savefig("validation_curves.svg", metadata={"Date": None})
