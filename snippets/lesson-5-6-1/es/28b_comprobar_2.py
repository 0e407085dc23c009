# Comprobación del ejercicio 2: con ℓ dentro, ¿vuelven las pendientes y el efecto apalancamiento
# a los del generador? Tolerancias: 0,05 en cada pendiente y 2,5 en el coeficiente de ℓ (del orden
# de dos errores típicos de la OLS con 1986 sesiones).
import make_vol5
from make_vol5 import BETA_D, BETA_M, BETA_W

TOLERANCIA, TOLERANCIA_L = 0.05, 2.5
gamma = -make_vol5.LEVERAGE / make_vol5.ASSETS["indice"][0]  # la del generador, para el índice
print(f"ℓ en el generador: {gamma:.2f}")
for metodo, coeficientes in (("OLS", ols), ("Keras", coef_red)):
    lejos = {c: round(float(b) - v, 3) for c, b, v in zip(MEDIAS, coeficientes[:3], (BETA_D, BETA_W, BETA_M))
             if abs(b - v) > TOLERANCIA}
    motivos = []
    if lejos:
        motivos.append(f"pendientes lejos del generador {lejos}")
    if abs(coeficientes[3] - gamma) > TOLERANCIA_L:
        motivos.append(f"ℓ = {coeficientes[3]:.2f}, a más de {TOLERANCIA_L} del generador")
    bien = f"las tres pendientes a menos de {TOLERANCIA} del generador y ℓ a menos de {TOLERANCIA_L}"
    print(f"{'NO PASA' if motivos else 'PASA   '} {metodo}: {'; '.join(motivos) or bien}")
