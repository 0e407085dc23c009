# No risk-free rate: this is the Sharpe ratio of the raw return, not of the excess over
# a T-bill.
sessions = len(returns)
daily_sharpe = with_ops / np.sqrt(252)
# Lo (2002), with independent returns: the standard error of a one-session Sharpe ratio,
# which on the way to a year is multiplied by √252 just like the Sharpe ratio itself.
standard_error = np.sqrt((1 + daily_sharpe**2 / 2) / sessions) * np.sqrt(252)
print(f"{sessions} sessions, {sessions / 252:.1f} years")
far_from_zero = with_ops.abs() > 2 * standard_error
table = pd.DataFrame(
    {
        "Sharpe": with_ops,
        "standard error": standard_error,
        "more than 2 errors from 0?": far_from_zero,
    }
)
print(table.rename_axis("asset").round(3))
