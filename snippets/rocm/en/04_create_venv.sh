# Ubuntu 24.04 LTS; on Debian Sid, the source's: python3.13
PY=python3.12
"$PY" --version
sudo apt install "$PY-venv"   # on Debian and Ubuntu, "-m venv" fails without it
"$PY" -m venv .venv
