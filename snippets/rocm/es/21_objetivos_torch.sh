roc-obj-ls "$(.venv/bin/python -c 'import torch, pathlib; print(pathlib.Path(torch.__file__).parent / "lib" / "libtorch_hip.so")')" | grep -o "gfx[0-9a-f]*" | sort -u
