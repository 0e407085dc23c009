KERAS_BACKEND=torch python objetos_propios.py
