python3.13 --version
python3.13 -m venv .venv
