python test_rocm.py
