# The UUID of each agent (the CPU shows as CPU-…, each GPU as GPU-…) beside its name
rocminfo | grep -E "^ +(Uuid|Marketing Name):"
# Copy your Radeon's Uuid here (or its number: 0 is the first GPU rocminfo lists)
RADEON=GPU-0123456789abcdef
# For this session, and in ~/.profile for the next ones (SSH ones too)
export ROCR_VISIBLE_DEVICES="$RADEON"
echo "export ROCR_VISIBLE_DEVICES=$RADEON" >> ~/.profile
