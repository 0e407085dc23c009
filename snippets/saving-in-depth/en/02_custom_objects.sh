KERAS_BACKEND=torch python custom_objects.py
