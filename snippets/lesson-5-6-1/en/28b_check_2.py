# Check for exercise 2: with ℓ in, do the slopes come back to the generator's?
# Tolerance: 0.05 on each slope; the coefficient of ℓ has to come out negative.
from make_vol5 import BETA_D, BETA_M, BETA_W

TOLERANCE = 0.05
for method, coefficients in (("OLS", ols), ("Keras", net_coefs)):
    far = {c: round(float(b) - v, 3) for c, b, v in zip(MEANS, coefficients[:3], (BETA_D, BETA_W, BETA_M))
           if abs(b - v) > TOLERANCE}
    reasons = []
    if far:
        reasons.append(f"slopes far from the generator {far}")
    if coefficients[3] >= 0:
        reasons.append("the coefficient of ℓ is not negative")
    print(f"{'NO PASS' if reasons else 'PASS   '} {method}: {'; '.join(reasons) or f'all three slopes within {TOLERANCE} of the generator and ℓ negative'}")
