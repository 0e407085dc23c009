ls -l /dev/kfd /dev/dri/renderD*
id
