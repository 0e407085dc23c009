.venv/bin/python -m pip check
