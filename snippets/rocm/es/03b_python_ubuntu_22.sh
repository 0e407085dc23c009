# Ubuntu 22.04 LTS trae Python 3.10: el PPA deadsnakes añade un 3.12 junto al del
# sistema, sin tocarlo
sudo add-apt-repository ppa:deadsnakes/ppa
sudo apt install python3.12 python3.12-venv
