# las medias tipificadas que ya usaron los tres procesos
with np.load("har.npz") as har:
    Xe_t, Xp_t = har["Xe"], har["Xp"]


def har_en_log(perdida):
    """Dense(1) sobre las medias tipificadas y, detrás, Rescaling: la salida ya está en
    log RV."""
    keras.utils.set_random_seed(0)
    red = keras.Sequential(
        [
            keras.Input((3,)),
            layers.Dense(1),
            layers.Rescaling(scale=float(sd_y), offset=float(mu_y)),
        ]
    )
    red.compile(optimizer=keras.optimizers.Adam(learning_rate=0.01), loss=perdida)
    red.fit(Xe_t, ye.astype("float32"), epochs=40, batch_size=128, verbose=0)
    return red


redes_log = {"mse": har_en_log("mse"), "qlike": har_en_log(qlike)}
# La corrección de la red entrenada con MSE sale, como antes, de sus residuos de
# entrenamiento.
s2_red = float(np.mean((redes_log["mse"].predict(Xe_t, verbose=0).ravel() - ye) ** 2))
prevista_mse = redes_log["mse"].predict(Xp_t, verbose=0).ravel()
previstas = {
    "mse": prevista_mse,
    "mse, luego + s²/2": prevista_mse + s2_red / 2,
    "qlike": redes_log["qlike"].predict(Xp_t, verbose=0).ravel(),
}
print(f"s²/2 de la red entrenada con MSE: {s2_red / 2:.4f}")
print(
    f"{'entrenada con':<19}{'d1':>7}{'s5':>7}{'m22':>7}  "
    "log h - log RV  MSE log   QLIKE"
)
for nombre, log_prevista in previstas.items():
    pendientes = (
        redes_log[nombre.split(",")[0]].layers[0].get_weights()[0].ravel() * sd_y / sd_x
    )
    print(
        f"{nombre:<19}"
        + "".join(f"{p:7.3f}" for p in pendientes)
        + f"{np.mean(log_prevista - yp):+16.4f}{np.mean((log_prevista - yp) ** 2):9.4f}"
        + f"{float(qlike(yp, log_prevista)):8.4f}"
    )
