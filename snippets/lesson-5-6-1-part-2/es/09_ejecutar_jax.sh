python jax_sin_estado.py
