KERAS_BACKEND=tensorflow python from_tensorflow.py
KERAS_BACKEND=torch python from_tensorflow.py
