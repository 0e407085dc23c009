# the ROCm versions the system knows of
update-alternatives --list rocm
# or environment-modules' ones, if you use it: module load rocm/<version>
module avail 2>&1 | grep -i rocm
# if neither is there: for this shell session only
export PATH="$PATH:/opt/rocm/bin"
