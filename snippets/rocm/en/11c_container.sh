# Which render node is the Radeon? Match each node's PCI address with the card
ls -l /dev/dri/by-path/*render
lspci -d 1002: | grep -Ei "vga|display"
# Put the Radeon's node here (renderD128, renderD129…)
RENDER=/dev/dri/renderD128
# A fixed name, so you can come back to it; the render group goes by its number here
docker run -it --name keras-rocm \
  --device=/dev/kfd --device="$RENDER" \
  --group-add video --group-add "$(getent group render | cut -d: -f3)" \
  --ipc=host --shm-size 8G \
  --security-opt seccomp=unconfined \
  -v "$PWD":/workspace -w /workspace \
  rocm/dev-ubuntu-24.04:6.4.1
