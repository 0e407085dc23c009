pip install "tensorflow==2.21.0"
