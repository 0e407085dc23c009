# Check for exercise 3: do the two engines do the same arithmetic (1e-6), and is what
# separates their weekly slopes the size of what separates two seeds on one engine?
between_engines = abs(
    side_by_side.loc["keras-torch", "s5"] - side_by_side.loc["keras-jax", "s5"]
)
reasons = []
if not gap <= 1e-6:
    reasons.append(
        f"with the same weights, the forecasts differ by {gap:.1e}, more than 1e-6"
    )
if len(weekly) < 3:
    reasons.append(f"{len(weekly)} seeds: at least three are needed")
elif max(weekly) - min(weekly) < between_engines:
    reasons.append(
        f"between seeds, {max(weekly) - min(weekly):.4f}, "
        f"less than between engines, {between_engines:.4f}"
    )
good = (
    "same arithmetic, and the seeds move it more "
    f"({max(weekly) - min(weekly):.4f}) than the engines ({between_engines:.4f})"
)
print(f"{'NO PASS' if reasons else 'PASS   '}: {'; '.join(reasons) or good}")
