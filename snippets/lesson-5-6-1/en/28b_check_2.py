# Check for exercise 2. The answer it expects: yesterday's ℓ, min(r_{t-1}, 0), as a
# fraction; the sessions before 2016 for training; and the network with the solution's
# recipe (seed 0, Adam(0.01), 40 epochs, batches of 128). It computes its own reference
# OLS from the parquet, and that of each typical mistake too, to tell you which one is
# yours if you do not match.
import make_vol5
import numpy as np
import pandas as pd
from make_vol5 import BETA_D, BETA_M, BETA_W


def reference_ols(shift=1, scale=1.0, until="2016-01-01"):
    """The OLS of the four regressors, with ℓ shifted by `shift` sessions; and each
    column's standard deviation, to go over to standardised units."""
    data = pd.read_parquet("vol5_diario.parquet")
    data = data[data["activo"] == "indice"].set_index("fecha").sort_index()
    lrv = np.log(data["rv_5min"])
    columns = {
        "d1": lrv.shift(1),
        "s5": lrv.rolling(5).mean().shift(1),
        "m22": lrv.rolling(22).mean().shift(1),
        "negative": scale * data["rendimiento"].clip(upper=0).shift(shift),
    }
    rows = pd.DataFrame(columns).assign(y=lrv).dropna()
    rows = rows[rows.index < until]
    ones_and_regressors = np.c_[np.ones(len(rows)), rows.drop(columns="y")]
    coefficients = np.linalg.lstsq(ones_and_regressors, rows["y"], rcond=None)[0][1:]
    return coefficients, rows.std(ddof=0)


correct, deviations = reference_ols()
standardised = correct * deviations.iloc[:4].to_numpy() / deviations["y"]
MISTAKES = {  # what each typical mistake gives, and what it tells the student
    "ℓ of the same day, min(r_t, 0): it looks ahead, using a return not yet known "
    "when forecasting": reference_ols(shift=0)[0],
    "every session: train on those before 2016 only": reference_ols(
        until="2100-01-01"
    )[0],
    "ℓ in percent: use the return as a fraction, as the panel has it": (
        reference_ols(scale=100.0)[0]
    ),
    "standardised coefficients: bring them back to the original units": standardised,
}
persistence = BETA_D + BETA_W + BETA_M
gamma = -make_vol5.LEVERAGE / make_vol5.ASSETS["indice"][0]  # the generator's
print(f"generator: ℓ {gamma:.2f}, persistence {persistence:.2f}")


def alike(theirs, others, method):
    """The OLS has one answer; the network stops somewhere in the means' flat valley,
    so its slopes are held by their sum (0.05), and ℓ too (7.5 %)."""
    if method == "OLS":
        return np.allclose(theirs, others, rtol=1e-3, atol=2e-3)
    same_sum = abs(sum(theirs[:3]) - sum(others[:3])) < 0.05
    return same_sum and abs(theirs[3] - others[3]) < 0.075 * abs(others[3])


for method, coefficients in (("OLS", ols), ("Keras", net_coefs)):
    coefficients = np.asarray(coefficients, dtype=float)
    if alike(coefficients, correct, method):
        far = max(abs(coefficients[:3] - (BETA_D, BETA_W, BETA_M)))
        print(
            f"PASS    {method}: the expected answer; slopes at most {far:.3f} from the "
            f"generator's, and ℓ = {coefficients[3]:.2f}"
        )
        continue
    why = next(
        (m for m, others in MISTAKES.items() if alike(coefficients, others, method)),
        f"neither the expected answer (ℓ = {correct[3]:.2f}, sum of slopes "
        f"{sum(correct[:3]):.3f}) nor a known mistake: ℓ = {coefficients[3]:.2f}, "
        f"sum of slopes {sum(coefficients[:3]):.3f}",
    )
    print(f"NO PASS {method}: {why}")
