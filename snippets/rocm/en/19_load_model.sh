.venv/bin/python - <<'END'
import os

os.environ["KERAS_BACKEND"] = "torch"
import keras
import numpy as np

model = keras.models.load_model("model.keras")
logits = model.predict(np.zeros((1, 160, 160, 3), "float32"), verbose=0)
print(
    f"model.keras: {len(model.layers)} layers, {model.count_params():,} parameters, "
    f"output {logits.shape}"
)
END
