.venv/bin/python probar_rocm.py
