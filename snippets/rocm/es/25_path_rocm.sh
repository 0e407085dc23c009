update-alternatives --list rocm          # las versiones de ROCm que conoce el sistema
module avail 2>&1 | grep -i rocm         # o las de environment-modules, si lo usas: module load rocm/<versión>
export PATH="$PATH:/opt/rocm/bin"        # si no hay ninguna de las dos: solo para esta sesión del shell
