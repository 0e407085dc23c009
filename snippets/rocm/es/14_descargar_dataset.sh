.venv/bin/python - <<'FIN'
import tensorflow_datasets as tfds

constructor = tfds.builder("oxford_iiit_pet:4.0.0", data_dir="datasets")
constructor.download_and_prepare()  # descarga los archivos originales y escribe la copia preparada
for nombre, particion in constructor.info.splits.items():
    print(f"{nombre}: {particion.num_examples} imágenes")
FIN
