# Solo queda visible la GPU que la lista de arriba llamaba cuda:1 (la Radeon, en este ejemplo), que pasa a ser cuda:0
export HIP_VISIBLE_DEVICES=1
.venv/bin/python probar_rocm.py
