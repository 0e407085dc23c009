# El UUID de cada agente (la CPU sale como CPU-…, cada GPU como GPU-…) junto a su nombre
rocminfo | grep -E "^ +(Uuid|Marketing Name):"
# Solo la Radeon queda visible para todo ROCm: pon aquí el UUID de tu tarjeta
export ROCR_VISIBLE_DEVICES=GPU-0123456789abcdef
.venv/bin/python probar_rocm.py
