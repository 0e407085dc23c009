class ConRuido(keras.Model):
    """Envuelve una red y le suma ruido gaussiano a la entrada, solo al entrenar."""

    def __init__(self, red, sigma=0.5, pasa_training=True, **kwargs):
        super().__init__(**kwargs)
        self.red = red
        self.ruido = layers.GaussianNoise(sigma, seed=0)
        self.pasa_training = pasa_training

    def call(self, x, training=False):
        if self.pasa_training:
            x = self.ruido(x, training=training)
        else:  # la versión descuidada: no se lo pasa a la capa
            x = self.ruido(x)
        return self.red(x)


def fila(tensor):
    return np.round(ops.convert_to_numpy(tensor).ravel(), 4)


red = redes["secuencial"]
cuidadosa, descuidada = ConRuido(red), ConRuido(red, pasa_training=False)
print("la red sola                     :", fila(red(x4)))
print("con ruido, training=False       :", fila(cuidadosa(x4, training=False)))
entrenando = fila(cuidadosa(x4, training=True))
print("con ruido, training=True        :", entrenando)
print("descuidada, training=True       :", fila(descuidada(x4, training=True)))
# la capa llamada desde código propio, fuera de un modelo
suelta = layers.GaussianNoise(0.5, seed=0)
print(
    "capa suelta sin training, ¿deja x igual?:",
    np.array_equal(fila(suelta(x4)), fila(x4)),
)
print(
    f"primera fila: {fila(red(x4))[0]:.4f} sin ruido -> {entrenando[0]:.4f} con ruido"
)
