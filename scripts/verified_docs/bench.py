"""Run the pages' own programs on this machine, time them, and write one JSON record.

Usage:
    python scripts/bench.py --quick [--out build/bench/record.json]   (what `make site` runs)
    python scripts/bench.py --full  [--out build/bench/record.json]   (`make bench`: the guide's sizes)

Nothing here re-writes a workload. Each measured program (bench_inputs.PROGRAMS) is the snippet
file a page shows, copied byte for byte under the name the reader saves it as into a scratch folder
under build/bench/runs/, and run there in a fresh process (bench_child: runpy, as `python <name>`
would run it, with an observer that times every `keras.Model.fit`).

- mobilenet: the ROCm guide's `entrenar_keras.py` (snippets/rocm/es/15_entrenar_keras.py) with its
  `cpu` argument, on a stand-in for the prepared `oxford_iiit_pet:4.0.0` that
  scripts/make_fixtures.py --pets writes under build/bench/standin/ (synthetic photos, random
  MobileNetV2 weights: the arithmetic is the real one, the accuracy means nothing). Full mode uses
  the guide's sizes (2944 + 368 images). The program trains 3 epochs; its first is the cold one,
  and it is run several times for enough warm epochs. With a GPU, also without `cpu`.
  Per backend on the CPU (fewer images): with torch the whole program again. The program insists
  on torch (it is the guide's point, and it checks), so for jax and tensorflow the child imports
  keras with that backend first and runs the program's own statements up to and including its
  `fit`, leaving out only the call of its environment check; the record says so. The last torch
  run on the CPU profiles one training step (torch.profiler): the shares of its CPU time spent
  copying tensors and in convolutions, which say where PyTorch's time per image goes.
  run_mean_epoch is the source's own statistic: the time of a run's whole fit call over its 3 epochs.
- har: lesson 5.6.1's `har_keras.py` (snippets/lesson-5-6-1/es/11_har_keras.py) per backend, each
  run in a new process as the lesson runs it, on the har.npz that the lesson's own cells write
  (configure, Sharpe, HAR/OLS, save data) from the panel of scripts/make_vol5.py. Its one fit is
  40 epochs: the first is the cold one; `warm_40` is the 39 warm epochs scaled to 40.
- feeding: the feeding-data page's `rejilla.py` (snippets/feeding-data/es/02_rejilla.py), with the
  module it imports saved beside it as the page says (`datos.py`), whole, per backend, one process
  per run as the page runs it. Its six ways of feeding fit (arrays, pandas, tf.data, DataLoader,
  PyDataset, generator) and its tuned tf.data (`.cache().prefetch(AUTOTUNE)`) are the first fit of
  each input kind the observer sees; `ms_per_step` is a warm epoch's time (its 2nd and 3rd) over its
  batches, data loading included, and each ratio is a way's median over NumPy's on the same backend
  (the tuned tf.data's also over plain tf.data's).
- smoke (GPU only): the guide's test script `probar_rocm.py` (snippets/rocm/es/09_probar_rocm.py)
  whole; the figure is the training step of its Keras check. The script refuses a machine without
  a GPU (that is its job), so a CPU-only machine has no smoke figures. On an NVIDIA machine the
  bench gives it the guide's documented opt-in ROCM_GUIDE_ACCEPT_CUDA=1.
- probe: the bench's own probe, not from any page: the best of several large float32 matrix
  multiplications in torch, an estimate of the FLOP/s the device can reach, so that MobileNetV2's
  achieved FLOP/s can be given as a fraction of it.

Every figure: cold value where it has one, warm median, min and max over the repetitions; ratios
are computed from medians inside this one run. Progress goes to stderr; each run's own output is
kept in build/bench/runs/<run>/program.log. The record carries its provenance (bench_provenance:
machine, versions, date, commit; and the programs and how each ran) and its inputs_hash
(bench_inputs), which the figures compare with today's to mark a record stale. Its keys are
bench_record's schema.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import os
import runpy
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from verified_docs.bench_inputs import (
    FEEDING_INPUTS,
    HAR_DATA_CELLS,
    PROGRAM_MODULES,
    PROGRAMS,
    inputs_hash,
    measured_files,
)
from verified_docs.bench_provenance import commit, machine, versions
from verified_docs.bench_record import FIGURE_KEYS, RATIO_KEYS, read_record
from verified_docs.project import BACKENDS, BUILD, OFFLINE, ROOT

FIXTURE_GENERATOR = ROOT / "scripts/make_fixtures.py"
RUNS = BUILD / "bench" / "runs"
STANDINS = BUILD / "bench" / "standin"
MODES = {
    # trainval images of the stand-ins (3680 is the real split: 2944 + 368 in the guide's slices),
    # runs of entrenar_keras.py (3 epochs each: 1 cold + 2 warm), runs of har_keras.py, probe reps
    "quick": {
        "main_pets": 111,
        "main_runs": 1,
        "backend_pets": 111,
        "backend_runs": 1,
        "har_runs": 3,
        "feeding_runs": 1,
        "reps": 3,
    },
    "full": {
        "main_pets": 3680,
        "main_runs": 3,
        "backend_pets": 185,
        "backend_runs": 3,
        "har_runs": 5,
        "feeding_runs": 5,
        "reps": 5,
    },
}
CHILD_TIMEOUT_S = 3600
# A reader starts from a fresh terminal: thread settings of the shell that runs the bench do not
# leak into the programs (har_keras.py sets its own only where none are set).
FRESH_TERMINAL_DROPS = (
    "OMP_NUM_THREADS",
    "OPENBLAS_NUM_THREADS",
    "MKL_NUM_THREADS",
    "TF_NUM_INTRAOP_THREADS",
    "TF_NUM_INTEROP_THREADS",
    "XLA_FLAGS",
    "KERAS_BACKEND",
)


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


def scratch(name: str) -> Path:
    folder = RUNS / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


def stage(program: str, folder: Path) -> Path:
    """The page's file, byte for byte, under the name the reader saves it as."""
    rel, reader_name = PROGRAMS[program]
    for module, module_name in PROGRAM_MODULES.get(program, []):
        (folder / module_name).write_bytes((ROOT / module).read_bytes())
    target = folder / reader_name
    target.write_bytes((ROOT / rel).read_bytes())
    return target


