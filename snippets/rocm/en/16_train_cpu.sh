.venv/bin/python train_keras.py cpu
