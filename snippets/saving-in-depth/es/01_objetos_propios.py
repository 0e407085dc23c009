"""objetos_propios.py: lo que hace falta para volver a abrir una red con objetos
propios: una capa sin registrar, una registrada, un argumento que es otra capa, una
Lambda y una capa con estado propio."""

import json
import re
import zipfile

import keras
import numpy as np

x = np.random.default_rng(0).normal(loc=3.0, scale=2.0, size=(64, 4)).astype("float32")


def red_con(capa):
    """Una red funcional pequeña: 4 entradas, la capa que se prueba y una densa de 2
    salidas."""
    entradas = keras.Input((4,))
    return keras.Model(entradas, keras.layers.Dense(2)(capa(entradas)))


def causa(error):
    """La causa de un error al abrir, sin los envoltorios que le pone Keras: su última
    línea con texto."""
    texto = re.sub(r"\x1b\[\d+m", "", str(error)).split("Arguments received")[0]
    lineas = [
        linea
        for linea in texto.splitlines()
        if linea.strip() and not linea.startswith("config=")
    ]
    return lineas[-1].split("Exception encountered: ")[-1].split(". ")[0]


def abrir(ruta, red, **opciones):
    """Abre el archivo y dice si predice lo mismo que `red`; si no se abre, o no
    predice, el porqué."""
    try:
        abierta = keras.saving.load_model(ruta, **opciones)
    except Exception as error:  # TypeError, ValueError, NameError...: se muestra cuál
        return f"no se abre: {type(error).__name__}: {causa(error)}"
    try:
        iguales = np.allclose(
            abierta.predict(x, verbose=0), red.predict(x, verbose=0), atol=1e-6
        )
    except Exception as error:
        return f"se abre, pero no predice: {type(error).__name__}: {causa(error)}"
    return f"se abre, mismas predicciones: {iguales}"


def reabrir(red, ruta, **opciones):
    """Guarda la red y la vuelve a abrir."""
    red.save(ruta)
    return abrir(ruta, red, **opciones)


# 1. Una capa sin registrar: el archivo solo guarda su nombre de clase.
class Recorte(keras.layers.Layer):
    def __init__(self, tope=1.0, **kwargs):
        super().__init__(**kwargs)
        self.tope = tope

    def call(self, t):
        return keras.ops.clip(t, -self.tope, self.tope)

    def get_config(self):
        return {**super().get_config(), "tope": self.tope}


red = red_con(Recorte(2.5))
print("1. sin registrar:", reabrir(red, "recorte.keras"))
print(
    "   con custom_objects:",
    reabrir(red, "recorte.keras", custom_objects={"Recorte": Recorte}),
)
with keras.saving.custom_object_scope({"Recorte": Recorte}):
    print("   dentro de custom_object_scope:", reabrir(red, "recorte.keras"))


# 2. Una capa registrada: Keras la busca por el nombre registrado, no por el módulo.
@keras.saving.register_keras_serializable(package="tutorial")
class Desplazar(keras.layers.Layer):
    def __init__(self, cuanto=0.0, **kwargs):
        super().__init__(**kwargs)
        self.cuanto = cuanto

    def call(self, t):
        return t - self.cuanto

    def get_config(self):
        return {**super().get_config(), "cuanto": self.cuanto}


def retocar(ruta, nueva, cambio):
    """Copia un .keras cambiando, en su config.json, lo que diga `cambio` de la capa
    Desplazar."""
    with zipfile.ZipFile(ruta) as origen, zipfile.ZipFile(nueva, "w") as destino:
        for nombre in origen.namelist():
            datos = origen.read(nombre)
            if nombre == "config.json":
                config = json.loads(datos)
                capa = next(
                    c
                    for c in config["config"]["layers"]
                    if c["class_name"] == "Desplazar"
                )
                antes = {clave: capa[clave] for clave in ("module", "registered_name")}
                capa.update(cambio)
                datos = json.dumps(config)
            destino.writestr(nombre, datos)
    return antes


