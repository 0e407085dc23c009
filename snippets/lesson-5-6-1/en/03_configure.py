import os

# Before NumPy, PyTorch, JAX or TensorFlow are imported: each library reads these
# variables when it loads, and the child processes the lesson starts (har_keras.py, the
# shell blocks) inherit the same environment.
THREADS = "1"  # a fixed thread count: long sums are always split the same way
os.environ.update(
    {
        "OMP_NUM_THREADS": THREADS,  # OpenMP: PyTorch and oneDNN
        "OPENBLAS_NUM_THREADS": THREADS,  # NumPy's BLAS
        "MKL_NUM_THREADS": THREADS,  # Intel's BLAS, if present
        "TF_NUM_INTRAOP_THREADS": THREADS,  # TensorFlow
        "TF_NUM_INTEROP_THREADS": THREADS,
        # JAX (XLA) on CPU: this option cuts its threads down, but does not guarantee
        # one
        "XLA_FLAGS": "--xla_cpu_multi_thread_eigen=false",
        # what the shell would do, before the first Keras import
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

torch.set_num_threads(int(THREADS))  # works even if torch was already loaded
torch.use_deterministic_algorithms(True)


def saved_config():
    """The keras.json that Keras wrote (or found) in KERAS_HOME or in ~/.keras."""
    folder = os.environ.get("KERAS_HOME") or os.path.join(
        os.path.expanduser("~"), ".keras"
    )
    with open(os.path.join(folder, "keras.json")) as handle:
        return json.load(handle)


print(f"Keras {keras.__version__}")
print(f"  KERAS_BACKEND variable : {os.environ['KERAS_BACKEND']}")
print(f"  keras.json says        : {saved_config()['backend']}")
print(f"  backend in use         : {keras.config.backend()}")
print(f"  PyTorch threads        : {torch.get_num_threads()}")
