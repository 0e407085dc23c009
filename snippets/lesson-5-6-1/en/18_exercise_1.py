import tempfile

home = tempfile.mkdtemp()
with open(os.path.join(home, "keras.json"), "w") as handle:
    json.dump(
        {"backend": "jax", "floatx": "float32", "epsilon": 1e-07, "image_data_format": "channels_last"},
        handle,
    )
command = "import keras; print(keras.config.backend())"
base = {k: v for k, v in os.environ.items() if k != "KERAS_BACKEND"}
for extra in ({}, {"KERAS_BACKEND": "torch"}):
    env = {**base, "KERAS_HOME": home, **extra}
    out = subprocess.run(
        [sys.executable, "-c", command], env=env, capture_output=True, text=True, check=True
    )
    print(extra or "keras.json only", "->", out.stdout.strip())
