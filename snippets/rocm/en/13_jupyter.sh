KERAS_BACKEND=torch .venv/bin/jupyter lab
