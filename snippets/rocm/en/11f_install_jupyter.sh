.venv/bin/python -m pip install "jupyterlab==4.6.6" "ipykernel==7.4.0"