def child_env(folder: Path, backend: str | None, device: str, fixtures: Path | None = None) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in FRESH_TERMINAL_DROPS}
    env.update(
        {
            "TF_CPP_MIN_LOG_LEVEL": "3",
            "KERAS_HOME": str(folder / "keras"),
            "PYTHONPATH": os.pathsep.join([str(OFFLINE)] + [p for p in [os.environ.get("PYTHONPATH")] if p]),
            "OFFLINE_FIXTURES": str(fixtures or BUILD / "fixtures"),
        }
    )
    if backend:
        env["KERAS_BACKEND"] = backend
    if device == "cpu":
        env["CUDA_VISIBLE_DEVICES"] = env["HIP_VISIBLE_DEVICES"] = "-1"
    return env


def run_child(folder: Path, job: dict, env: dict, what: str) -> dict:
    (folder / "job.json").write_text(json.dumps(job))
    log = folder / "program.log"
    with log.open("w") as out:
        proc = subprocess.run(
            [sys.executable, "-c", "from verified_docs.bench_child import child; child()"],
            cwd=folder,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            timeout=CHILD_TIMEOUT_S,
        )
    if proc.returncode != 0 or not (folder / "result.json").is_file():
        raise SystemExit(f"bench: {what} failed (exit {proc.returncode}); its output, {log}:\n{log.read_text()[-3000:]}")
    return json.loads((folder / "result.json").read_text())


