# Check for exercise 3: do the two engines do the same arithmetic (1e-6), and is what
# separates their weekly slopes the size of what separates two seeds on one engine? Seed
# 0 with har_keras.py's recipe must give the keras-torch row's slope, in log RV units.
between_engines = abs(
    side_by_side.loc["keras-torch", "s5"] - side_by_side.loc["keras-jax", "s5"]
)
on_torch = side_by_side.loc["keras-torch", "s5"]
reasons = []
if gap == 0:  # two engines in float32 do not agree to the last bit on every forecast
    reasons.append(
        "gap = 0 exactly: did you compare PyTorch with itself? JAX's forecasts with "
        "PyTorch's weights are in resultado_jax_cargado.npz"
    )
elif not gap <= 1e-6:
    reasons.append(
        f"with the same weights, the forecasts differ by {gap:.1e}, more than 1e-6"
    )
if weekly and abs(weekly[0] - on_torch) > 1e-3:
    if abs(weekly[0] - on_torch * sd_x[1] / sd_y) <= 1e-3:
        reasons.append(
            f"seed 0 gives {weekly[0]:.4f}, the standardised slope: multiply it by "
            "sd_y / sd_x[1]"
        )
    else:
        reasons.append(
            f"seed 0 gives {weekly[0]:.4f}, not the keras-torch row's {on_torch:.4f}: "
            "the same recipe and seed give the same (another recipe, engine or seed?)"
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
