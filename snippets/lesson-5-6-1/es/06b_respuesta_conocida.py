# La respuesta conocida: las pendientes con las que el generador fabricó el log RV del
# panel. make_vol5.py está junto al parquet (el cuaderno lo descarga con él); importarlo
# no genera nada.
from make_vol5 import BETA_D, BETA_M, BETA_W

verdad = dict(zip(COLS, (BETA_D, BETA_W, BETA_M)))
print("generador:", verdad, f"(suma {sum(verdad.values()):.2f})")
print("OLS:      ", dict(zip(COLS, beta[1:].round(3).tolist())))
print(
    "OLS menos generador:",
    {c: round(float(b) - verdad[c], 3) for c, b in zip(COLS, beta[1:])},
)
