"""A .keras file saved with TensorFlow and opened with PyTorch: does its Adam go on?"""

import keras

from pieces import compile_model, build_model, data, optimizer_state

engine = keras.backend.backend()
x, y = data()
if engine == "tensorflow":  # the same recipe as train.py, on this engine
    keras.utils.set_random_seed(0)
    net = build_model()
    compile_model(net)
    net.fit(x, y, epochs=8, batch_size=32, verbose=0)
    net.save("from_tensorflow.keras")
    steps, moments = optimizer_state(net)
    print(f"[{engine}] saved: {steps} Adam steps, moments {moments}")
else:  # plain load_model, without the fifth recipe
    net = keras.saving.load_model("from_tensorflow.keras")
    steps, moments = optimizer_state(net)
    print(f"[{engine}] opened: {steps} Adam steps, moments {moments}")
    print(f"[{engine}] Adam's class, from module {type(net.optimizer).__module__}")
    net.fit(x, y, epochs=1, batch_size=32, verbose=0)
    print(f"[{engine}] after one more epoch: {optimizer_state(net)[0]} steps")
