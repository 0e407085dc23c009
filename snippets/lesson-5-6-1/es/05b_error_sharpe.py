# Sin tipo libre de riesgo: es el Sharpe del rendimiento tal cual, no del exceso sobre
# una letra.
sesiones = len(rend)
sharpe_diario = con_ops / np.sqrt(252)
# Lo (2002), con rendimientos independientes: error típico del Sharpe de una sesión, que
# al pasar a un año se multiplica por √252 igual que el propio Sharpe.
error_tipico = np.sqrt((1 + sharpe_diario**2 / 2) / sesiones) * np.sqrt(252)
print(f"{sesiones} sesiones, {sesiones / 252:.1f} años")
lejos_de_cero = con_ops.abs() > 2 * error_tipico
tabla = pd.DataFrame(
    {
        "Sharpe": con_ops,
        "error típico": error_tipico,
        "¿a más de 2 errores de 0?": lejos_de_cero,
    }
)
print(tabla.rename_axis("activo").round(3))
