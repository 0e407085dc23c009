import matplotlib.pyplot as plt

plt.rcParams["svg.hashsalt"] = "5-6-1"  # the same SVG on every run
plt.rcParams["svg.fonttype"] = "none"  # letters as text, not as outlines: a lighter SVG

fig, ax = plt.subplots(figsize=(7, 2.9))
for row, (marker, colour) in MARKERS.items():
    ax.scatter(
        side_by_side.loc[row, COLS],
        range(len(COLS)),
        marker=marker,
        color=colour,
        s=70,
        alpha=0.85,
        label=row,
        zorder=3,
    )
ax.set_yticks(range(len(COLS)), ["daily (d1)", "weekly (s5)", "monthly (m22)"])
ax.set_ylim(len(COLS) - 0.5, -0.5)  # daily on top, as in the table
ax.grid(axis="x", alpha=0.3)
ax.set(xlabel="slope (log RV)", title="Index HAR: slopes by method")
ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), frameon=False)
fig.subplots_adjust(left=0.2, right=0.74, bottom=0.19, top=0.88)
fig.savefig("slopes.svg", metadata={"Date": None})
