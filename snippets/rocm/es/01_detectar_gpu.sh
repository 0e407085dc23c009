# Los avisos de permisos de rocminfo salen por la salida normal: el filtro los deja
# pasar
rocminfo | grep -E "Marketing Name|gfx|denied|render"
# con los paquetes de AMD también: amd-smi metric --mem-usage
rocm-smi --showmeminfo vram
