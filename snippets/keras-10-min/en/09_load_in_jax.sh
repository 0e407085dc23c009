KERAS_BACKEND=jax python - <<'END'
import keras
import numpy as np

model = keras.saving.load_model("toy_model.keras")
inputs = np.load("three_inputs.npy")
print(f"{keras.backend.backend()}:", np.round(model.predict(inputs, verbose=0).ravel(), 4))
END