def standin(trainval: int) -> Path:
    """The prepared oxford_iiit_pet:4.0.0 with `trainval` images, generated once per generator version."""
    version = hashlib.sha256(FIXTURE_GENERATOR.read_bytes()).hexdigest()[:12]
    folder = STANDINS / f"pets-{trainval}-{version}"
    if not (folder / "tfds").is_dir():
        for old in STANDINS.glob(f"pets-{trainval}-*"):
            shutil.rmtree(old)
        progress(f"generating the stand-in dataset ({trainval} trainval images) in {folder}")
        tmp = folder.with_suffix(".tmp")
        env = child_env(STANDINS, None, "cpu")
        proc = subprocess.run(
            [sys.executable, str(FIXTURE_GENERATOR), "--pets", str(trainval), str(tmp)], env=env, capture_output=True, text=True
        )
        if proc.returncode != 0:
            raise SystemExit(f"bench: the stand-in generator failed:\n{proc.stderr[-3000:]}")
        tmp.rename(folder)
    return folder


def run_mobilenet(device: str, backend: str, pets: Path, runs: int, tag: str) -> list[dict]:
    """`runs` fresh runs of entrenar_keras.py; each returns its fit's epochs, images and MACs. With
    torch on the CPU the last run also profiles one training step (the second batch of its last
    epoch: one batch in the run, so its epoch's time barely moves)."""
    out = []
    for i in range(runs):
        folder = scratch(f"mobilenet-{tag}-{backend}-{i + 1}")
        program = stage("mobilenet", folder)
        (folder / "datasets").symlink_to(pets / "tfds", target_is_directory=True)
        env = child_env(folder, backend, device, fixtures=pets)
        sync = device == "cuda"
        if sync:
            env.update(gpu_optin())
        kind = "whole" if backend == "torch" else "through_fit"
        job = {
            "kind": kind,
            "program": program.name,
            "argv": ["cpu"] if device == "cpu" else [],
            "sync_cuda": sync,
            "per_batch": False,
            "profile": device == "cpu" and backend == "torch" and i == runs - 1,
        }
        r = run_child(folder, job, env, f"{PROGRAMS['mobilenet'][0]} ({device}, {backend}, run {i + 1})")
        (fit,) = r["fits"]
        out.append(
            {
                "epochs": fit["epochs"],
                "fit_s": fit["fit_s"],
                "images": r["splits"][:2],
                "macs": fit["macs_per_image"],
                "skipped": r.get("skipped"),
                "profile": fit.get("profile"),
            }
        )
    return out


def gpu_optin() -> dict:
    """The guide's opt-in for testing it on an NVIDIA machine; never set on a ROCm build."""
    probe = subprocess.run([sys.executable, "-c", "import torch; print(torch.version.hip or '')"], capture_output=True, text=True)
    return {} if probe.stdout.strip() else {"ROCM_GUIDE_ACCEPT_CUDA": "1"}


def prepare_har_data() -> Path:
    """har.npz written by the lesson's own cells from the panel of scripts/make_vol5.py."""
    folder = scratch("har-data")
    runpy.run_path(str(ROOT / "scripts/make_vol5.py"))["main"](folder / "vol5_diario.parquet")
    cells = []
    for rel in HAR_DATA_CELLS:
        (folder / Path(rel).name).write_bytes((ROOT / rel).read_bytes())
        cells.append(Path(rel).name)
    run_child(folder, {"kind": "cells", "cells": cells}, child_env(folder, None, "cpu"), "the lesson's data cells")
    return folder / "har.npz"


# ------------------------------------------------------------------------------ provenance


