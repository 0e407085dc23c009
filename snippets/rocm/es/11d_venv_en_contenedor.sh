# Dentro del contenedor (eres root): el Python de Ubuntu 24.04 pide un entorno virtual
apt-get update && apt-get install -y python3-venv
python3 -m venv .venv
