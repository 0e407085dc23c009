.venv/bin/python - <<'FIN'
import tensorflow_datasets as tfds

constructor = tfds.builder("oxford_iiit_pet:4.0.0", data_dir="datasets")
# descarga los archivos originales y escribe la copia preparada
constructor.download_and_prepare()
for nombre, particion in constructor.info.splits.items():
    print(f"{nombre}: {particion.num_examples} imágenes")
FIN
