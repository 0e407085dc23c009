# Comprobación del ejercicio 1: lo que arrancó en tus procesos hijos (elegidos), frente
# al orden que enseña la lección: KERAS_BACKEND, después keras.json y, sin ninguno,
# tensorflow.
regla = {("jax", None): "jax", ("jax", "torch"): "torch", (None, None): "tensorflow"}
for (en_json, en_variable), debe in regla.items():
    sale = elegidos.get((en_json, en_variable), "sin probar")
    veredicto = "PASA   " if sale == debe else "NO PASA"
    print(
        f"{veredicto} keras.json={en_json}, KERAS_BACKEND={en_variable}: "
        f"arrancó {sale}; la regla dice {debe}"
    )
