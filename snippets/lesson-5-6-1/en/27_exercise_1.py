import tempfile


def backend_of_a_child(in_keras_json=None, in_variable=None):
    """Starts a fresh Python with an empty KERAS_HOME and returns the backend it starts
    with."""
    home = tempfile.mkdtemp(prefix="keras_home_")
    if in_keras_json:
        with open(os.path.join(home, "keras.json"), "w") as handle:
            json.dump({"backend": in_keras_json}, handle)
    environment = dict(os.environ, KERAS_HOME=home)
    environment.pop("KERAS_BACKEND", None)  # do not inherit the parent's
    if in_variable:
        environment["KERAS_BACKEND"] = in_variable
    child = subprocess.run(
        [sys.executable, "-c", "import keras; print(keras.config.backend())"],
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    return child.stdout.split()[-1]


chosen = {}  # (keras.json, KERAS_BACKEND) -> the backend the child started with
print(f"{'keras.json':<14}{'KERAS_BACKEND':<16}backend")
for in_json, in_variable in [("jax", None), ("jax", "torch"), (None, None)]:
    chosen[in_json, in_variable] = backend_of_a_child(in_json, in_variable)
    print(f"{in_json or '-':<14}{in_variable or '-':<16}{chosen[in_json, in_variable]}")
