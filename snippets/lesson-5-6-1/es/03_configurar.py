import os

# Antes de importar NumPy, PyTorch, JAX o TensorFlow: cada biblioteca lee estas
# variables al cargarse, y los procesos hijos que lance la lección (har_keras.py, los
# bloques de shell) heredan el mismo entorno.
HILOS = "1"  # un número fijo de hilos: las sumas se reparten siempre igual
os.environ.update(
    {
        "OMP_NUM_THREADS": HILOS,  # OpenMP: PyTorch y oneDNN
        "OPENBLAS_NUM_THREADS": HILOS,  # BLAS de NumPy
        "MKL_NUM_THREADS": HILOS,  # BLAS de Intel, si lo hay
        "TF_NUM_INTRAOP_THREADS": HILOS,  # TensorFlow
        "TF_NUM_INTEROP_THREADS": HILOS,
        # JAX (XLA) en CPU: esta opción reduce sus hilos, pero no garantiza uno solo
        "XLA_FLAGS": "--xla_cpu_multi_thread_eigen=false",
        # lo que haría la shell, antes del primer import de Keras
        "KERAS_BACKEND": "torch",
    }
)

import json
import subprocess
import sys

import keras
import numpy as np
import pandas as pd
import torch
from keras import layers, ops

torch.set_num_threads(int(HILOS))  # también vale si torch ya estaba cargado
torch.use_deterministic_algorithms(True)


def config_guardada():
    """El keras.json que Keras escribió (o encontró) en KERAS_HOME o en ~/.keras."""
    carpeta = os.environ.get("KERAS_HOME") or os.path.join(
        os.path.expanduser("~"), ".keras"
    )
    with open(os.path.join(carpeta, "keras.json")) as fichero:
        return json.load(fichero)


print(f"Keras {keras.__version__}")
print(f"  variable KERAS_BACKEND : {os.environ['KERAS_BACKEND']}")
print(f"  keras.json dice        : {config_guardada()['backend']}")
print(f"  backend en uso         : {keras.config.backend()}")
print(f"  hilos de PyTorch       : {torch.get_num_threads()}")