def measure_device(device: str, cfg: dict, pets: Path, figures: dict, ratios: dict, ran: dict) -> list[dict]:
    """The probe, the guide's smoke test (GPU) and entrenar_keras.py with torch on one device; returns
    the program's runs."""
    progress(f"probe (the bench's own): large matrix multiplications on {device}")
    folder = scratch(f"probe-{device}")
    p = run_child(
        folder,
        {"kind": "ceiling", "device": device, "reps": cfg["reps"]},
        child_env(folder, "torch", device),
        f"the FLOP/s probe on {device}",
    )
    flops = [2 * p["n"] ** 3 / t for t in p["times"]]
    figures[f"probe.{device}.peak_flops"] = spread(flops, unit="FLOP/s") | {"best": max(flops), "n": p["n"]}

    if device == "cuda":
        progress("the guide's test script (probar_rocm.py) on the GPU")
        folder = scratch("smoke-cuda")
        program = stage("smoke", folder)
        job = {"kind": "whole", "program": program.name, "argv": [], "sync_cuda": True, "per_batch": True}
        s = run_child(folder, job, child_env(folder, None, device) | gpu_optin(), PROGRAMS["smoke"][0])
        steps = [t for fit in s["fits"] for t in fit["batches"]]
        figures["smoke.cuda.conv_step"] = spread(steps[1:], cold=steps[0], unit="s")
        ran["smoke"] = f"{PROGRAMS['smoke'][0]} as {PROGRAMS['smoke'][1]}, whole; its Keras check's training steps"

    progress(f"{PROGRAMS['mobilenet'][1]} on {device}: {cfg['main_runs']} run(s) on {cfg['main_pets']} trainval images")
    runs = run_mobilenet(device, "torch", pets, cfg["main_runs"], f"main-{device}")
    train, val = runs[0]["images"]
    n_img = train + val
    colds = [r["epochs"][0] for r in runs]
    warm = [t for r in runs for t in r["epochs"][1:]]
    figures[f"mobilenet.{device}.epoch"] = spread(warm, cold=statistics.median(colds), unit="s") | {
        "images": [train, val],
        "runs": len(runs),
        "cold_runs": colds,
    }
    # The source's statistic: its script divides the time of the whole fit call by its 3 epochs.
    figures[f"mobilenet.{device}.run_mean_epoch"] = spread([r["fit_s"] / len(r["epochs"]) for r in runs], unit="s") | {
        "epochs_per_run": len(runs[0]["epochs"])
    }
    figures[f"mobilenet.{device}.images_per_s"] = spread([n_img / t for t in warm], unit="img/s")
    macs = runs[0]["macs"]
    achieved = [2 * macs * n_img / t for t in warm]
    figures[f"mobilenet.{device}.flops"] = spread(achieved, unit="FLOP/s") | {"macs_per_image": macs}
    ratios[f"mobilenet.{device}.flops_fraction_of_peak"] = (
        statistics.median(achieved) / figures[f"probe.{device}.peak_flops"]["best"]
    )
    ran["mobilenet"] = f"{PROGRAMS['mobilenet'][0]} as {PROGRAMS['mobilenet'][1]} cpu, whole (and without cpu on a GPU)"
    ran["probe"] = "the bench's own: best of large float32 matrix multiplications in torch"
    return runs


def measure_backends(cfg: dict, pets: Path, main_cpu_runs: list[dict], figures: dict, ratios: dict, ran: dict) -> None:
    """entrenar_keras.py on the CPU per backend (torch reuses the main runs when the sizes agree)."""
    for backend in BACKENDS:
        shared = backend == "torch" and cfg["backend_pets"] == cfg["main_pets"] and cfg["backend_runs"] == cfg["main_runs"]
        progress(
            f"{PROGRAMS['mobilenet'][1]} on cpu with {backend}: {cfg['backend_runs']} run(s) on {cfg['backend_pets']} trainval images"
            + (" (the runs above)" if shared else "")
        )
        runs = main_cpu_runs if shared else run_mobilenet("cpu", backend, pets, cfg["backend_runs"], "backends")
        n_img = sum(runs[0]["images"])
        per_img = [1000 * t / n_img for r in runs for t in r["epochs"][1:]]
        cold = statistics.median(1000 * r["epochs"][0] / n_img for r in runs)
        figures[f"mobilenet.cpu.{backend}.ms_per_image"] = spread(per_img, cold=cold, unit="ms/img") | {
            "images": runs[0]["images"],
            "runs": len(runs),
        }
        if backend == "torch":
            profile = runs[-1]["profile"]
            if profile is None:
                raise SystemExit("bench: the profiled torch run recorded no profile (did its fit have 2 batches?)")
            ratios["mobilenet.cpu.torch.contiguous_copy_share"] = profile["contiguous_copy"]
            ratios["mobilenet.cpu.torch.convolution_share"] = profile["convolution"]
            ran["mobilenet.profile"] = (
                f"torch.profiler around the second training batch of the last epoch of the last "
                f"torch run above ({runs[0]['images'][0]} + {runs[0]['images'][1]} images); "
                f"top operators by self CPU time: {', '.join(profile['top'])}"
            )
        if runs[0]["skipped"]:
            ran[f"mobilenet.{backend}"] = (
                f"{PROGRAMS['mobilenet'][0]} cpu under KERAS_BACKEND={backend}: its statements "
                f"through its fit, without `{runs[0]['skipped']}` (it accepts only torch)"
            )


