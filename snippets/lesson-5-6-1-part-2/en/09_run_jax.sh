python jax_stateless.py
