.venv/bin/python - <<'END'
import os

os.environ["KERAS_BACKEND"] = "torch"
import keras

restored = keras.models.load_model("model.keras")
print(f"{restored.name}: {len(restored.layers)} layers, {restored.count_params():,} parameters")
END
