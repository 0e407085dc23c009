# The UUID of each agent (the CPU shows as CPU-…, each GPU as GPU-…) beside its name
rocminfo | grep -E "^ +(Uuid|Marketing Name):"
# Only the Radeon stays visible to all of ROCm: put your card's UUID here
export ROCR_VISIBLE_DEVICES=GPU-0123456789abcdef
.venv/bin/python test_rocm.py
