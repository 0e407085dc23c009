# Check for exercise 2: with ℓ in, do the slopes and the leverage effect come back to the
# generator's? Tolerances: 0.05 on each slope and 2.5 on the coefficient of ℓ (of the order of
# two standard errors of the OLS with 1986 sessions).
import make_vol5
from make_vol5 import BETA_D, BETA_M, BETA_W

TOLERANCE, TOLERANCE_L = 0.05, 2.5
gamma = -make_vol5.LEVERAGE / make_vol5.ASSETS["indice"][0]  # the generator’s, for the index
print(f"ℓ in the generator: {gamma:.2f}")
for method, coefficients in (("OLS", ols), ("Keras", net_coefs)):
    far = {c: round(float(b) - v, 3) for c, b, v in zip(MEANS, coefficients[:3], (BETA_D, BETA_W, BETA_M))
           if abs(b - v) > TOLERANCE}
    reasons = []
    if far:
        reasons.append(f"slopes far from the generator {far}")
    if abs(coefficients[3] - gamma) > TOLERANCE_L:
        reasons.append(f"ℓ = {coefficients[3]:.2f}, more than {TOLERANCE_L} from the generator")
    good = f"all three slopes within {TOLERANCE} of the generator and ℓ within {TOLERANCE_L}"
    print(f"{'NO PASS' if reasons else 'PASS   '} {method}: {'; '.join(reasons) or good}")
