import os

# What the shell or the service would do: set the backend before the first Keras import.
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
print("active backend:", keras.config.backend())
keras_dir = os.environ.get("KERAS_HOME", os.path.expanduser("~/.keras"))
with open(os.path.join(keras_dir, "keras.json")) as handle:
    print("keras.json:", json.load(handle))
