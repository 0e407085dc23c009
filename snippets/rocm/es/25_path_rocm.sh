# las versiones de ROCm que conoce el sistema
update-alternatives --list rocm
# o las de environment-modules, si lo usas: module load rocm/<versión>
module avail 2>&1 | grep -i rocm
# si no hay ninguna de las dos: solo para esta sesión del shell
export PATH="$PATH:/opt/rocm/bin"
