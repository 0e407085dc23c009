# The render group goes by number: the image may have no group of that name
docker run -it --rm \
  --device=/dev/kfd --device=/dev/dri \
  --group-add video --group-add "$(getent group render | cut -d: -f3)" \
  --ipc=host --shm-size 8G \
  --security-opt seccomp=unconfined \
  -v "$PWD":/workspace -w /workspace \
  rocm/pytorch:latest
