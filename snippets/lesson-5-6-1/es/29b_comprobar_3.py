# Comprobación del ejercicio 3: ¿hacen los dos motores las mismas cuentas (1e-6), y lo
# que separa sus pendientes semanales es del tamaño de lo que separa dos semillas de un
# mismo motor?
entre_motores = abs(
    comparativa.loc["keras-torch", "s5"] - comparativa.loc["keras-jax", "s5"]
)
motivos = []
if not hueco <= 1e-6:
    motivos.append(
        f"con los mismos pesos, las previsiones difieren en {hueco:.1e}, más de 1e-6"
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
