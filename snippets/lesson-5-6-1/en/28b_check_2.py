# Check for exercise 2: with ℓ in, do the slopes and the leverage effect come back to
# the generator's? The OLS, slope by slope (tolerance 0.05); the network, which stops
# somewhere in the flat valley, by their sum, the persistence (0.05). And ℓ, for both,
# within 2.5 (of the order of two standard errors of the OLS with 1986 sessions).
import make_vol5
from make_vol5 import BETA_D, BETA_M, BETA_W

TOLERANCE, TOLERANCE_L = 0.05, 2.5
# the generator’s, for the index
gamma = -make_vol5.LEVERAGE / make_vol5.ASSETS["indice"][0]
print(f"generator: ℓ {gamma:.2f}, persistence {BETA_D + BETA_W + BETA_M:.2f}")
for method, coefficients in (("OLS", ols), ("Keras", net_coefs)):
    reasons = []
    if method == "OLS":
        far = {
            c: round(float(b) - v, 3)
            for c, b, v in zip(MEANS, coefficients[:3], (BETA_D, BETA_W, BETA_M))
            if abs(b - v) > TOLERANCE
        }
        if far:
            reasons.append(f"slopes far from the generator {far}")
    elif abs(sum(coefficients[:3]) - (BETA_D + BETA_W + BETA_M)) > TOLERANCE:
        reasons.append(
            f"persistence {sum(coefficients[:3]):.3f}, more than {TOLERANCE} "
            "from the generator's"
        )
    if abs(coefficients[3] - gamma) > TOLERANCE_L:
        reasons.append(
            f"ℓ = {coefficients[3]:.2f}, more than {TOLERANCE_L} from the generator"
        )
    what = "all three slopes" if method == "OLS" else "the persistence"
    good = f"{what} within {TOLERANCE} of the generator and ℓ within {TOLERANCE_L}"
    print(
        f"{'NO PASS' if reasons else 'PASS   '} {method}: {'; '.join(reasons) or good}"
    )
