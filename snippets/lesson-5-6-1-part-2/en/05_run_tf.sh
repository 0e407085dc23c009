python tf_determinism.py
