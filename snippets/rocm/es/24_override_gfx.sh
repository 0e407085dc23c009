HSA_OVERRIDE_GFX_VERSION=11.0.0 .venv/bin/python probar_rocm.py
