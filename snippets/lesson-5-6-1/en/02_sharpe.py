v = pd.read_parquet("vol5_diario.parquet")
returns = v.pivot(index="fecha", columns="activo", values="rendimiento")
t = ops.convert_to_tensor(returns.to_numpy("float32"))
print(type(t).__module__, type(t).__name__, tuple(t.shape))


def sharpe(x, axis=0):
    """Annualised Sharpe ratio written with keras.ops: it works on any backend."""
    mean, std = ops.mean(x, axis=axis), ops.std(x, axis=axis)
    return mean / std * ops.sqrt(252.0)


print(
    pd.DataFrame(
        {
            "keras.ops": ops.convert_to_numpy(sharpe(t)),
            "pandas": returns.mean() / returns.std(ddof=0) * np.sqrt(252),  # ops.std is the population std
        }
    ).round(3)
)
