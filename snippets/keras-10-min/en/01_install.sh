pip install "keras==3.15.1" "jax==0.10.2" "tensorflow==2.21.0"
