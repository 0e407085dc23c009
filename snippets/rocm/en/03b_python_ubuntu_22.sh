# Ubuntu 22.04 LTS ships Python 3.10: the deadsnakes PPA adds a 3.12 beside it, leaving
# the system's alone
sudo add-apt-repository ppa:deadsnakes/ppa
sudo apt install python3.12 python3.12-venv
