KERAS_BACKEND=torch python tropiezos.py
