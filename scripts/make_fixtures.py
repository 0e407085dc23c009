"""Generate the offline fixtures the page tests serve instead of downloads.

Usage: python scripts/make_fixtures.py OUT_DIR   (make fixtures → build/fixtures)

- keras/datasets/mnist.npz: the on-disk format of Keras's MNIST cache (x_train uint8
  (N, 28, 28), y_train uint8 (N,), x_test, y_test), filled with synthetic digits drawn as
  seven-segment strokes with random slant, scale, shift, stroke width and noise. It is a
  stand-in so the page's real `keras.datasets.mnist.load_data()` call runs offline; accuracy on
  it says nothing about MNIST, and the pages say so where they show it.

- keras/models/mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_160_no_top.h5: the file
  `MobileNetV2(weights="imagenet", include_top=False, input_shape=(160, 160, 3))` fetches, in
  the same legacy-HDF5 layout, holding seeded random weights (not ImageNet's).
- tfds/oxford_iiit_pet/4.0.0: prepared by TFDS's own `oxford_iiit_pet:4.0.0` builder (same
  features, splits and file format) from small synthetic archives laid out like the real ones:
  37 breeds x 3 trainval images + 37 test images, each breed a colour-and-stripes pattern. The
  page's `tfds.load(..., download=False)` call reads it unchanged.

- vol5_diario.parquet: the lesson 5.6.1 panel, from scripts/make_vol5.py (the file the site also
  offers for download).

With --pets N it writes instead the bench's stand-in (scripts/bench.py): the same
prepared oxford_iiit_pet:4.0.0 with N trainval images (3680, the real split's size, gives the guide's
2944 + 368) of photo-like sizes (300-500 px a side, so decoding costs what it costs on real
photos), one test image per breed (the guide never reads the test split), and the weights file.

Deterministic: the same seed gives the same data.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import numpy as np

SEED = 20231128
N_TRAIN, N_TEST = 12_000, 2_000

# Seven segments as line segments in a unit box (x right, y down): a top, b top-right,
# c bottom-right, d bottom, e bottom-left, f top-left, g middle.
SEGMENTS = {
    "a": ((0, 0), (1, 0)),
    "b": ((1, 0), (1, 0.5)),
    "c": ((1, 0.5), (1, 1)),
    "d": ((0, 1), (1, 1)),
    "e": ((0, 0.5), (0, 1)),
    "f": ((0, 0), (0, 0.5)),
    "g": ((0, 0.5), (1, 0.5)),
}
DIGITS = ["abcdef", "bc", "abged", "abgcd", "fgbc", "afgcd", "afgedc", "abc", "abcdefg", "abcdfg"]


def draw_digits(labels: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    n = len(labels)
    yy, xx = np.mgrid[0:28, 0:28].astype(np.float32)
    images = np.zeros((n, 28, 28), dtype=np.float32)
    # Per-image geometry: box of 10-14 px wide, 16-20 px tall, centred with a shift, slanted.
    width = rng.uniform(10, 14, n)[:, None, None]
    height = rng.uniform(16, 20, n)[:, None, None]
    x0 = 14 - width / 2 + rng.uniform(-2, 2, n)[:, None, None]
    y0 = 14 - height / 2 + rng.uniform(-2, 2, n)[:, None, None]
    slant = rng.uniform(-0.25, 0.25, n)[:, None, None]
    stroke = rng.uniform(1.0, 2.0, n)[:, None, None]
    for seg, ((ax, ay), (bx, by)) in SEGMENTS.items():
        has = np.array([seg in DIGITS[d] for d in labels])
        if not has.any():
            continue
        sel = np.flatnonzero(has)
        w, h, sx, sy, sl, st = (a[sel] for a in (width, height, x0, y0, slant, stroke))
        # End points in pixels, slanted: x shifts with the distance from the bottom.
        pax, pay = sx + ax * w + sl * (1 - ay) * h, sy + ay * h
        pbx, pby = sx + bx * w + sl * (1 - by) * h, sy + by * h
        dx, dy = pbx - pax, pby - pay
        t = np.clip(((xx - pax) * dx + (yy - pay) * dy) / (dx * dx + dy * dy), 0, 1)
        dist = np.hypot(xx - (pax + t * dx), yy - (pay + t * dy))
        ink = np.clip(st + 0.5 - dist, 0, 1)
        images[sel] = np.maximum(images[sel], ink)
    images += rng.normal(0, 0.08, images.shape).astype(np.float32)
    return (np.clip(images, 0, 1) * 255).round().astype(np.uint8)


def write_mnist(path: Path, rng: np.random.Generator) -> None:
    y_train = rng.integers(0, 10, N_TRAIN).astype(np.uint8)
    y_test = rng.integers(0, 10, N_TEST).astype(np.uint8)
    x_train, x_test = draw_digits(y_train, rng), draw_digits(y_test, rng)
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, x_train=x_train, y_train=y_train, x_test=x_test, y_test=y_test)


MOBILENET_FILE = "mobilenet_v2_weights_tf_dim_ordering_tf_kernels_1.0_160_no_top.h5"


def write_mobilenet_weights(path: Path) -> None:
    import h5py
    import keras
    from keras.src.legacy.saving import legacy_h5_format

    keras.utils.set_random_seed(SEED)
    model = keras.applications.MobileNetV2(input_shape=(160, 160, 3), include_top=False, weights=None)
    path.parent.mkdir(parents=True, exist_ok=True)
    with h5py.File(path, "w") as f:
        legacy_h5_format.save_weights_to_hdf5_group(f, model)


PETS_PER_BREED_TRAINVAL, PETS_PER_BREED_TEST = 3, 1
PET_SIDE = (150, 220)  # the tests' small images; the bench's stand-in uses photo-like sizes
BENCH_PET_SIDE = (300, 500)


def write_pet_archives(
    raw: Path, rng: np.random.Generator, trainval: int | None = None, side: tuple[int, int] = PET_SIDE
) -> None:
    """Folders laid out like the extracted images.tar.gz and annotations.tar.gz. `trainval`
    images in all (default: PETS_PER_BREED_TRAINVAL per breed), spread as evenly as the breeds allow."""
    from PIL import Image
    from tensorflow_datasets.datasets.oxford_iiit_pet.oxford_iiit_pet_dataset_builder import (
        _LABEL_CLASSES,
    )

    images, notes = raw / "images" / "images", raw / "annotations" / "annotations"
    for d in (images, notes / "trimaps", notes / "xmls"):
        d.mkdir(parents=True, exist_ok=True)
    lists = {"trainval": [], "test": []}
    total = PETS_PER_BREED_TRAINVAL * len(_LABEL_CLASSES) if trainval is None else trainval
    for label, breed in enumerate(_LABEL_CLASSES, start=1):
        species = 1 if breed[0].isupper() else 2  # the dataset's convention: cats are capitalised
        colour = rng.uniform(40, 215, 3)
        period = 6 + label % 9
        n_trainval = total // len(_LABEL_CLASSES) + (label <= total % len(_LABEL_CLASSES))
        for i in range(1, n_trainval + PETS_PER_BREED_TEST + 1):
            name = f"{breed}_{i}"
            h, w = rng.integers(*side), rng.integers(*side)
            yy, xx = np.mgrid[0:h, 0:w]
            stripes = (((xx + yy * (label % 3)) // period) % 2)[..., None] * 50
            pixels = np.clip(colour + stripes + rng.normal(0, 12, (h, w, 3)), 0, 255).astype(np.uint8)
            Image.fromarray(pixels).save(images / f"{name}.jpg", quality=90)
            trimap = np.full((h, w), 2, np.uint8)
            trimap[h // 4 : 3 * h // 4, w // 4 : 3 * w // 4] = 1
            Image.fromarray(trimap).save(notes / "trimaps" / f"{name}.png")
            split = "trainval" if i <= n_trainval else "test"
            lists[split].append(f"{name} {label} {species} {label}")
            if split == "trainval":  # as in the real archive, only trainval has head boxes
                (notes / "xmls" / f"{name}.xml").write_text(
                    f"<annotation><size><width>{w}</width><height>{h}</height></size>"
                    f"<object><bndbox><xmin>{w // 4}</xmin><ymin>{h // 4}</ymin>"
                    f"<xmax>{3 * w // 4}</xmax><ymax>{3 * h // 4}</ymax></bndbox></object></annotation>"
                )
    for split, lines in lists.items():
        (notes / f"{split}.txt").write_text("\n".join(lines) + "\n")


def prepare_pets(out: Path, rng: np.random.Generator, **sizes) -> None:
    import tensorflow_datasets as tfds

    raw = out / "oxford_iiit_pet_raw"
    write_pet_archives(raw, rng, **sizes)
    # TFDS's own builder, fed local folders where it would download the archives.
    tfds.download.DownloadManager.download_and_extract = lambda self, urls: {
        "images": raw / "images",
        "annotations": raw / "annotations",
    }
    builder = tfds.builder("oxford_iiit_pet:4.0.0", data_dir=str(out / "tfds"))
    builder.download_and_prepare(download_config=tfds.download.DownloadConfig(try_download_gcs=False))


def main(out: Path) -> None:
    import os

    os.environ.setdefault("KERAS_BACKEND", "torch")
    rng = np.random.default_rng(SEED)
    write_mnist(out / "keras/datasets/mnist.npz", rng)
    write_mobilenet_weights(out / "keras/models" / MOBILENET_FILE)
    prepare_pets(out, rng)
    # The lesson's generator is a standalone script (readers download it), run as one.
    runpy.run_path(str(Path(__file__).resolve().parent / "make_vol5.py"))["main"](out / "vol5_diario.parquet")
    print(f"fixtures written under {out}", file=sys.stderr)


def bench_standin(out: Path, trainval: int) -> None:
    """What the bench's runs of entrenar_keras.py read: the weights file and the prepared dataset."""
    import os

    os.environ.setdefault("KERAS_BACKEND", "torch")
    write_mobilenet_weights(out / "keras/models" / MOBILENET_FILE)
    # Its own seed: the stand-in never has to equal the tests' fixture.
    prepare_pets(out, np.random.default_rng(SEED + trainval), trainval=trainval, side=BENCH_PET_SIDE)
    print(f"bench stand-in ({trainval} trainval images) written under {out}", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--pets":
        bench_standin(Path(sys.argv[3]), int(sys.argv[2]))
    elif len(sys.argv) == 2:
        main(Path(sys.argv[1]))
    else:
        sys.exit("usage: python scripts/make_fixtures.py OUT_DIR | --pets N_TRAINVAL OUT_DIR")
