# Ubuntu 24.04 LTS; en Debian Sid, el de la fuente: python3.13
PY=python3.12
"$PY" --version
sudo apt install "$PY-venv"   # en Debian y Ubuntu, «-m venv» no funciona sin él
"$PY" -m venv .venv
