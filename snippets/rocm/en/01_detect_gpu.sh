# ROCm's tools live in /opt/rocm/bin, which is not always on PATH
export PATH="$PATH:/opt/rocm/bin"
rocminfo | grep -E "Marketing Name|gfx"
amd-smi metric --mem-usage      # current ROCm; on an older one: rocm-smi --showmeminfo vram
