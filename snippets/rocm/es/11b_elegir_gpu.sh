# El UUID de cada agente (la CPU sale como CPU-…, cada GPU como GPU-…) junto a su nombre
rocminfo | grep -E "^ +(Uuid|Marketing Name):"
# Copia aquí el Uuid de tu Radeon (o su número: 0 es la primera GPU que lista rocminfo)
RADEON=GPU-0123456789abcdef
# Para esta sesión, y en ~/.profile para las siguientes (también las de SSH)
export ROCR_VISIBLE_DEVICES="$RADEON"
echo "export ROCR_VISIBLE_DEVICES=$RADEON" >> ~/.profile
