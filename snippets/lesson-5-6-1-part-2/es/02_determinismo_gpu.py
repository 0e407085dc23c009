# Solo en una GPU: dos ajustes más, que en la CPU no hacen falta. Van antes de importar
# Keras.
import os

# PyTorch en CUDA: con use_deterministic_algorithms(True), cuBLAS necesita un espacio de
# trabajo fijo; sin esta variable, las multiplicaciones de matrices en la GPU lanzan un
# RuntimeError que la pide.
os.environ["CUBLAS_WORKSPACE_CONFIG"] = ":4096:8"
# JAX en GPU: XLA usa solo versiones deterministas de sus operaciones.
os.environ["XLA_FLAGS"] = "--xla_gpu_deterministic_ops=true"

import keras  # noqa: E402  (después de fijar las variables)
