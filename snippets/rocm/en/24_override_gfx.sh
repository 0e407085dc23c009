HSA_OVERRIDE_GFX_VERSION=11.0.0 .venv/bin/python test_rocm.py
