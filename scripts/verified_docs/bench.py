"""Measure the tutorials' own workloads on this machine and write one JSON record.

Usage:
    python -m verified_docs.bench --quick [--out build/bench/record.json]   (what `make site` runs)
    python -m verified_docs.bench --full  [--out build/bench/record.json]   (`make bench`: the seed's sizes)

Workloads, each in a process of its own so that every backend starts clean:
- mobilenet: MobileNetV2 with a frozen base, 160 x 160, batch 32, Adam, the guide's head, on
  synthetic images (timing does not depend on what the pixels show; the weights are random
  because ImageNet's cannot be downloaded here, which changes nothing in the arithmetic). The
  first epoch (cold) is reported apart from the warm ones. Per device: CPU always, GPU when torch
  sees one; on the CPU also per backend (torch, jax, tensorflow) on fewer images, in ms/image.
- har: the lesson's Dense(1) HAR, 40 epochs, per backend: cold first epoch, warm 40 epochs.
- smoke: the guide's smoke test per device (1024 x 1024 matmul, a small Conv2D training step) and
  a large matmul whose best time estimates the device's achievable FLOP/s, so MobileNetV2's
  achieved FLOP/s can be given as a fraction of that ceiling.

Every figure: cold value where it has one, warm median, min and max over the repetitions; ratios
are computed from medians inside this one run. Progress goes to stderr. The record carries its
provenance (machine, versions, date, commit) and `inputs_hash`, a hash of this script and the
snippets whose workloads it measures; scripts/hooks/bench_figures.py marks figures stale when
that hash no longer matches.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

from verified_docs.project import BACKENDS, ROOT

# What the figures measure: if any of these change, a record made before is stale.
MEASURED = [
    "scripts/verified_docs/bench.py",
    "snippets/rocm/es/15_entrenar_keras.py",
    "snippets/rocm/es/09_probar_rocm.py",
    "snippets/lesson-5-6-1/es/11_har_keras.py",
    "scripts/make_vol5.py",
]
DEVICES = ("cpu", "cuda")
# The keys a record can hold: pages may only ask for these (the build fails on anything else).
FIGURE_KEYS = (
    {f"smoke.{d}.{k}" for d in DEVICES for k in ("matmul_1024", "conv_step", "peak_flops")}
    | {f"mobilenet.{d}.{k}" for d in DEVICES for k in ("epoch", "images_per_s", "flops")}
    | {f"mobilenet.cpu.{b}.ms_per_image" for b in BACKENDS}
    | {f"har.{b}.warm_40" for b in BACKENDS}
)
RATIO_KEYS = {f"mobilenet.{d}.flops_fraction_of_peak" for d in DEVICES} | {
    "har.jax_over_torch",
    "har.tensorflow_over_torch",
    "mobilenet.cpu.jax_over_torch",
    "mobilenet.cpu.tensorflow_over_torch",
    "mobilenet.cpu_over_gpu",
}
# Figures and ratios that only a machine with a GPU can have.
GPU_KEYS = (
    {f"smoke.cuda.{k}" for k in ("matmul_1024", "conv_step", "peak_flops")}
    | {f"mobilenet.cuda.{k}" for k in ("epoch", "images_per_s", "flops", "flops_fraction_of_peak")}
    | {"mobilenet.cpu_over_gpu"}
)
MODES = {
    # images (train, val), warm epochs; images per backend comparison; HAR / smoke repetitions
    "quick": {"train": 96, "val": 32, "warm": 3, "backend_images": 64, "reps": 3},
    "full": {"train": 2944, "val": 368, "warm": 5, "backend_images": 320, "reps": 5},
}


def inputs_hash(root: Path = ROOT) -> str:
    digest = hashlib.sha256()
    for rel in MEASURED:
        digest.update(rel.encode() + b"\0" + (root / rel).read_bytes())
    return digest.hexdigest()[:16]


def read_record(path: Path) -> dict | None:
    """The one reader of bench records (the MkDocs hook and --if-stale use it): the record, with
    `stale` set when it was measured with other inputs than today's; None when there is none."""
    if not path.is_file():
        return None
    record = json.loads(path.read_text())
    record["stale"] = record.get("inputs_hash") != inputs_hash()
    return record


