import tempfile

casa = tempfile.mkdtemp()
with open(os.path.join(casa, "keras.json"), "w") as fichero:
    json.dump(
        {"backend": "jax", "floatx": "float32", "epsilon": 1e-07, "image_data_format": "channels_last"},
        fichero,
    )
orden = "import keras; print(keras.config.backend())"
base = {k: v for k, v in os.environ.items() if k != "KERAS_BACKEND"}
for extra in ({}, {"KERAS_BACKEND": "torch"}):
    entorno = {**base, "KERAS_HOME": casa, **extra}
    salida = subprocess.run(
        [sys.executable, "-c", orden], env=entorno, capture_output=True, text=True, check=True
    )
    print(extra or "solo keras.json", "->", salida.stdout.strip())
