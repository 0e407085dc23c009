# Un entorno virtual para la página, con el Python con el que se comprobó (3.11)
python3.11 -m venv .venv
source .venv/bin/activate