def progress(msg: str) -> None:
    print(f"[bench {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def spread(values: list[float], cold: float | None = None, unit: str = "s") -> dict:
    out = {
        "unit": unit,
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
        "reps": len(values),
    }
    if cold is not None:
        out["cold"] = cold
    return out


# ---------------------------------------------------------------- workers (run in a child process)


def _sync(device: str) -> None:
    if device == "cuda":
        import torch

        torch.cuda.synchronize()


def _epoch_timer(device: str):
    import keras

    class EpochTimer(keras.callbacks.Callback):
        def __init__(self):
            super().__init__()
            self.times: list[float] = []

        def on_epoch_begin(self, epoch, logs=None):
            _sync(device)
            self._t = time.perf_counter()

        def on_epoch_end(self, epoch, logs=None):
            _sync(device)
            self.times.append(time.perf_counter() - self._t)

    return EpochTimer()


def _mobilenet_macs(model) -> int:
    """Multiply-accumulates of one forward pass, counted from the layers' shapes."""
    import keras

    macs = 0
    for layer in model._flatten_layers():
        if isinstance(layer, keras.layers.DepthwiseConv2D):
            _, h, w, c = layer.output.shape
            kh, kw = layer.kernel_size
            macs += h * w * c * kh * kw
        elif isinstance(layer, keras.layers.Conv2D):
            _, h, w, cout = layer.output.shape
            kh, kw = layer.kernel_size
            macs += h * w * cout * kh * kw * layer.input.shape[-1]
        elif isinstance(layer, keras.layers.Dense):
            macs += layer.input.shape[-1] * layer.units
    return macs


def work_mobilenet(device: str, n_train: int, n_val: int, warm: int) -> dict:
    import keras
    import numpy as np

    keras.utils.set_random_seed(42)
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, (n_train + n_val, 160, 160, 3)).astype("float32")
    y = rng.integers(0, 37, n_train + n_val)
    base = keras.applications.MobileNetV2(input_shape=(160, 160, 3), include_top=False, weights=None)
    base.trainable = False
    model = keras.Sequential(
        [base, keras.layers.GlobalAveragePooling2D(), keras.layers.Dropout(0.2), keras.layers.Dense(37)]
    )
    model.compile(
        optimizer="adam",
        loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=["accuracy"],
    )
    timer = _epoch_timer(device)
    model.fit(
        x[:n_train], y[:n_train], validation_data=(x[n_train:], y[n_train:]),
        batch_size=32, epochs=1 + warm, verbose=0, callbacks=[timer],
    )
    return {"epochs": timer.times, "macs_per_image": _mobilenet_macs(model)}


def work_har(reps: int) -> dict:
    import keras
    import numpy as np

    import runpy

    panel = runpy.run_path(str(ROOT / "scripts" / "make_vol5.py"))["build"]()
    lrv = np.log(panel[panel["activo"] == "indice"].set_index("fecha")["rv_5min"])
    import pandas as pd

    har = pd.DataFrame({"d1": lrv, "s5": lrv.rolling(5).mean(), "m22": lrv.rolling(22).mean()}).shift(1)
    har["y"] = lrv
    har = har[har.index < "2018-01-01"].dropna()
    x = har[["d1", "s5", "m22"]].to_numpy("float32")
    x = (x - x.mean(0)) / x.std(0)
    y = ((har["y"] - har["y"].mean()) / har["y"].std()).to_numpy("float32")
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile(keras.optimizers.Adam(0.01), "mse")
    timer = _epoch_timer("cpu")
    model.fit(x, y, epochs=1, batch_size=128, verbose=0, callbacks=[timer])  # cold: includes compiling
    cold = timer.times[0]
    warm = []
    for _ in range(reps):
        t = time.perf_counter()
        model.fit(x, y, epochs=40, batch_size=128, verbose=0)
        warm.append(time.perf_counter() - t)
    return {"cold_epoch": cold, "warm_40": warm}


