class MLPRuido(MLP):
    """Subclase con ruido gaussiano en las entradas, solo al entrenar."""

    def __init__(self, sigma=0.5, **kwargs):
        super().__init__(**kwargs)
        self.ruido = layers.GaussianNoise(sigma, seed=0)

    def call(self, x, training=False):
        return super().call(self.ruido(x, training=training))


con_ruido = MLPRuido()
con_ruido(x4)
con_ruido.set_weights(secuencial.get_weights())
print("inferencia :", np.round(ops.convert_to_numpy(con_ruido(x4, training=False)).ravel(), 4))
print("entrenando :", np.round(ops.convert_to_numpy(con_ruido(x4, training=True)).ravel(), 4))
