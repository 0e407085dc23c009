python abrir_orbax.py
