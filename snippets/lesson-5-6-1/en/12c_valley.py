import matplotlib.pyplot as plt


def without_constant_or_daily(v):
    """What is left of v once a constant and the daily mean have explained what they can
    (OLS)."""
    A = with_constant(Xe[:, 0])
    return v - A @ np.linalg.lstsq(A, v, rcond=None)[0]


# The loss every weight comes from: the TRAINING MSE, in log RV. For each pair of slopes
# (s5, m22), the best constant and the best daily slope, which a linear fit gives
# exactly; what is left is a mean square that opens into six products, computed only
# once.
r_y, r_s, r_m = (without_constant_or_daily(v) for v in (ye, Xe[:, 1], Xe[:, 2]))
prod = {
    pair: float(np.mean(a * b))
    for pair, (a, b) in {
        "yy": (r_y, r_y),
        "ys": (r_y, r_s),
        "ym": (r_y, r_m),
        "ss": (r_s, r_s),
        "sm": (r_s, r_m),
        "mm": (r_m, r_m),
    }.items()
}


def profile_mse(s, m):
    return (
        prod["yy"]
        - 2 * s * prod["ys"]
        - 2 * m * prod["ym"]
        + s**2 * prod["ss"]
        + 2 * s * m * prod["sm"]
        + m**2 * prod["mm"]
    )


def excess(s, m):
    """How far above the minimum, the OLS training MSE (s2), in %."""
    return 100 * (profile_mse(s, m) / s2 - 1)


print(
    "correlation of s5 and m22, with no constant or daily left: "
    f"{np.corrcoef(r_s, r_m)[0, 1]:.3f}"
)
print(f"{'point':<18}{'s5':>7}{'m22':>7}  % above the minimum")
for row in MARKERS:
    s, m = side_by_side.loc[row, ["s5", "m22"]]
    print(f"{row:<18}{s:7.3f}{m:7.3f}{round(excess(s, m), 2) + 0.0:10.2f}")

S, M = np.meshgrid(np.linspace(0.05, 0.45, 81), np.linspace(0.1, 0.45, 71))
fig, ax = plt.subplots(figsize=(7, 4.6))
levels = [0.1, 0.25, 0.5, 1, 2, 5]
contours = ax.contour(S, M, excess(S, M), levels=levels, colors="gray", linewidths=0.8)
ax.clabel(contours, fmt=lambda v: f"{v:g} %", fontsize=8)
for row, (marker, colour) in MARKERS.items():
    s, m = side_by_side.loc[row, ["s5", "m22"]]
    ax.scatter(s, m, marker=marker, color=colour, s=80, alpha=0.9, label=row, zorder=3)
ax.set(
    xlabel="weekly slope (s5)",
    ylabel="monthly slope (m22)",
    title="Training MSE, % above the OLS (best constant and daily slope)",
)
ax.legend(loc="upper right", fontsize=8)
fig.subplots_adjust(left=0.11, right=0.975, bottom=0.12, top=0.92)
fig.savefig("valley.svg", metadata={"Date": None})
