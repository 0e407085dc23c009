mu, sd = Xe.mean(0), Xe.std(0)  # means and deviations of the TRAINING set: no leakage
my, sy = ye.mean(), ye.std()
np.savez(
    "har.npz",
    Xe=((Xe - mu) / sd).astype("float32"),
    ye=((ye - my) / sy).astype("float32"),
    Xp=((Xp - mu) / sd).astype("float32"),
    yp=((yp - my) / sy).astype("float32"),
)
print("har.npz:", {k: v.shape for k, v in np.load("har.npz").items()})
