KERAS_BACKEND=jax python - <<'FIN'
import keras
import numpy as np

modelo = keras.saving.load_model("modelo_juguete.keras")
entradas = np.load("tres_entradas.npy")
print(f"{keras.backend.backend()}:", np.round(modelo.predict(entradas, verbose=0).ravel(), 4))
FIN
