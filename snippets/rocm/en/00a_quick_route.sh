# Step 0: the kernel driver (a line starting with amdgpu) and the ROCm tools
lsmod | grep -w amdgpu || echo "the amdgpu module is not loaded"
sudo apt update
sudo apt install rocminfo rocm-smi
# Step 1: the Radeon in rocminfo, and your user in render and video
rocminfo | grep -E "Marketing Name|gfx|denied|render"
sudo usermod -aG render,video "$USER"
# ...log out, log back in, come back to this folder and repeat the rocminfo.
# Another gfx besides gfx1102? It is the integrated GPU: disable it in the BIOS/UEFI
# or leave only the Radeon visible with ROCR_VISIBLE_DEVICES (step 1) before going on
# Step 2: a .venv; PyTorch from its ROCm index; then the rest
PY=python3.12
sudo apt install "$PY-venv"
"$PY" -m venv .venv
.venv/bin/python -m pip install "torch==2.9.1" \
  --index-url https://download.pytorch.org/whl/rocm6.4
.venv/bin/python -m pip install \
  "keras==3.15.1" "tensorflow==2.21.0" \
  "tensorflow-datasets==4.9.10" "numpy==2.5.2"
.venv/bin/python -m pip check
# Step 3: save test_rocm.py (you will find it in step 3) and run it
.venv/bin/python test_rocm.py
# Step 5: the dataset, a single download of about 811 MB
.venv/bin/python - <<'END'
import tensorflow_datasets as tfds

builder = tfds.builder("oxford_iiit_pet:4.0.0", data_dir="datasets")
# downloads the original archives and writes the prepared copy
builder.download_and_prepare()
for name, split in builder.info.splits.items():
    print(f"{name}: {split.num_examples} images")
END
# ...and the training: save train_keras.py (step 5) and run it
.venv/bin/python train_keras.py
