import matplotlib

matplotlib.use("svg")
import matplotlib.pyplot as plt

curves = pd.DataFrame(
    {b: np.array(r["curve"]) * sy**2 for b, r in res.items()}, index=range(1, 41)
).rename_axis("epoch")
print(curves.iloc[[0, 1, 2, 4, 9, 19, 39]].round(4))

plt.rcParams["svg.hashsalt"] = "lesson-5-6-1"  # the same SVG on every run
fig, ax = plt.subplots(figsize=(7, 3.6))
for b in curves:
    ax.plot(curves.index, curves[b], label=b)
ax.axhline(mse_ols, color="black", linestyle="--", linewidth=1, label="OLS")
ax.set(xlabel="epoch", ylabel="validation MSE", title="Index HAR: validation by backend")
ax.legend()
fig.tight_layout()
fig.savefig("validation_curves.svg", metadata={"Date": None})
