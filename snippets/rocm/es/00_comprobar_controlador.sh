uname -r                                 # el núcleo que está en marcha
lsmod | grep -w amdgpu || echo "el módulo amdgpu no está cargado"
ls -l /dev/kfd /dev/dri/renderD*         # kfd: cómputo (ROCm); un renderD* por cada GPU
