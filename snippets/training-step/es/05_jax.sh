python a_mano_jax.py
