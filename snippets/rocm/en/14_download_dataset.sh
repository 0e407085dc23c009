.venv/bin/python - <<'END'
import tensorflow_datasets as tfds

builder = tfds.builder("oxford_iiit_pet:4.0.0", data_dir="datasets")
# downloads the original archives and writes the prepared copy
builder.download_and_prepare()
for name, split in builder.info.splits.items():
    print(f"{name}: {split.num_examples} images")
END
