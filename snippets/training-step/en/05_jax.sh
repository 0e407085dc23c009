python by_hand_jax.py