def work_smoke(device: str, reps: int) -> dict:
    import keras
    import numpy as np
    import torch

    dev = "cuda" if device == "cuda" else "cpu"

    def timed(fn, n):
        out = []
        for _ in range(n):
            _sync(device)
            t = time.perf_counter()
            fn()
            _sync(device)
            out.append(time.perf_counter() - t)
        return out

    a, b = torch.randn(1024, 1024, device=dev), torch.randn(1024, 1024, device=dev)
    (a @ b).sum().item()  # warm-up
    mm = timed(lambda: a @ b, reps)
    big = 8192 if dev == "cuda" else 2048
    A, B = torch.randn(big, big, device=dev), torch.randn(big, big, device=dev)
    (A @ B).sum().item()
    large = timed(lambda: A @ B, reps)

    keras.utils.set_random_seed(42)
    net = keras.Sequential(
        [
            keras.Input(shape=(32, 32, 3)),
            keras.layers.Conv2D(8, 3, activation="relu"),
            keras.layers.GlobalAveragePooling2D(),
            keras.layers.Dense(2, activation="softmax"),
        ]
    )
    net.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
    xs = np.random.rand(8, 32, 32, 3).astype("float32")
    ys = np.random.randint(0, 2, size=8)
    net.train_on_batch(xs, ys)  # cold step
    conv = timed(lambda: net.train_on_batch(xs, ys), reps * 4)
    return {"matmul_1024": mm, "matmul_large": large, "large_n": big, "conv_step": conv}


WORKERS = {"mobilenet": work_mobilenet, "har": work_har, "smoke": work_smoke}


def run_worker(name: str, backend: str, env_extra: dict | None = None, **kwargs) -> dict:
    """Run one workload in a child process with its own KERAS_BACKEND; return its JSON."""
    env = {**os.environ, "KERAS_BACKEND": backend, "TF_CPP_MIN_LOG_LEVEL": "3", **(env_extra or {})}
    code = (
        "import json; from verified_docs import bench; "
        "print('BENCH-RESULT ' + json.dumps(bench.WORKERS[%r](**json.loads(%r))))"
    ) % (name, json.dumps(kwargs))
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("BENCH-RESULT ")]
    if proc.returncode != 0 or not lines:
        raise SystemExit(f"bench worker {name} ({backend}) failed:\n{proc.stderr[-3000:]}")
    return json.loads(lines[-1].removeprefix("BENCH-RESULT "))


# ---------------------------------------------------------------------------- provenance


def machine() -> dict:
    cpu = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    gpu = "none"
    probe = subprocess.run(
        [sys.executable, "-c", "import torch; print(torch.cuda.get_device_name(0) if torch.cuda.is_available() else '')"],
        capture_output=True, text=True,
    )
    if probe.stdout.strip():
        gpu = probe.stdout.strip()
    return {"cpu": cpu, "cores": os.cpu_count(), "gpu": gpu, "os": platform.platform()}


def versions() -> dict:
    from importlib.metadata import version

    out = {"python": platform.python_version()}
    for pkg in ("keras", "torch", "jax", "tensorflow", "numpy"):
        out[pkg] = version(pkg)
    return out


def commit() -> str:
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--", *MEASURED], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    return (head or "unknown") + ("+changes" if dirty else "")


# ---------------------------------------------------------------------------- the run


