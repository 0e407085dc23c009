.venv/bin/python train_keras.py
