uname -r                                 # the kernel that is running
lsmod | grep -w amdgpu || echo "the amdgpu module is not loaded"
ls -l /dev/kfd /dev/dri/renderD*         # kfd: compute (ROCm); one renderD* per GPU
