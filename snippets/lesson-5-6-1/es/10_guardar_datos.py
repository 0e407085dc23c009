# Media y desviación del ENTRENAMIENTO, también para tipificar la validación y la
# prueba: sin fuga.
mu_x, sd_x = Xe.mean(axis=0), Xe.std(axis=0)
mu_y, sd_y = ye.mean(), ye.std()


def tipifica(valores, media, desv):
    return ((valores - media) / desv).astype("float32")


np.savez(
    "har.npz",
    Xe=tipifica(Xe, mu_x, sd_x),
    ye=tipifica(ye, mu_y, sd_y),
    Xv=tipifica(Xv, mu_x, sd_x),
    yv=tipifica(yv, mu_y, sd_y),
    Xp=tipifica(Xp, mu_x, sd_x),
    yp=tipifica(yp, mu_y, sd_y),
    mu_x=mu_x,
    sd_x=sd_x,
    mu_y=mu_y,
    sd_y=sd_y,
)
with np.load("har.npz") as archivo:
    for clave in archivo.files:
        print(f"{clave:<5} {str(archivo[clave].dtype):<8} {archivo[clave].shape}")
    print("medias de Xe tipificado:", archivo["Xe"].mean(axis=0).round(3) + 0.0)
    print("medias de Xp tipificado:", archivo["Xp"].mean(axis=0).round(3) + 0.0)
