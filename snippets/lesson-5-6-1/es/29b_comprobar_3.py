# Comprobación del ejercicio 3: ¿hacen los dos motores las mismas cuentas (1e-6), y lo
# que separa sus pendientes semanales es del tamaño de lo que separa dos semillas de un
# mismo motor? La semilla 0 con la receta de har_keras.py tiene que dar la pendiente de
# la fila keras-torch, en unidades de log RV.
entre_motores = abs(
    comparativa.loc["keras-torch", "s5"] - comparativa.loc["keras-jax", "s5"]
)
en_torch = comparativa.loc["keras-torch", "s5"]
motivos = []
if hueco == 0:  # dos motores en float32 no coinciden hasta el último bit en todo
    motivos.append(
        "hueco = 0 exacto: ¿comparaste PyTorch consigo mismo? Las previsiones de JAX "
        "con los pesos de PyTorch están en resultado_jax_cargado.npz"
    )
elif not hueco <= 1e-6:
    motivos.append(
        f"con los mismos pesos, las previsiones difieren en {hueco:.1e}, más de 1e-6"
    )
if semanales and abs(semanales[0] - en_torch) > 1e-3:
    if abs(semanales[0] - en_torch * sd_x[1] / sd_y) <= 1e-3:
        motivos.append(
            f"la semilla 0 da {semanales[0]:.4f}, la pendiente tipificada: "
            "multiplícala por sd_y / sd_x[1]"
        )
    else:
        motivos.append(
            f"la semilla 0 da {semanales[0]:.4f}, no {en_torch:.4f}, la de la fila "
            "keras-torch: misma receta y semilla dan lo mismo (¿otra receta, motor o "
            "semilla?)"
        )
if len(semanales) < 3:
    motivos.append(f"{len(semanales)} semillas: hacen falta al menos tres")
elif max(semanales) - min(semanales) < entre_motores:
    motivos.append(
        f"entre semillas, {max(semanales) - min(semanales):.4f}, "
        f"menos que entre motores, {entre_motores:.4f}"
    )
bien = (
    "mismas cuentas, y las semillas separan más "
    f"({max(semanales) - min(semanales):.4f}) que los motores ({entre_motores:.4f})"
)
print(f"{'NO PASA' if motivos else 'PASA   '}: {'; '.join(motivos) or bien}")
