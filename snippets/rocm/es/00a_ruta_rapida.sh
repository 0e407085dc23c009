# Paso 0: el controlador (una línea que empieza por amdgpu) y las herramientas
lsmod | grep -w amdgpu || echo "el módulo amdgpu no está cargado"
sudo apt update
sudo apt install rocminfo rocm-smi
# Paso 1: la Radeon en rocminfo y tu usuario en render y video
rocminfo | grep -E "Marketing Name|gfx|denied|render"
sudo usermod -aG render,video "$USER"
# ...cierra la sesión, vuelve a entrar, regresa a esta carpeta y repite el rocminfo.
# ¿Sale otra gfx además de gfx1102? Es la integrada: desactívala en la BIOS/UEFI
# o deja solo la Radeon con ROCR_VISIBLE_DEVICES (paso 1) antes de seguir
# Paso 2: un .venv; PyTorch desde su índice ROCm; después, el resto
PY=python3.12
sudo apt install "$PY-venv"
"$PY" -m venv .venv
.venv/bin/python -m pip install "torch==2.9.1" \
  --index-url https://download.pytorch.org/whl/rocm6.4
.venv/bin/python -m pip install \
  "keras==3.15.1" "tensorflow==2.21.0" \
  "tensorflow-datasets==4.9.10" "numpy==2.5.2"
.venv/bin/python -m pip check
# Paso 3: guarda probar_rocm.py (lo tienes en el paso 3) y pruébalo
.venv/bin/python probar_rocm.py
# Paso 5: el dataset, una sola descarga de unos 811 MB
.venv/bin/python - <<'FIN'
import tensorflow_datasets as tfds

constructor = tfds.builder("oxford_iiit_pet:4.0.0", data_dir="datasets")
# descarga los archivos originales y escribe la copia preparada
constructor.download_and_prepare()
for nombre, particion in constructor.info.splits.items():
    print(f"{nombre}: {particion.num_examples} imágenes")
FIN
# ...y el entrenamiento: guarda entrenar_keras.py (paso 5) y ejecútalo
.venv/bin/python entrenar_keras.py
