"""Un .keras guardado con TensorFlow y abierto con PyTorch: ¿sigue su Adam?"""

import keras

from piezas import compilar, construir, datos, estado_del_optimizador

motor = keras.backend.backend()
x, y = datos()
if motor == "tensorflow":  # la misma receta que entrenar.py, con este motor
    keras.utils.set_random_seed(0)
    red = construir()
    compilar(red)
    red.fit(x, y, epochs=8, batch_size=32, verbose=0)
    red.save("desde_tensorflow.keras")
    pasos, momentos = estado_del_optimizador(red)
    print(f"[{motor}] guardado: {pasos} pasos de Adam, momentos {momentos}")
else:  # load_model a secas, sin la quinta receta
    red = keras.saving.load_model("desde_tensorflow.keras")
    pasos, momentos = estado_del_optimizador(red)
    print(f"[{motor}] abierto: {pasos} pasos de Adam, momentos {momentos}")
    print(f"[{motor}] la clase de Adam, del módulo {type(red.optimizer).__module__}")
    red.fit(x, y, epochs=1, batch_size=32, verbose=0)
    print(f"[{motor}] tras una época más: {estado_del_optimizador(red)[0]} pasos")
