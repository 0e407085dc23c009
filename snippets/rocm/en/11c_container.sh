# A fixed name, so you can come back to it; the render group goes by number (the image may not have it)
docker run -it --name keras-rocm \
  --device=/dev/kfd --device=/dev/dri \
  --group-add video --group-add "$(getent group render | cut -d: -f3)" \
  --ipc=host --shm-size 8G \
  --security-opt seccomp=unconfined \
  -v "$PWD":/workspace -w /workspace \
  rocm/dev-ubuntu-24.04:6.4.1
