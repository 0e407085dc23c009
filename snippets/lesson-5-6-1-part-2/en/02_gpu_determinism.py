# Only on a GPU: two more settings, not needed on the CPU. They go before importing
# Keras.
import os

# PyTorch on CUDA: with use_deterministic_algorithms(True), cuBLAS needs a fixed
# workspace; without this variable, matrix multiplications on the GPU raise a
# RuntimeError that asks for it.
os.environ["CUBLAS_WORKSPACE_CONFIG"] = ":4096:8"
# JAX on a GPU: XLA uses only deterministic versions of its operations.
os.environ["XLA_FLAGS"] = "--xla_gpu_deterministic_ops=true"

import keras  # noqa: E402  (after setting the variables)
