# El UUID de cada agente (la CPU sale como CPU-…, cada GPU como GPU-…) junto a su nombre
rocminfo | grep -E "^ +(Uuid|Marketing Name):"
# Solo la Radeon visible para todo ROCm: pon aquí el UUID de tu tarjeta. En ~/.profile
# vale para tus sesiones siguientes (también las de SSH); el export, para esta
echo 'export ROCR_VISIBLE_DEVICES=GPU-0123456789abcdef' >> ~/.profile
export ROCR_VISIBLE_DEVICES=GPU-0123456789abcdef
