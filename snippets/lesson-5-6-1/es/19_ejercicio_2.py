negativo = np.minimum(d["rendimiento"], 0).shift(1).reindex(har.index)  # min(r_{t-1}, 0)
L = negativo.to_numpy()
Le, Lp = L[ent], L[~ent]
b4 = np.linalg.lstsq(np.c_[np.ones(len(Xe)), Xe, Le], ye, rcond=None)[0]
ml, sl = Le.mean(), Le.std()

keras.utils.set_random_seed(0)
e1 = keras.Input((3,), name="har")
e2 = keras.Input((1,), name="negativo")
s = layers.Dense(1)(layers.Concatenate()([e1, e2]))
har_neg = keras.Model([e1, e2], s)
har_neg.compile(keras.optimizers.Adam(0.01), "mse")
har_neg.fit(
    [z["Xe"], ((Le - ml) / sl)[:, None].astype("float32")], z["ye"],
    epochs=40, batch_size=128, verbose=0,
)
w = har_neg.layers[-1].get_weights()[0].ravel()
print(
    pd.DataFrame(
        {"OLS": b4[1:], "keras": w * sy / np.r_[sd, sl]}, index=COLS + ["negativo"]
    ).round(3)
)
