import os

# Lo que haría la shell o el servicio: fijar el backend antes del primer import de Keras.
os.environ["KERAS_BACKEND"] = "torch"

import json

import keras
import numpy as np
import pandas as pd
import torch
from keras import layers, ops

torch.use_deterministic_algorithms(True)
print("keras", keras.__version__)
print("KERAS_BACKEND:", os.environ.get("KERAS_BACKEND"))
print("backend activo:", keras.config.backend())
carpeta_keras = os.environ.get("KERAS_HOME", os.path.expanduser("~/.keras"))
with open(os.path.join(carpeta_keras, "keras.json")) as fichero:
    print("keras.json:", json.load(fichero))
