v = pd.read_parquet("vol5_diario.parquet")
rend = v.pivot(index="fecha", columns="activo", values="rendimiento")
t = ops.convert_to_tensor(rend.to_numpy("float32"))
print(type(t).__module__, type(t).__name__, tuple(t.shape))


def sharpe(x, eje=0):
    """Sharpe anualizado escrito con keras.ops: vale en cualquier backend."""
    media, desv = ops.mean(x, axis=eje), ops.std(x, axis=eje)
    return media / desv * ops.sqrt(252.0)


print(
    pd.DataFrame(
        {
            "keras.ops": ops.convert_to_numpy(sharpe(t)),
            "pandas": rend.mean() / rend.std(ddof=0) * np.sqrt(252),  # ops.std es poblacional
        }
    ).round(3)
)
