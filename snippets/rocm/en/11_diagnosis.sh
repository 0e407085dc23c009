.venv/bin/python test_rocm.py || echo "exit status: $?"