red = red_con(Desplazar(3.0))
print("\n2. registrada:", reabrir(red, "desplazar.keras"))
print(
    "   el archivo guarda",
    retocar("desplazar.keras", "desplazar_movida.keras", {"module": "otro_modulo"}),
)
print("   si dijera module='otro_modulo':", abrir("desplazar_movida.keras", red))
retocar(
    "desplazar.keras",
    "desplazar_renombrada.keras",
    {"registered_name": "tutorial>Otra"},
)
print(
    "   si dijera registered_name='tutorial>Otra':",
    abrir("desplazar_renombrada.keras", red),
)


# 3. Un argumento que es otra capa: get_config lo serializa y from_config lo
#    reconstruye.
class Residuo(keras.layers.Layer):
    """t + sub(t): la capa interna, sub, llega ya creada, como argumento."""

    def __init__(self, sub, **kwargs):
        super().__init__(**kwargs)
        self.sub = sub

    def call(self, t):
        return t + self.sub(t)

    def get_config(self):
        return {
            **super().get_config(),
            "sub": keras.saving.serialize_keras_object(self.sub),
        }


class ResiduoCompleto(Residuo):
    @classmethod
    def from_config(cls, config):
        sub = keras.saving.deserialize_keras_object(config.pop("sub"))
        return cls(sub, **config)


red = red_con(Residuo(keras.layers.Dense(4)))
print(
    "\n3. sin from_config:",
    reabrir(red, "residuo.keras", custom_objects={"Residuo": Residuo}),
)
red = red_con(ResiduoCompleto(keras.layers.Dense(4)))
print(
    "   con from_config:",
    reabrir(red, "residuo.keras", custom_objects={"ResiduoCompleto": ResiduoCompleto}),
)

# 4. Una Lambda con una función anónima guarda su código (bytecode); safe_mode, activo
#    por defecto, se niega a ejecutarlo al abrir.
red = red_con(keras.layers.Lambda(lambda t: t * 2.0))
print("\n4. Lambda:", reabrir(red, "lambda.keras"))
print("   con safe_mode=False:", reabrir(red, "lambda.keras", safe_mode=False))
red = red_con(keras.layers.Lambda(lambda t: keras.ops.tanh(t) * 2.0, output_shape=(4,)))
print(
    "   si la función usa keras, con safe_mode=False:",
    reabrir(red, "lambda.keras", safe_mode=False),
)


@keras.saving.register_keras_serializable(package="tutorial")
def doble_tanh(t):
    return keras.ops.tanh(t) * 2.0


red = red_con(keras.layers.Lambda(doble_tanh))
print("   con una función registrada:", reabrir(red, "lambda.keras"))


# 5. Una capa con un peso propio (creado en build) y un estado que no es un peso: media
#    y desviación.
class Tipificar(keras.layers.Layer):
    """(t - media) / desviación * escala: media y desviación salen de adapt; la escala
    se entrena."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.media, self.desviacion = np.zeros(4, "float32"), np.ones(4, "float32")

    def adapt(self, datos):
        self.media, self.desviacion = datos.mean(axis=0), datos.std(axis=0)

    def build(self, forma):
        self.escala = self.add_weight(shape=(forma[-1],), initializer="ones")

    def call(self, t):
        media, desviacion = (
            keras.ops.convert_to_tensor(self.media),
            keras.ops.convert_to_tensor(self.desviacion),
        )
        return (t - media) / desviacion * self.escala


class TipificarQueGuarda(Tipificar):
    """Lo mismo, pero el archivo guarda también media y desviación, junto a la
    escala."""

    def save_own_variables(self, almacen):
        super().save_own_variables(almacen)  # la escala, con la clave "0"
        almacen["mean"], almacen["std"] = self.media, self.desviacion

    def load_own_variables(self, almacen):
        # super().load_own_variables contaría las dos claves nuevas como pesos y se
        # negaría a cargar.
        self.escala.assign(almacen["0"][...])
        self.media, self.desviacion = almacen["mean"][...], almacen["std"][...]


print()
for nombre, clase in (
    ("Tipificar", Tipificar),
    ("TipificarQueGuarda", TipificarQueGuarda),
):
    capa = clase()
    capa.adapt(x)
    red = red_con(capa)
    capa.escala.assign(np.linspace(0.5, 2.0, 4))  # como si la hubiera entrenado
    with keras.saving.custom_object_scope({nombre: clase}):
        print(
            f"5. {nombre}:" if clase is Tipificar else f"   {nombre}:",
            reabrir(red, "tipificar.keras"),
        )
