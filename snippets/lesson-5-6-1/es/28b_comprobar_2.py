# Comprobación del ejercicio 2: con ℓ dentro, ¿vuelven las pendientes y el efecto
# apalancamiento a los del generador? La OLS, pendiente a pendiente (tolerancia 0,05);
# la red, que se para en algún punto del valle plano, por su suma, la persistencia
# (0,05). Y ℓ, en los dos, a menos de 2,5 (del orden de dos errores típicos de la OLS
# con 1986 sesiones).
import make_vol5
from make_vol5 import BETA_D, BETA_M, BETA_W

TOLERANCIA, TOLERANCIA_L = 0.05, 2.5
# la del generador, para el índice
gamma = -make_vol5.LEVERAGE / make_vol5.ASSETS["indice"][0]
print(f"generador: ℓ {gamma:.2f}, persistencia {BETA_D + BETA_W + BETA_M:.2f}")
for metodo, coeficientes in (("OLS", ols), ("Keras", coef_red)):
    motivos = []
    if metodo == "OLS":
        lejos = {
            c: round(float(b) - v, 3)
            for c, b, v in zip(MEDIAS, coeficientes[:3], (BETA_D, BETA_W, BETA_M))
            if abs(b - v) > TOLERANCIA
        }
        if lejos:
            motivos.append(f"pendientes lejos del generador {lejos}")
    elif abs(sum(coeficientes[:3]) - (BETA_D + BETA_W + BETA_M)) > TOLERANCIA:
        motivos.append(
            f"persistencia {sum(coeficientes[:3]):.3f}, a más de {TOLERANCIA} "
            "de la del generador"
        )
    if abs(coeficientes[3] - gamma) > TOLERANCIA_L:
        motivos.append(
            f"ℓ = {coeficientes[3]:.2f}, a más de {TOLERANCIA_L} del generador"
        )
    que = "las tres pendientes" if metodo == "OLS" else "la persistencia"
    bien = f"{que} a menos de {TOLERANCIA} del generador y ℓ a menos de {TOLERANCIA_L}"
    print(
        f"{'NO PASA' if motivos else 'PASA   '} {metodo}: {'; '.join(motivos) or bien}"
    )
