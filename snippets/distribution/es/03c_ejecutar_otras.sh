python otras_redes.py 4
