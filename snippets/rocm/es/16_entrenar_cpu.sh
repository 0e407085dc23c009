.venv/bin/python entrenar_keras.py cpu
