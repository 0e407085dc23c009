# Can your user open the compute devices? (read and write are both needed)
for device in /dev/kfd /dev/dri/renderD*; do
  if [ -r "$device" ] && [ -w "$device" ]; then
    echo "access: $device"
  else
    echo "NO ACCESS: $device"
  fi
done
# Is your session in the render and video groups? (after usermod you must log in again)
id -nG | tr ' ' '\n' | grep -xE 'render|video' \
  || echo "your session is in neither render nor video"
# Is any variable hiding GPUs? (-1, or a list without your card, leaves it invisible)
env | grep -E '^(HIP|ROCR|CUDA)_VISIBLE_DEVICES=' \
  || echo "no *_VISIBLE_DEVICES variable set"
