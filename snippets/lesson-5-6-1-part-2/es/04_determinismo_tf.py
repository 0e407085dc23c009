"""TensorFlow: semilla, interruptor de determinismo y un canal tf.data, dos veces."""

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

os.environ["KERAS_BACKEND"] = "tensorflow"  # antes del primer import de keras

import keras
import numpy as np
import tensorflow as tf

tf.config.experimental.enable_op_determinism()  # operaciones y tf.data, deterministas
datos = np.load("har.npz")


def canal():
    """Baraja (con la semilla global), transforma en paralelo y agrupa en lotes de
    64."""
    filas = tf.data.Dataset.from_tensor_slices((datos["Xe"], datos["ye"]))
    filas = filas.shuffle(512).map(
        lambda x, y: (x, tf.expand_dims(y, -1)), num_parallel_calls=tf.data.AUTOTUNE
    )
    return filas.batch(64)


def entrena():
    keras.utils.set_random_seed(2024)  # Python, NumPy y TensorFlow
    red = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    red.compile(keras.optimizers.SGD(0.05), "mse")
    red.fit(canal(), epochs=3, verbose=0)
    return np.concatenate([p.ravel() for p in red.get_weights()])


primero, segundo = entrena(), entrena()
print("backend:", keras.config.backend())
print("pesos [d1 s5 m22 b]:", np.round(primero, 4))
print("segundo entrenamiento idéntico bit a bit:", np.array_equal(primero, segundo))
