# A virtual environment for the page, with the Python it was checked with (3.11)
python3.11 -m venv .venv
source .venv/bin/activate
