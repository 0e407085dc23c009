"""jax_sin_estado.py: la red de Keras convertida en una función pura de JAX y entrenada
con ella; después, fit otra vez, cambiando un solo factor cada vez, para ver qué la
aleja de la OLS."""

import os

# Archivo independiente: si el entorno no fija ya los hilos (la celda de preparación lo
# hace para sus procesos hijos; una terminal nueva, no), los fija él antes de importar
# nada numérico.
for _var in (
    "OMP_NUM_THREADS",
    "OPENBLAS_NUM_THREADS",
    "MKL_NUM_THREADS",
    "TF_NUM_INTRAOP_THREADS",
    "TF_NUM_INTEROP_THREADS",
):
    os.environ.setdefault(_var, "1")
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false")

os.environ["KERAS_BACKEND"] = "jax"  # antes del primer import de keras

import jax
import jax.numpy as jnp
import keras
import numpy as np

datos = np.load("har.npz")
red = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
red.load_weights("har_torch.weights.h5")  # los pesos que entrenó PyTorch
print("backend:", keras.config.backend())


def perdida(pesos, x, y):
    """El error cuadrático como función de los pesos: la red no guarda nada entre
    llamadas. stateless_call recibe los pesos entrenables y los demás (Dense no tiene:
    lista vacía)."""
    salida, _ = red.stateless_call(pesos, [], x)
    return jnp.mean(jnp.square(salida[:, 0] - y))


def plano(pesos):
    """[kernel (3, 1), bias (1,)] -> [d1, s5, m22, b], para compararlos con los de
    PyTorch."""
    return np.concatenate([np.ravel(p) for p in pesos])


# 1) Derivada de la pérdida en los pesos de PyTorch, con el lote de la celda de
#    autograd. las dos cosas de una vez, compiladas
valor_y_derivada = jax.jit(jax.value_and_grad(perdida))
_, derivada = valor_y_derivada(
    [v.value for v in red.trainable_variables], datos["Xe"][::10], datos["ye"][::10]
)
print("JAX      :", np.round(plano(derivada), 5))
print(
    "igual que autograd (1e-6):",
    np.allclose(plano(derivada), np.load("grad_torch.npy"), atol=1e-6),
)


# 2) El descenso del bucle de PyTorch (300 pasos de 0,3 desde cero), pero con el bucle
#    dentro de
#    la función compilada: jax.lax.fori_loop lo convierte en un solo programa de XLA.
@jax.jit
def descenso(pesos):
    def un_paso(_, p):
        _, d = valor_y_derivada(p, datos["Xe"], datos["ye"])
        return [w - 0.3 * g for w, g in zip(p, d)]

    return jax.lax.fori_loop(0, 300, un_paso, pesos)


final = plano(descenso([jnp.zeros((3, 1)), jnp.zeros(1)]))
print("pendientes en log RV:", np.round(final[:3] * datos["sd_y"] / datos["sd_x"], 4))
print(
    "igual que el bucle de PyTorch (1e-5):",
    np.allclose(final, np.load("pesos_bucle_torch.npy"), atol=1e-5),
)


# 2b) El mismo descenso ante los tres cambios de la nota de PyTorch, con la pérdida tal
#     cual (solo el error) y con la completa: las pérdidas de las capas
#     (return_losses=True) y los pesos por fila.
# LAMBDA, los pesos por sesión y los tres mínimos
guardado = np.load("minimos_cambios.npz")
X, UNOS = datos["Xe"], np.ones(len(datos["Xe"]))


def lineal(**opciones):
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, **opciones)])


def con_dos_entradas():  # la diaria por un lado; la semanal y la mensual, por otro
    diaria, semanal_mensual = keras.Input((1,)), keras.Input((2,))
    salida = keras.layers.Dense(1)(
        keras.layers.Concatenate()([diaria, semanal_mensual])
    )
    return keras.Model([diaria, semanal_mensual], salida)


def baja_en_jax(modelo, entrada, por_fila, completa):
    def perdida_de(pesos):
        salida, _, de_capas = modelo.stateless_call(
            pesos, [], entrada, return_losses=True
        )
        error = jnp.square(salida[:, 0] - datos["ye"])
        return (
            jnp.mean(por_fila * error) + sum(de_capas) if completa else jnp.mean(error)
        )

    derivada = jax.grad(perdida_de)
    inicio = [jnp.zeros(v.shape) for v in modelo.trainable_variables]
    return plano(
        jax.lax.fori_loop(
            0, 300, lambda _, p: [w - 0.3 * g for w, g in zip(p, derivada(p))], inicio
        )
    )


