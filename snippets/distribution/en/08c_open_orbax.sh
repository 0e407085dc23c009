python open_orbax.py
