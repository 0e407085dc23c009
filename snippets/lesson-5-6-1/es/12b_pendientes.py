import matplotlib.pyplot as plt

plt.rcParams["svg.hashsalt"] = "5-6-1"  # el mismo SVG en cada ejecución
# letras como texto, no como trazos: un SVG más ligero
plt.rcParams["svg.fonttype"] = "none"

fig, eje = plt.subplots(figsize=(7, 2.9))
for fila, (marca, color) in MARCAS.items():
    eje.scatter(
        comparativa.loc[fila, COLS],
        range(len(COLS)),
        marker=marca,
        color=color,
        s=70,
        alpha=0.85,
        label=fila,
        zorder=3,
    )
eje.set_yticks(range(len(COLS)), ["diaria (d1)", "semanal (s5)", "mensual (m22)"])
eje.set_ylim(len(COLS) - 0.5, -0.5)  # la diaria arriba, como en la tabla
eje.grid(axis="x", alpha=0.3)
eje.set(xlabel="pendiente (log RV)", title="HAR del índice: pendientes por método")
eje.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), frameon=False)
fig.subplots_adjust(left=0.2, right=0.74, bottom=0.19, top=0.88)
fig.savefig("pendientes.svg", metadata={"Date": None})
