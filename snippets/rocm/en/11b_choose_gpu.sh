# Only the GPU the list above called cuda:1 (the Radeon, in this example) stays visible, and becomes cuda:0
export HIP_VISIBLE_DEVICES=1
.venv/bin/python test_rocm.py
