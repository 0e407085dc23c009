update-alternatives --list rocm          # the ROCm versions the system knows of
module avail 2>&1 | grep -i rocm         # or environment-modules' ones, if you use it: module load rocm/<version>
export PATH="$PATH:/opt/rocm/bin"        # if neither is there: for this shell session only
