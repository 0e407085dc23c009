python har_distribuido.py 4
