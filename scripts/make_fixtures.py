"""Generate the offline fixtures the page tests serve instead of downloads.

Usage: python scripts/make_fixtures.py OUT_DIR   (make fixtures → build/fixtures)

- keras/datasets/mnist.npz: the on-disk format of Keras's MNIST cache (x_train uint8
  (N, 28, 28), y_train uint8 (N,), x_test, y_test), filled with synthetic digits drawn as
  seven-segment strokes with random slant, scale, shift, stroke width and noise. It is a
  stand-in so the page's real `keras.datasets.mnist.load_data()` call runs offline; accuracy on
  it says nothing about MNIST, and the pages say so where they show it.

Deterministic: the same seed gives byte-identical files.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

SEED = 20231128
N_TRAIN, N_TEST = 12_000, 2_000

# Seven segments as line segments in a unit box (x right, y down): a top, b top-right,
# c bottom-right, d bottom, e bottom-left, f top-left, g middle.
SEGMENTS = {
    "a": ((0, 0), (1, 0)), "b": ((1, 0), (1, 0.5)), "c": ((1, 0.5), (1, 1)),
    "d": ((0, 1), (1, 1)), "e": ((0, 0.5), (0, 1)), "f": ((0, 0), (0, 0.5)),
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


def main(out: Path) -> None:
    rng = np.random.default_rng(SEED)
    write_mnist(out / "keras/datasets/mnist.npz", rng)
    print(f"fixtures written under {out}", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python scripts/make_fixtures.py OUT_DIR")
    main(Path(sys.argv[1]))
