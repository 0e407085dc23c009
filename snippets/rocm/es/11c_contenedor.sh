# ¿Qué nodo de render es la Radeon? Cruza la dirección PCI de cada nodo con la tarjeta
ls -l /dev/dri/by-path/*render
lspci -d 1002: | grep -Ei "vga|display"
# Pon aquí el nodo de la Radeon (renderD128, renderD129…)
RENDER=/dev/dri/renderD128
# Un nombre fijo, para volver a él; el grupo render va por el número que tiene aquí
docker run -it --name keras-rocm \
  --device=/dev/kfd --device="$RENDER" \
  --group-add video --group-add "$(getent group render | cut -d: -f3)" \
  --ipc=host --shm-size 8G \
  --security-opt seccomp=unconfined \
  -v "$PWD":/workspace -w /workspace \
  rocm/dev-ubuntu-24.04:6.4.1
