# Comprobación del ejercicio 2: con ℓ dentro, ¿vuelven las pendientes a las del generador?
# Tolerancia: 0,05 en cada pendiente; el coeficiente de ℓ tiene que salir negativo.
from make_vol5 import BETA_D, BETA_M, BETA_W

TOLERANCIA = 0.05
for metodo, coeficientes in (("OLS", ols), ("Keras", coef_red)):
    lejos = {c: round(float(b) - v, 3) for c, b, v in zip(MEDIAS, coeficientes[:3], (BETA_D, BETA_W, BETA_M))
             if abs(b - v) > TOLERANCIA}
    motivos = []
    if lejos:
        motivos.append(f"pendientes lejos del generador {lejos}")
    if coeficientes[3] >= 0:
        motivos.append("el coeficiente de ℓ no es negativo")
    print(f"{'NO PASA' if motivos else 'PASA   '} {metodo}: {'; '.join(motivos) or f'las tres pendientes a menos de {TOLERANCIA} del generador y ℓ negativo'}")
