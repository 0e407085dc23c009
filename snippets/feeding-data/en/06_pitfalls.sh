KERAS_BACKEND=torch python pitfalls.py
