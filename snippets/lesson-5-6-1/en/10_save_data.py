# TRAINING mean and deviation, for the validation and test sets too: no leak.
mu_x, sd_x = Xe.mean(axis=0), Xe.std(axis=0)
mu_y, sd_y = ye.mean(), ye.std()


def standardise(values, mean, dev):
    return ((values - mean) / dev).astype("float32")


np.savez(
    "har.npz",
    Xe=standardise(Xe, mu_x, sd_x), ye=standardise(ye, mu_y, sd_y),
    Xv=standardise(Xv, mu_x, sd_x), yv=standardise(yv, mu_y, sd_y),
    Xp=standardise(Xp, mu_x, sd_x), yp=standardise(yp, mu_y, sd_y),
    mu_x=mu_x, sd_x=sd_x, mu_y=mu_y, sd_y=sd_y,
)
with np.load("har.npz") as archive:
    for key in archive.files:
        print(f"{key:<5} {str(archive[key].dtype):<8} {archive[key].shape}")
    print("means of standardised Xe:", archive["Xe"].mean(axis=0).round(3) + 0.0)
    print("means of standardised Xp:", archive["Xp"].mean(axis=0).round(3) + 0.0)
