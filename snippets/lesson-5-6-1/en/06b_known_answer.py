# The known answer: the slopes the generator used to make the panel's log RV.
# make_vol5.py sits beside the parquet (the notebook downloads it with it); importing it
# makes nothing.
from make_vol5 import BETA_D, BETA_M, BETA_W

truth = dict(zip(COLS, (BETA_D, BETA_W, BETA_M)))
print("generator:", truth, f"(sum {sum(truth.values()):.2f})")
print("OLS:      ", dict(zip(COLS, beta[1:].round(3).tolist())))
print(
    "OLS minus generator:",
    {c: round(float(b) - truth[c], 3) for c, b in zip(COLS, beta[1:])},
)
