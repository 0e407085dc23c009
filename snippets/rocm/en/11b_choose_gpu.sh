# The UUID of each agent (the CPU shows as CPU-…, each GPU as GPU-…) beside its name
rocminfo | grep -E "^ +(Uuid|Marketing Name):"
# Only the Radeon visible to all of ROCm: put your card's UUID here. In ~/.profile it
# holds for your next sessions (SSH ones too); the export, for this one
echo 'export ROCR_VISIBLE_DEVICES=GPU-0123456789abcdef' >> ~/.profile
export ROCR_VISIBLE_DEVICES=GPU-0123456789abcdef