def measure_har(cfg: dict, figures: dict, ran: dict) -> None:
    """har_keras.py per backend, one process per run, on the data of the lesson's own cells."""
    npz = prepare_har_data()
    for backend in BACKENDS:
        progress(f"{PROGRAMS['har'][1]} with {backend}: {cfg['har_runs']} runs")
        warm_40, colds = [], []
        for i in range(cfg["har_runs"]):
            folder = scratch(f"har-{backend}-{i + 1}")
            program = stage("har", folder)
            shutil.copy(npz, folder / npz.name)
            job = {"kind": "whole", "program": program.name, "argv": [], "sync_cuda": False, "per_batch": False}
            r = run_child(folder, job, child_env(folder, backend, "cpu"), f"{PROGRAMS['har'][0]} ({backend}, run {i + 1})")
            (fit,) = r["fits"]
            cold, *warm = fit["epochs"]
            colds.append(cold)
            warm_40.append(sum(warm) * 40 / len(warm))
        figures[f"har.{backend}.warm_40"] = spread(warm_40, cold=statistics.median(colds), unit="s") | {"cold_runs": colds}
    ran["har"] = (
        f"{PROGRAMS['har'][0]} as {PROGRAMS['har'][1]}, whole, beside "
        + ", ".join(f"{m} as {n}" for m, n in PROGRAM_MODULES["har"])
        + ", one process per run, on the har.npz of the "
        f"lesson's cells {', '.join(Path(c).name for c in HAR_DATA_CELLS)}; warm_40 = its 39 warm epochs x 40/39"
    )


def measure_feeding(cfg: dict, figures: dict, ran: dict) -> None:
    """rejilla.py (with datos.py) per backend; per input kind, its first fit's warm ms per batch."""
    for backend in BACKENDS:
        progress(f"{PROGRAMS['feeding'][1]} with {backend}: {cfg['feeding_runs']} runs")
        per_step: dict = {kind: [] for kind in FEEDING_INPUTS}
        colds: dict = {kind: [] for kind in FEEDING_INPUTS}
        for i in range(cfg["feeding_runs"]):
            folder = scratch(f"feeding-{backend}-{i + 1}")
            program = stage("feeding", folder)
            job = {"kind": "whole", "program": program.name, "argv": [], "sync_cuda": False, "per_batch": False}
            r = run_child(folder, job, child_env(folder, backend, "cpu"), f"{PROGRAMS['feeding'][0]} ({backend}, run {i + 1})")
            for kind in FEEDING_INPUTS:  # the grid's own fit of each kind is the first of that kind
                fit = next((f for f in r["fits"] if f["input"] == kind), None)
                if fit is None:
                    raise SystemExit(
                        f"bench: {PROGRAMS['feeding'][0]} made no fit that returned with a {kind} input ({folder / 'program.log'})"
                    )
                steps = fit["steps"] / len(fit["epochs"])
                cold, *warm = fit["epochs"]
                colds[kind].append(1000 * cold / steps)
                per_step[kind].append(1000 * statistics.median(warm) / steps)
        for kind in FEEDING_INPUTS:
            figures[f"feeding.{backend}.{kind}.ms_per_step"] = spread(
                per_step[kind], cold=statistics.median(colds[kind]), unit="ms"
            )
    ran["feeding"] = (
        f"{PROGRAMS['feeding'][0]} as {PROGRAMS['feeding'][1]} beside "
        + ", ".join(f"{m} as {n}" for m, n in PROGRAM_MODULES["feeding"])
        + ", whole, one process per run; per input kind its first fit: warm epochs' median over their batches"
    )


