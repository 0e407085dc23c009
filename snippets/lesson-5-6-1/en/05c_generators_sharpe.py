# The answer we do know: the generator sets each asset's daily drift (make_vol5.py sits
# beside the parquet; importing it makes nothing).
from make_vol5 import ASSETS as PER_ASSET  # asset: (typical volatility, nominal Sharpe)

nominal = pd.Series({asset: sharpe for asset, (_, sharpe) in PER_ASSET.items()})
drift = pd.Series(
    {asset: sharpe / np.sqrt(252) * vol for asset, (vol, sharpe) in PER_ASSET.items()}
)
# The return is drawn with variance RV, which changes every day: its deviation is √(mean
# RV), larger than the typical volatility the nominal Sharpe ratio was written with.
deviation = np.sqrt(daily.groupby("activo")["rv_5min"].mean())
true_sharpe = drift / deviation * np.sqrt(252)
miss = (with_ops - true_sharpe) / standard_error
table = pd.DataFrame(
    {
        "nominal": nominal,
        "true": true_sharpe,
        "estimated": with_ops,
        "miss in standard errors": miss,
    }
)
print(table.rename_axis("asset").round(3))
print(f"the largest miss: {miss.abs().max():.2f} standard errors")
