.venv/bin/python - <<'FIN'
import os

os.environ["KERAS_BACKEND"] = "torch"
import keras
import numpy as np

modelo = keras.models.load_model("modelo.keras")
logits = modelo.predict(np.zeros((1, 160, 160, 3), "float32"), verbose=0)
print(
    f"modelo.keras: {len(modelo.layers)} capas, {modelo.count_params():,} parámetros, "
    f"salida {logits.shape}"
)
FIN