def measure(mode: str) -> dict:
    cfg = MODES[mode]
    figures: dict = {}
    ratios: dict = {}
    info = machine()
    devices = ["cpu"] + (["cuda"] if info["gpu"] != "none" else [])

    for device in devices:
        progress(f"smoke test on {device}")
        env = {} if device == "cuda" else {"CUDA_VISIBLE_DEVICES": "-1", "HIP_VISIBLE_DEVICES": "-1"}
        s = run_worker("smoke", "torch", env, device=device, reps=cfg["reps"])
        figures[f"smoke.{device}.matmul_1024"] = spread(s["matmul_1024"], unit="s")
        figures[f"smoke.{device}.conv_step"] = spread(s["conv_step"], unit="s")
        flops = [2 * s["large_n"] ** 3 / t for t in s["matmul_large"]]
        figures[f"smoke.{device}.peak_flops"] = spread(flops, unit="FLOP/s") | {"best": max(flops), "n": s["large_n"]}

        n_img = cfg["train"] + cfg["val"]
        progress(f"MobileNetV2 on {device} (torch): {cfg['train']} + {cfg['val']} images, 1 + {cfg['warm']} epochs")
        m = run_worker("mobilenet", "torch", env, device=device, n_train=cfg["train"], n_val=cfg["val"], warm=cfg["warm"])
        cold, warm = m["epochs"][0], m["epochs"][1:]
        figures[f"mobilenet.{device}.epoch"] = spread(warm, cold=cold, unit="s") | {"images": [cfg["train"], cfg["val"]]}
        figures[f"mobilenet.{device}.images_per_s"] = spread([n_img / t for t in warm], unit="img/s")
        achieved = [2 * m["macs_per_image"] * n_img / t for t in warm]
        figures[f"mobilenet.{device}.flops"] = spread(achieved, unit="FLOP/s") | {"macs_per_image": m["macs_per_image"]}
        ratios[f"mobilenet.{device}.flops_fraction_of_peak"] = statistics.median(achieved) / figures[f"smoke.{device}.peak_flops"]["best"]

    for backend in BACKENDS:
        n = cfg["backend_images"]
        progress(f"MobileNetV2 on cpu with {backend}: {n} images, 1 + {cfg['warm']} epochs")
        m = run_worker(
            "mobilenet", backend, {"CUDA_VISIBLE_DEVICES": "-1", "HIP_VISIBLE_DEVICES": "-1"},
            device="cpu", n_train=n, n_val=32, warm=cfg["warm"],
        )
        per_img = [1000 * t / (n + 32) for t in m["epochs"][1:]]
        figures[f"mobilenet.cpu.{backend}.ms_per_image"] = spread(per_img, cold=1000 * m["epochs"][0] / (n + 32), unit="ms/img")

        progress(f"HAR Dense(1) with {backend}: cold epoch + {cfg['reps']} x 40 epochs")
        h = run_worker("har", backend, {"CUDA_VISIBLE_DEVICES": "-1", "HIP_VISIBLE_DEVICES": "-1"}, reps=cfg["reps"])
        figures[f"har.{backend}.warm_40"] = spread(h["warm_40"], cold=h["cold_epoch"], unit="s")

    med = lambda k: figures[k]["median"]  # noqa: E731
    ratios["har.jax_over_torch"] = med("har.jax.warm_40") / med("har.torch.warm_40")
    ratios["har.tensorflow_over_torch"] = med("har.tensorflow.warm_40") / med("har.torch.warm_40")
    ratios["mobilenet.cpu.jax_over_torch"] = med("mobilenet.cpu.jax.ms_per_image") / med("mobilenet.cpu.torch.ms_per_image")
    ratios["mobilenet.cpu.tensorflow_over_torch"] = med("mobilenet.cpu.tensorflow.ms_per_image") / med("mobilenet.cpu.torch.ms_per_image")
    if "cuda" in devices:
        ratios["mobilenet.cpu_over_gpu"] = med("mobilenet.cpu.epoch") / med("mobilenet.cuda.epoch")
    return {"figures": figures, "ratios": ratios, "machine": info}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--quick", action="store_const", const="quick", dest="mode")
    group.add_argument("--full", action="store_const", const="full", dest="mode")
    parser.add_argument("--out", type=Path, default=ROOT / "build/bench/record.json")
    parser.add_argument(
        "--if-stale", action="store_true",
        help="do nothing when --out exists and was measured with the current snippets",
    )
    args = parser.parse_args(argv)
    if args.if_stale:
        existing = read_record(args.out)
        if existing is not None and not existing["stale"]:
            progress(f"{args.out} is up to date; not measuring again")
            return

    started = time.perf_counter()
    progress(f"{args.mode} bench starting")
    result = measure(args.mode)
    unknown = (set(result["figures"]) - FIGURE_KEYS) | (set(result["ratios"]) - RATIO_KEYS)
    assert not unknown, f"bench produced keys outside its schema: {sorted(unknown)}"
    record = {
        "schema": 1,
        "mode": args.mode,
        "date": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": commit(),
        "inputs_hash": inputs_hash(),
        "versions": versions(),
        "wall_s": round(time.perf_counter() - started, 1),
        **result,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(record, indent=1) + "\n")
    progress(f"record written to {args.out} in {record['wall_s']} s")


if __name__ == "__main__":
    main()