# nombre: (red, entrada, pesos por fila), en el orden de la celda de PyTorch
CAMBIOS = {
    "regularizador L2": (
        lineal(kernel_regularizer=keras.regularizers.L2(float(guardado["arr_0"]))),
        X,
        UNOS,
    ),
    "pesos por sesión": (lineal(), X, guardado["arr_1"]),
    "dos entradas": (con_dos_entradas(), [X[:, :1], X[:, 1:]], UNOS),
}
for completa, titulo in (
    (False, "el descenso tal cual"),
    (True, "con las pérdidas de las capas y los pesos"),
):
    llega = [
        nombre
        for i, (nombre, (modelo, entrada, por_fila)) in enumerate(CAMBIOS.items())
        if np.allclose(
            baja_en_jax(modelo, entrada, por_fila, completa),
            guardado[f"arr_{i + 2}"],
            rtol=0,
            atol=1e-4,
        )
    ]
    print(f"{titulo}: llega al mínimo con {', '.join(llega) or 'ninguno'}")


# 3) ¿Qué aleja a fit de la OLS? Con el Adam(0,01) de har_keras.py, cada ajuste cambia
#    UNA cosa respecto de la primera fila: el punto de partida, el número de pasos o los
#    minilotes.
FILAS = len(datos["Xe"])
X1 = np.c_[datos["Xe"], np.ones(FILAS)]
# [d1, s5, m22, constante], tipificados
ols = np.linalg.lstsq(X1, datos["ye"], rcond=None)[0]
# 40 épocas de lotes de 128 (el último, más corto): los de har_keras.py
PASOS_HAR = 40 * -(-FILAS // 128)
ESCALA = datos["sd_y"] / datos["sd_x"]  # pendiente tipificada -> pendiente en log RV


def mse_validacion(pendientes, constante):
    """En log RV y en 2016-2017: lo que se mira para decidir. La prueba sigue sin
    mirarse."""
    error = datos["Xv"] @ pendientes + constante - datos["yv"]
    return float(np.mean(error**2) * datos["sd_y"] ** 2)


def ajusta(semilla, inicio, lote, pasos):
    """Devuelve las pendientes y la constante tipificadas."""
    # el mismo orden que har_keras.py: semilla, red, fit
    keras.utils.set_random_seed(semilla)
    modelo = keras.Sequential(
        [keras.Input((3,)), keras.layers.Dense(1, kernel_initializer=inicio)]
    )
    # steps_per_execution: 16 pasos por llamada compilada, no uno; son los mismos pasos,
    # más deprisa.
    modelo.compile(
        optimizer=keras.optimizers.Adam(learning_rate=0.01),
        loss="mse",
        steps_per_execution=16,
    )
    # sin minilotes: el lote entero, 64 veces por época (menos vueltas de fit)
    if lote == FILAS:
        modelo.fit(
            np.tile(datos["Xe"], (64, 1)),
            np.tile(datos["ye"], 64),
            batch_size=FILAS,
            epochs=pasos // 64,
            shuffle=False,
            verbose=0,
        )
    else:
        modelo.fit(
            datos["Xe"],
            datos["ye"],
            batch_size=lote,
            epochs=pasos // (PASOS_HAR // 40),
            verbose=0,
        )
    kernel, sesgo = modelo.layers[0].get_weights()
    return kernel.ravel(), float(sesgo[0])


# la 0 es la de har_keras.py; las otras dos, para ver qué no es suerte
SEMILLAS = [0, 1, 2]
print(f"MSE de validación de la OLS: {mse_validacion(ols[:3], ols[3]):.4f}")
print(
    f"{'columnas: semillas 0, 1, 2':<30}"
    + "distancia a la OLS".center(20)
    + "   "
    + "MSE de validación".center(20).rstrip()
)
print(
    f"{'inicio':<15} {'lote':>5} {'pasos':>6}  "
    + " ".join(f"{s:>6}" for s in SEMILLAS)
    + "   "
    + " ".join(f"{s:>6}" for s in SEMILLAS)
)
filas_de_la_tabla = []
for inicio, lote, pasos in [
    ("glorot_uniform", 128, PASOS_HAR),  # har_keras.py con JAX
    # otro punto de partida: ceros, como el descenso de arriba
    ("zeros", 128, PASOS_HAR),
    ("glorot_uniform", 128, 4 * PASOS_HAR),  # más pasos
    ("glorot_uniform", 128, 16 * PASOS_HAR),  # muchos más pasos
    ("glorot_uniform", FILAS, PASOS_HAR),  # sin minilotes
    ("glorot_uniform", FILAS, 4 * PASOS_HAR),  # sin minilotes y más pasos
]:
    ajustes = [ajusta(semilla, inicio, lote, pasos) for semilla in SEMILLAS]
    filas_de_la_tabla.append(ajustes)
    # la distancia, como en la tabla de los tres motores: la mayor diferencia de
    # pendiente, en log RV
    distancias = [
        np.abs((pendientes - ols[:3]) * ESCALA).max() for pendientes, _ in ajustes
    ]
    print(
        f"{inicio:<15} {lote:>5} {pasos:>6}  "
        + " ".join(f"{d:6.4f}" for d in distancias)
        + "   "
        + " ".join(f"{mse_validacion(*ajuste):6.4f}" for ajuste in ajustes)
    )

# La primera fila con la semilla 0 es har_keras.py con JAX: sus pendientes, las de la
# fila keras-jax.
print(
    "semilla 0 de la primera fila, pendientes en log RV:",
    np.round(filas_de_la_tabla[0][0][0] * ESCALA, 4),
)
