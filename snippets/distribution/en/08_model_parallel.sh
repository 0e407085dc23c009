python model_parallel.py
