import tempfile


def backend_de_un_hijo(en_keras_json=None, en_variable=None):
    """Lanza un Python nuevo con un KERAS_HOME vacío y devuelve el backend con el que
    arranca."""
    casa = tempfile.mkdtemp(prefix="keras_home_")
    if en_keras_json:
        with open(os.path.join(casa, "keras.json"), "w") as fichero:
            json.dump({"backend": en_keras_json}, fichero)
    entorno = dict(os.environ, KERAS_HOME=casa)
    entorno.pop("KERAS_BACKEND", None)  # que no herede la del proceso padre
    if en_variable:
        entorno["KERAS_BACKEND"] = en_variable
    hijo = subprocess.run(
        [sys.executable, "-c", "import keras; print(keras.config.backend())"],
        env=entorno,
        capture_output=True,
        text=True,
        check=True,
    )
    return hijo.stdout.split()[-1]


elegidos = {}  # (keras.json, KERAS_BACKEND) -> el backend con el que arrancó el hijo
print(f"{'keras.json':<14}{'KERAS_BACKEND':<16}backend")
for en_json, en_variable in [("jax", None), ("jax", "torch"), (None, None)]:
    elegidos[en_json, en_variable] = backend_de_un_hijo(en_json, en_variable)
    print(
        f"{en_json or '-':<14}{en_variable or '-':<16}{elegidos[en_json, en_variable]}"
    )
