# El grupo render se pasa por su número: en la imagen puede no existir con ese nombre
docker run -it --rm \
  --device=/dev/kfd --device=/dev/dri \
  --group-add video --group-add "$(getent group render | cut -d: -f3)" \
  --ipc=host --shm-size 8G \
  --security-opt seccomp=unconfined \
  -v "$PWD":/workspace -w /workspace \
  rocm/pytorch:latest
