python -m pip install "keras==3.15.1"
