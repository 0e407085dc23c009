"""Generate vol5_diario.parquet: the synthetic daily panel of lesson 5.6.1.

Usage: python scripts/make_vol5.py OUT.parquet

Six assets (accion, bono, cripto, divisa, indice, oro) on business days from January 2008 to
December 2025 (US federal holidays removed: 4 512 sessions). Columns: fecha, activo,
rendimiento, rv_5min. For each asset, the log of realised variance follows a HAR process,

    log RV_t = c + 0.37 log RV_{t-1} + 0.28 mean(log RV_{t-5..t-1}) + 0.27 mean(log RV_{t-22..t-1})
               + gamma * min(r_{t-1}, 0) + sigma * e_t,

with total persistence 0.92, an asset-specific level, a leverage term (a fall yesterday raises
today's variance) and Gaussian noise. The return of day t is drawn with variance RV_t around a
small asset-specific drift. Seeded: the same file every time.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pandas as pd
from pandas.tseries.holiday import USFederalHolidayCalendar

SEED = 561
BETA_D, BETA_W, BETA_M = 0.37, 0.28, 0.27  # sum 0.92: total persistence
SIGMA = 0.40  # std of the log-RV shock
LEVERAGE = 0.15  # a fall of one daily sigma adds about this much to log RV: gamma = -LEVERAGE / vol
# asset: (typical daily volatility, annualised Sharpe ratio of the drift)
ASSETS = {
    "accion": (0.016, 0.9),
    "bono": (0.004, -0.3),
    "cripto": (0.040, 0.45),
    "divisa": (0.006, 0.25),
    "indice": (0.011, 0.75),
    "oro": (0.010, 0.35),
}
BURN_IN = 250


def sessions() -> pd.DatetimeIndex:
    days = pd.bdate_range("2008-01-01", "2025-12-31")
    return days.difference(USFederalHolidayCalendar().holidays("2008-01-01", "2025-12-31"))


def simulate(vol: float, sharpe: float, n: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    level = np.log(vol**2)  # mean of log RV
    const = level * (1 - BETA_D - BETA_W - BETA_M)
    gamma = -LEVERAGE / vol
    drift = sharpe / np.sqrt(252) * vol
    total = n + BURN_IN
    lrv = np.full(total, level)
    ret = np.zeros(total)
    shocks, z = rng.normal(size=total), rng.normal(size=total)
    for t in range(22, total):
        lrv[t] = (
            const
            + BETA_D * lrv[t - 1]
            + BETA_W * lrv[t - 5 : t].mean()
            + BETA_M * lrv[t - 22 : t].mean()
            + gamma * (min(ret[t - 1], 0.0) + 0.4 * vol)  # E[min(r, 0)] ≈ -0.4 vol: level unchanged
            + SIGMA * shocks[t]
        )
        ret[t] = drift + np.sqrt(np.exp(lrv[t])) * z[t]
    return ret[BURN_IN:], np.exp(lrv[BURN_IN:])


def build() -> pd.DataFrame:
    rng = np.random.default_rng(SEED)
    dates = sessions()
    frames = []
    for asset, (vol, sharpe) in ASSETS.items():
        ret, rv = simulate(vol, sharpe, len(dates), rng)
        frames.append(pd.DataFrame({"fecha": dates, "activo": asset, "rendimiento": ret, "rv_5min": rv}))
    panel = pd.concat(frames, ignore_index=True).sort_values(["fecha", "activo"], ignore_index=True)
    panel["activo"] = panel["activo"].astype("string")
    return panel


def main(out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    build().to_parquet(out, index=False)
    print(f"{out} written", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python scripts/make_vol5.py OUT.parquet")
    main(Path(sys.argv[1]))