def derive_ratios(figures: dict, ratios: dict) -> None:
    """Ratios of medians measured in this one run."""
    med = lambda k: figures[k]["median"]  # noqa: E731
    ratios["har.jax_over_torch"] = med("har.jax.warm_40") / med("har.torch.warm_40")
    ratios["har.tensorflow_over_torch"] = med("har.tensorflow.warm_40") / med("har.torch.warm_40")
    ratios["mobilenet.cpu.jax_over_torch"] = med("mobilenet.cpu.jax.ms_per_image") / med("mobilenet.cpu.torch.ms_per_image")
    ratios["mobilenet.cpu.tensorflow_over_torch"] = med("mobilenet.cpu.tensorflow.ms_per_image") / med(
        "mobilenet.cpu.torch.ms_per_image"
    )
    ratios["mobilenet.cpu.tensorflow_over_torch_without_copies"] = med("mobilenet.cpu.tensorflow.ms_per_image") / (
        med("mobilenet.cpu.torch.ms_per_image") * (1 - ratios["mobilenet.cpu.torch.contiguous_copy_share"])
    )
    for backend in BACKENDS:
        for kind in FEEDING_INPUTS:
            if kind != "numpy":
                ratios[f"feeding.{backend}.{kind}_over_numpy"] = med(f"feeding.{backend}.{kind}.ms_per_step") / med(
                    f"feeding.{backend}.numpy.ms_per_step"
                )
        # what .cache().prefetch() changes on the same tf.data pipeline
        ratios[f"feeding.{backend}.tf_data_cache_over_tf_data"] = med(f"feeding.{backend}.tf_data_cache.ms_per_step") / med(
            f"feeding.{backend}.tf_data.ms_per_step"
        )
    if "mobilenet.cuda.epoch" in figures:
        ratios["mobilenet.cpu_over_gpu"] = med("mobilenet.cpu.epoch") / med("mobilenet.cuda.epoch")


def measure(mode: str) -> dict:
    cfg = MODES[mode]
    figures: dict = {}
    ratios: dict = {}
    ran: dict = {}
    info = machine()
    devices = ["cpu"] + (["cuda"] if info["gpu"] != "none" else [])
    main_pets, backend_pets = standin(cfg["main_pets"]), standin(cfg["backend_pets"])
    main_runs = {device: measure_device(device, cfg, main_pets, figures, ratios, ran) for device in devices}
    measure_backends(cfg, backend_pets, main_runs["cpu"], figures, ratios, ran)
    measure_har(cfg, figures, ran)
    measure_feeding(cfg, figures, ran)
    derive_ratios(figures, ratios)
    return {"figures": figures, "ratios": ratios, "machine": info, "programs": ran}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--quick", action="store_const", const="quick", dest="mode")
    group.add_argument("--full", action="store_const", const="full", dest="mode")
    parser.add_argument("--out", type=Path, default=ROOT / "build/bench/record.json")
    parser.add_argument(
        "--if-stale",
        action="store_true",
        help="do nothing when --out exists and was measured with the current inputs",
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
        "schema": 2,
        "mode": args.mode,
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": commit(),
        "inputs_hash": inputs_hash(),
        "inputs": measured_files(),
        "versions": versions(),
        "wall_s": round(time.perf_counter() - started, 1),
        **result,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(record, indent=1) + "\n")
    progress(f"record written to {args.out} in {record['wall_s']} s")


if __name__ == "__main__":
    main()
