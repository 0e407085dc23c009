diario = pd.read_parquet("vol5_diario.parquet")
rend = diario.pivot(index="fecha", columns="activo", values="rendimiento")
R = ops.convert_to_tensor(rend.to_numpy(dtype="float32"))
print(
    f"tensor {type(R).__module__}.{type(R).__name__}, forma {tuple(R.shape)} "
    "(sesiones, activos)"
)


def sharpe_anual(r, sesiones_por_año=252):
    """Media entre desviación, por columna, escalada a un año. Solo keras.ops: vale en
    todo backend."""
    return ops.mean(r, axis=0) / ops.std(r, axis=0) * ops.sqrt(float(sesiones_por_año))


con_ops = pd.Series(ops.convert_to_numpy(sharpe_anual(R)), index=rend.columns)
con_pandas = {ddof: rend.mean() / rend.std(ddof=ddof) * np.sqrt(252) for ddof in (0, 1)}
print(
    pd.DataFrame({"keras.ops": con_ops, "pandas": con_pandas[0]})
    .rename_axis("activo")
    .round(3)
)
for ddof, serie in con_pandas.items():
    print(
        f"mayor diferencia con pandas ddof={ddof}: {(con_ops - serie).abs().max():.1e}"
    )
huecos = [(con_ops - serie).abs().max() for serie in con_pandas.values()]
print(f"la de ddof=1 es {huecos[1] / huecos[0]:.0f} veces la de ddof=0")
