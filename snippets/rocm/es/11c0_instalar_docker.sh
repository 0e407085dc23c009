sudo apt install docker.io
