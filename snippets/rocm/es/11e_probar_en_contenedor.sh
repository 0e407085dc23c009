python probar_rocm.py
