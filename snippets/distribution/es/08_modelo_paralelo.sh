python modelo_paralelo.py
