"""Serves the .onnx files with ONNX Runtime, which needs neither Keras nor any
engine."""

import glob
import sys

import numpy as np
import onnxruntime

from logbook import note

sample = np.load("sample.npy")
double = np.concatenate([sample, sample])

for path in sorted(glob.glob("keras_*.onnx")):
    source = path.removeprefix("keras_").removesuffix(".onnx")
    session = onnxruntime.InferenceSession(path, providers=["CPUExecutionProvider"])
    feed = session.get_inputs()[0]
    (output,) = session.run(None, {feed.name: sample})
    difference = np.abs(output - np.load(f"keras_{source}.npy")).max()
    (from_double,) = session.run(None, {feed.name: double})
    print(
        f"ONNX from {source}: input {feed.name} {feed.shape}; "
        f"same prediction: {difference < 1e-6}"
    )
    print(f"    batch of {len(double)}: {from_double.shape}")
    note("onnxruntime", source, "yes")
print(
    "Keras, TensorFlow, PyTorch or JAX loaded?",
    any(m in sys.modules for m in ["keras", "tensorflow", "torch", "jax"]),
)
