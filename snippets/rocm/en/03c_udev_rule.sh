# AMD's rule that lets any user open the compute devices, without groups
sudo tee /etc/udev/rules.d/70-amdgpu.rules <<'END'
KERNEL=="kfd", MODE="0666"
SUBSYSTEM=="drm", KERNEL=="renderD*", MODE="0666"
END
sudo udevadm control --reload-rules && sudo udevadm trigger
