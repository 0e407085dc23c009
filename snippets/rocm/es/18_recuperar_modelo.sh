.venv/bin/python - <<'FIN'
import os

os.environ["KERAS_BACKEND"] = "torch"
import keras

recuperado = keras.models.load_model("modelo.keras")
print(f"{recuperado.name}: {len(recuperado.layers)} capas, {recuperado.count_params():,} parámetros")
FIN
