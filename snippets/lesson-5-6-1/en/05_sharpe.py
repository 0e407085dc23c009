daily = pd.read_parquet("vol5_diario.parquet")
returns = daily.pivot(index="fecha", columns="activo", values="rendimiento")
R = ops.convert_to_tensor(returns.to_numpy(dtype="float32"))
print(
    f"tensor {type(R).__module__}.{type(R).__name__}, shape {tuple(R.shape)} "
    "(sessions, assets)"
)


def annual_sharpe(r, sessions_per_year=252):
    """Mean over deviation, per column, scaled to a year. Only keras.ops: works on any
    backend."""
    return ops.mean(r, axis=0) / ops.std(r, axis=0) * ops.sqrt(float(sessions_per_year))


with_ops = pd.Series(ops.convert_to_numpy(annual_sharpe(R)), index=returns.columns)
with_pandas = {
    ddof: returns.mean() / returns.std(ddof=ddof) * np.sqrt(252) for ddof in (0, 1)
}
print(
    pd.DataFrame({"keras.ops": with_ops, "pandas": with_pandas[0]})
    .rename_axis("asset")
    .round(3)
)
for ddof, series in with_pandas.items():
    print(f"largest gap to pandas ddof={ddof}: {(with_ops - series).abs().max():.1e}")
gaps = [(with_ops - series).abs().max() for series in with_pandas.values()]
print(f"the ddof=1 gap is {gaps[1] / gaps[0]:.0f} times the ddof=0 one")
