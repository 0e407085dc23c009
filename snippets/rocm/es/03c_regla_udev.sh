# La regla de AMD para que cualquier usuario abra los dispositivos de cómputo, sin
# grupos
sudo tee /etc/udev/rules.d/70-amdgpu.rules <<'FIN'
KERNEL=="kfd", MODE="0666"
SUBSYSTEM=="drm", KERNEL=="renderD*", MODE="0666"
FIN
sudo udevadm control --reload-rules && sudo udevadm trigger
