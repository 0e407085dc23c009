"""Serves the SavedModels with TensorFlow, without the Keras network: only the function
model.export wrote."""

import glob
import sys

import numpy as np
import tensorflow as tf

from logbook import note

sample = np.load("sample.npy")
# another batch size: the export did not fix the batch
double = np.concatenate([sample, sample])

for folder in sorted(glob.glob("keras_*_savedmodel")):
    source = folder.removeprefix("keras_").removesuffix("_savedmodel")
    # the "serve" endpoint was made by model.export
    service = tf.saved_model.load(folder)
    difference = np.abs(
        service.serve(sample).numpy() - np.load(f"keras_{source}.npy")
    ).max()
    shape = tuple(service.serve(double).shape)
    print(
        f"SavedModel from {source}: same prediction: {difference < 1e-6}; "
        f"batch of {len(double)}: {shape}"
    )
    note("tf.saved_model.load", source, "yes")
print("Keras loaded in this process?", "keras" in sys.modules)
