.venv/bin/python probar_rocm.py || echo "código de salida: $?"
