.venv/bin/python test_rocm.py
