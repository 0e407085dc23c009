pip install "keras-hub==0.32.0"
