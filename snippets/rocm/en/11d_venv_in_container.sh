# Inside the container (you are root): Ubuntu 24.04's Python requires a virtual
# environment for pip
apt-get update && apt-get install -y python3-venv
python3 -m venv .venv
