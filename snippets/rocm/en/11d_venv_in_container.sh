# Inside the container (you are root): Ubuntu 24.04's Python asks for a virtual environment
apt-get update && apt-get install -y python3-venv
python3 -m venv .venv
