"""Run the pages' own programs on this machine, time them, and write one JSON record.

Usage:
    python -m verified_docs.bench --quick [--out build/bench/record.json]   (what `make site` runs)
    python -m verified_docs.bench --full  [--out build/bench/record.json]   (`make bench`: the guide's sizes)

Nothing here re-writes a workload. Each measured program is the snippet file a page shows,
copied byte for byte under the name the reader saves it as into a scratch folder under
build/bench/runs/, and run there in a fresh process (runpy, as `python <name>` would run it). Before
the program starts, the child installs an observer that adds one timing callback to every
`keras.Model.fit` call (synchronising the GPU around it where there is one) and notes which TFDS
splits the program loads, so that images can be counted. The observer is hooked to the import of
keras, so a program that sets its environment before importing keras (threads, backend) still does.

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
  PyDataset, generator) are the first fit of each input kind the observer sees; `ms_per_step` is a
  warm epoch's time (its 2nd and 3rd) over its batches, data loading included, and each ratio is a
  way's median over NumPy's on the same backend.
- smoke (GPU only): the guide's test script `probar_rocm.py` (snippets/rocm/es/09_probar_rocm.py)
  whole; the figure is the training step of its Keras check. The script refuses a machine without
  a GPU (that is its job), so a CPU-only machine has no smoke figures. On an NVIDIA machine the
  bench gives it the guide's documented opt-in ROCM_GUIDE_ACCEPT_CUDA=1.
- probe: the bench's own probe, not from any page: the best of several large float32 matrix
  multiplications in torch, an estimate of the FLOP/s the device can reach, so that MobileNetV2's
  achieved FLOP/s can be given as a fraction of it.

Every figure: cold value where it has one, warm median, min and max over the repetitions; ratios
are computed from medians inside this one run. Progress goes to stderr; each run's own output is
kept in build/bench/runs/<run>/program.log. The record carries its provenance (machine, versions,
date, commit, the programs and how each ran) and `inputs_hash` (inputs_hash()), which figures
compares with today's to mark a record stale. It covers what the timings depend on and nothing else:
- the measured programs and the lesson's data cells, in every language (measured_files()), and the
  bench's own tools (this file, the offline start-up code, the fixture and panel generators), each
  as its Python syntax tree without comments, docstrings or the text of print() calls: editing a
  comment or a printed label changes no timing, editing a literal, a call or an operator does;
- the pins of the packages that do the arithmetic (MEASURED_PACKAGES in constraints.txt).
Other cells of the same pages and the prose are not inputs. The machine is provenance, not an
input: a record from another machine is shown as that machine's, never as stale.
"""

from __future__ import annotations

import argparse
import ast
import datetime as dt
import hashlib
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from verified_docs.project import BACKENDS, BUILD, ROOT

# The measured programs: the snippet that runs (the Spanish one, the site's first language) and
# the file name the page tells the reader to save it as.
PROGRAMS = {
    "mobilenet": ("snippets/rocm/es/15_entrenar_keras.py", "entrenar_keras.py"),
    "har": ("snippets/lesson-5-6-1/es/11_har_keras.py", "har_keras.py"),
    "feeding": ("snippets/feeding-data/es/02_rejilla.py", "rejilla.py"),
    "smoke": ("snippets/rocm/es/09_probar_rocm.py", "probar_rocm.py"),
}
# Modules a program imports, saved beside it under the name the page gives them.
PROGRAM_MODULES = {"feeding": [("snippets/feeding-data/es/01_datos.py", "datos.py")]}
# The input kinds of the feeding grid, each known by a class in the MRO of what fit receives.
FEEDING_INPUTS = {
    "numpy": "numpy.ndarray",
    "pandas": "pandas.DataFrame",
    "tf_data": "tensorflow.DatasetV2",
    "dataloader": "torch.DataLoader",
    "pydataset": "keras.PyDataset",
    "generator": "builtins.generator",
}
# The lesson's cells that write har.npz, in page order (one namespace, like the notebook).
HAR_DATA_CELLS = [
    "snippets/lesson-5-6-1/es/03_configurar.py",
    "snippets/lesson-5-6-1/es/05_sharpe.py",
    "snippets/lesson-5-6-1/es/06_har_ols.py",
    "snippets/lesson-5-6-1/es/10_guardar_datos.py",
]
# Not snippets, but the figures depend on them: this file, the start-up code of every child (network
# guard, fixture substitution, the import hook the observer uses), the stand-in and panel generators.
TOOLS = [
    "scripts/verified_docs/bench.py",
    "scripts/verified_docs/offline/sitecustomize.py",
    "scripts/make_fixtures.py",
    "scripts/make_vol5.py",
]
# The packages that do the arithmetic: their pins are inputs, and the record carries their versions.
MEASURED_PACKAGES = ("keras", "torch", "jax", "jaxlib", "tensorflow", "tensorflow-datasets", "numpy", "pandas")
PINS = "constraints.txt"
FIXTURE_GENERATOR = ROOT / "scripts/make_fixtures.py"
OFFLINE = Path(__file__).resolve().parent / "offline"  # network guard + fixture substitution
RUNS = BUILD / "bench" / "runs"
STANDINS = BUILD / "bench" / "standin"

DEVICES = ("cpu", "cuda")
# The keys a record can hold: pages may only ask for these (the build fails on anything else).
FIGURE_KEYS = (
    {f"probe.{d}.peak_flops" for d in DEVICES}
    | {"smoke.cuda.conv_step"}
    | {f"mobilenet.{d}.{k}" for d in DEVICES for k in ("epoch", "run_mean_epoch", "images_per_s", "flops")}
    | {f"mobilenet.cpu.{b}.ms_per_image" for b in BACKENDS}
    | {f"har.{b}.warm_40" for b in BACKENDS}
    | {f"feeding.{b}.{k}.ms_per_step" for b in BACKENDS for k in FEEDING_INPUTS}
)
RATIO_KEYS = (
    {f"mobilenet.{d}.flops_fraction_of_peak" for d in DEVICES}
    | {
        "har.jax_over_torch",
        "har.tensorflow_over_torch",
        "mobilenet.cpu.jax_over_torch",
        "mobilenet.cpu.tensorflow_over_torch",
        "mobilenet.cpu_over_gpu",
        # shares of one profiled torch training step's CPU time
        "mobilenet.cpu.torch.contiguous_copy_share",
        "mobilenet.cpu.torch.convolution_share",
        # TensorFlow's ms per image over what PyTorch's would be without its copies
        "mobilenet.cpu.tensorflow_over_torch_without_copies",
    }
    | {f"feeding.{b}.{k}_over_numpy" for b in BACKENDS for k in FEEDING_INPUTS if k != "numpy"}
)
# Figures and ratios that only a machine with a GPU can have.
GPU_KEYS = {"probe.cuda.peak_flops", "smoke.cuda.conv_step", "mobilenet.cpu_over_gpu"} | {
    f"mobilenet.cuda.{k}" for k in ("epoch", "run_mean_epoch", "images_per_s", "flops", "flops_fraction_of_peak")
}
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


def twins(rel: str, root: Path = ROOT) -> list[str]:
    """A snippet in every language: snippets/<page>/<lang>/NN_name.ext -> every <lang>/NN_*.ext."""
    path = root / rel
    number = path.name.split("_", 1)[0]
    found = sorted(p.relative_to(root).as_posix() for p in path.parents[1].glob(f"*/{number}_*{path.suffix}"))
    if rel not in found or len(found) < 2:
        raise FileNotFoundError(f"{rel}: expected it and its translation under {path.parents[1]}, found {found}")
    return found


def measured_files(root: Path = ROOT) -> list[str]:
    """Every file the figures depend on: the programs and the lesson's data cells in all languages,
    and the tools."""
    modules = [rel for pairs in PROGRAM_MODULES.values() for rel, _ in pairs]
    snippets = [rel for rel, _ in PROGRAMS.values()] + modules + HAR_DATA_CELLS
    return sorted({twin for rel in snippets for twin in twins(rel, root)} | set(TOOLS))


class _Unprinted(ast.NodeTransformer):
    """Blanks what only shows up as text: docstrings, and the strings inside print() calls."""

    def generic_visit(self, node):
        body = getattr(node, "body", None)
        if (
            isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            body[0] = ast.Pass()
        return super().generic_visit(node)

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "print":
            for part in node.args + [k.value for k in node.keywords]:
                for inner in ast.walk(part):
                    if isinstance(inner, ast.JoinedStr):  # an f-string keeps only what it formats
                        inner.values = [v for v in inner.values if not isinstance(v, ast.Constant)]
                    elif isinstance(inner, ast.Constant) and isinstance(inner.value, str):
                        inner.value = ""
        return node


def measured_form(path: Path) -> bytes:
    """What a file contributes to inputs_hash(): a Python file's syntax tree without comments,
    docstrings and printed text; any other file, its bytes."""
    if path.suffix != ".py":
        return path.read_bytes()
    tree = _Unprinted().visit(ast.parse(path.read_bytes(), filename=str(path)))
    return ast.dump(tree).encode()


def pinned_versions(root: Path = ROOT) -> list[str]:
    """The lines of constraints.txt that pin MEASURED_PACKAGES; a missing pin is an error."""
    lines = (root / PINS).read_text().splitlines()
    pins = [line for line in lines if line.split("==")[0].strip().lower() in MEASURED_PACKAGES]
    missing = set(MEASURED_PACKAGES) - {line.split("==")[0].strip().lower() for line in pins}
    if missing:
        raise ValueError(f"{PINS} pins none of {sorted(missing)}: the bench's inputs_hash needs every measured package pinned")
    return pins


def inputs_hash(root: Path = ROOT) -> str:
    """The hash a record is measured with; see the module's docstring for what it covers."""
    digest = hashlib.sha256()
    for rel in measured_files(root):
        digest.update(rel.encode() + b"\0" + measured_form(root / rel) + b"\0")
    digest.update("\n".join(pinned_versions(root)).encode())
    return digest.hexdigest()[:16]


def read_record(path: Path) -> dict | None:
    """The one reader of bench records (figures and --if-stale use it): the record, with `stale`
    set when it was measured with other inputs than today's; None when there is none."""
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


# ------------------------------------------------------------------- the child: runs one program


def _after_import(patches: dict) -> None:
    """Register patches with the children's one import hook, in the offline start-up code."""
    try:
        from sitecustomize import after_import
    except ImportError as missing:
        raise SystemExit(f"bench child: the offline start-up code ({OFFLINE}) is not on PYTHONPATH") from missing
    for name, patch in patches.items():
        after_import(name, patch)


def input_kind(data) -> str | None:
    """Which of FEEDING_INPUTS fit received, by the classes of its MRO (package and class name)."""
    classes = {f"{c.__module__.split('.')[0]}.{c.__name__}" for c in type(data).__mro__}
    return next((kind for kind, cls in FEEDING_INPUTS.items() if cls in classes), None)


def _observe(job: dict, seen: dict) -> None:
    """Time every fit the program makes (per epoch, and per batch when asked); note TFDS loads."""

    def sync():
        if job["sync_cuda"]:
            import torch

            torch.cuda.synchronize()

    def patch_keras(keras):
        class Timer(keras.callbacks.Callback):
            def __init__(self, record):
                super().__init__()
                self.record = record

            def on_epoch_end(self, epoch, logs=None):
                sync()
                self.record["epochs"].append(time.perf_counter() - self.t_epoch)

            def on_epoch_begin(self, epoch, logs=None):
                sync()
                self.epoch = epoch
                self.t_epoch = time.perf_counter()

            def profiling(self, batch):
                return job.get("profile") and self.epoch == self.params["epochs"] - 1 and batch == 1

            def on_train_batch_begin(self, batch, logs=None):
                if job["per_batch"]:
                    sync()
                    self.t_batch = time.perf_counter()
                if self.profiling(batch):
                    import torch

                    self.profiler = torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU])
                    self.profiler.__enter__()

            def on_train_batch_end(self, batch, logs=None):
                self.record["steps"] += 1
                if job["per_batch"]:
                    sync()
                    self.record["batches"].append(time.perf_counter() - self.t_batch)
                if self.profiling(batch):
                    self.profiler.__exit__(None, None, None)
                    self.record["profile"] = _op_shares(self.profiler)

        original = keras.Model.fit

        def fit(self, *args, **kwargs):
            if len(args) > 5:  # fit(x, y, batch_size, epochs, verbose, callbacks, ...)
                raise RuntimeError("bench observer: fit() got its callbacks positionally")
            data = args[0] if args else kwargs.get("x")
            record = {"epochs": [], "batches": [], "steps": 0, "input": input_kind(data)}
            kwargs["callbacks"] = [*(kwargs.get("callbacks") or []), Timer(record)]
            start = time.perf_counter()
            history = original(self, *args, **kwargs)  # a fit that raises leaves no record
            sync()
            record["fit_s"] = time.perf_counter() - start  # the whole call, as the source's script times it
            seen["fits"].append(record)
            seen["models"].append(self)
            return history

        keras.Model.fit = fit

    def patch_tfds(tfds):
        original = tfds.load

        def load(name, *args, **kwargs):
            seen["tfds"].append({"name": name, "split": kwargs.get("split"), "data_dir": kwargs.get("data_dir")})
            return original(name, *args, **kwargs)

        tfds.load = load

    _after_import({"keras": patch_keras, "tensorflow_datasets": patch_tfds})


def _op_shares(profiler) -> dict:
    """Where one profiled training step spent its CPU time, by PyTorch operator (self time)."""
    events = profiler.key_averages()
    ops = {e.key: e.self_cpu_time_total for e in events}
    total = sum(ops.values())
    # .contiguous() on a permuted tensor is aten::clone (its copy_ included): the layout copies.
    clone = sum(e.cpu_time_total for e in events if e.key == "aten::clone")
    return {
        "contiguous_copy": clone / total,
        "copy": ops.get("aten::copy_", 0) / total,
        "convolution": sum(t for k, t in ops.items() if "convolution" in k) / total,
        "step_ms": total / 1000,
        "top": sorted(ops, key=ops.get, reverse=True)[:5],
    }


def _through_fit(path: Path) -> tuple[object, str]:
    """The program's statements up to and including its first fit, without the first bare call of
    a function it defines (its environment check): what runs when the program insists on torch."""
    import ast

    source = path.read_text()
    body = ast.parse(source).body
    defined = {n.name for n in body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}

    def calls_fit(node):
        return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "fit" for n in ast.walk(node))

    check = next(
        i
        for i, n in enumerate(body)
        if isinstance(n, ast.Expr)
        and isinstance(n.value, ast.Call)
        and isinstance(n.value.func, ast.Name)
        and n.value.func.id in defined
    )
    fit = next(i for i, n in enumerate(body) if calls_fit(n))
    if not check < fit:
        raise RuntimeError(f"{path.name}: expected its environment check before its fit")
    kept = ast.Module(body=body[:check] + body[check + 1 : fit + 1], type_ignores=[])
    return compile(kept, str(path), "exec"), ast.get_source_segment(source, body[check])


def _macs(model) -> int | None:
    """Multiply-accumulates of one forward pass, counted from the layers' shapes."""
    import keras

    macs = 0
    try:
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
    except (AttributeError, ValueError):
        return None
    return int(macs)


def _ceiling(device: str, reps: int) -> dict:
    """The bench's own probe: large matrix multiplications (no page has this; it is a yardstick)."""
    import torch

    n = 8192 if device == "cuda" else 2048
    a, b = torch.randn(n, n, device=device), torch.randn(n, n, device=device)
    (a @ b).sum().item()  # warm-up: libraries load, kernels are chosen
    times = []
    for _ in range(reps):
        if device == "cuda":
            torch.cuda.synchronize()
        t = time.perf_counter()
        a @ b
        if device == "cuda":
            torch.cuda.synchronize()
        times.append(time.perf_counter() - t)
    return {"n": n, "times": times}


def child() -> None:
    """Entry point of a child process: run the job in job.json (cwd), write result.json."""
    import runpy

    job = json.loads(Path("job.json").read_text())
    seen = {"fits": [], "models": [], "tfds": []}
    result: dict = {}
    if job["kind"] == "ceiling":
        result = _ceiling(job["device"], job["reps"])
    elif job["kind"] == "cells":
        namespace = {"__name__": "__main__"}
        for cell in job["cells"]:
            exec(compile(Path(cell).read_text(), cell, "exec"), namespace)
    else:
        _observe(job, seen)
        program = Path(job["program"]).resolve()
        sys.argv = [program.name, *job["argv"]]
        if job["kind"] == "whole":
            try:
                runpy.run_path(str(program), run_name="__main__")
            except SystemExit as stop:
                if stop.code not in (None, 0):
                    raise
        else:  # "through_fit"
            import importlib

            importlib.import_module("keras")  # first, under KERAS_BACKEND, before the program pins torch

            code, skipped = _through_fit(program)
            exec(code, {"__name__": "__main__", "__file__": str(program)})
            result["skipped"] = skipped
        result["fits"] = [{**fit, "macs_per_image": _macs(model)} for fit, model in zip(seen["fits"], seen["models"])]
        if seen["tfds"]:
            import tensorflow_datasets as tfds

            result["splits"] = []
            for load in seen["tfds"]:
                info = tfds.builder(load["name"], data_dir=load["data_dir"]).info
                splits = load["split"] if isinstance(load["split"], list) else [load["split"]]
                result["splits"] += [info.splits[s].num_examples for s in splits]
    Path("result.json").write_text(json.dumps(result))


# ------------------------------------------------------------------- the parent: stages the runs


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
            [sys.executable, "-c", "from verified_docs.bench import child; child()"],
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
    import runpy

    folder = scratch("har-data")
    runpy.run_path(str(ROOT / "scripts/make_vol5.py"))["main"](folder / "vol5_diario.parquet")
    cells = []
    for rel in HAR_DATA_CELLS:
        (folder / Path(rel).name).write_bytes((ROOT / rel).read_bytes())
        cells.append(Path(rel).name)
    run_child(folder, {"kind": "cells", "cells": cells}, child_env(folder, None, "cpu"), "the lesson's data cells")
    return folder / "har.npz"


# ------------------------------------------------------------------------------ provenance


def machine() -> dict:
    cpu = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    info = {"cpu": cpu, "cores": os.cpu_count(), "gpu": "none", "os": platform.platform()}
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "import json, torch; ok = torch.cuda.is_available(); print(json.dumps("
            "{'gpu': torch.cuda.get_device_name(0) if ok else '', 'hip': torch.version.hip, 'cuda': torch.version.cuda}))",
        ],
        capture_output=True,
        text=True,
    )
    seen = json.loads(probe.stdout.strip().splitlines()[-1]) if probe.returncode == 0 and probe.stdout.strip() else {}
    if seen.get("gpu"):
        # A GPU record says which stack ran it: PyTorch's ROCm (HIP) or CUDA build, and the driver.
        info.update(
            gpu=seen["gpu"], runtime=f"ROCm {seen['hip']}" if seen["hip"] else f"CUDA {seen['cuda']}", driver=gpu_driver()
        )
    return info


def gpu_driver() -> str:
    """The driver's own report, from whichever vendor tool is installed; 'unknown' when none is."""
    for command in (
        ["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
        ["amd-smi", "version"],
        ["/opt/rocm/bin/amd-smi", "version"],
    ):
        try:
            out = subprocess.run(command, capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if out.returncode == 0 and out.stdout.strip():
            return f"{command[0].rsplit('/', 1)[-1]}: {out.stdout.strip().splitlines()[0]}"
    return "unknown"


def versions() -> dict:
    from importlib.metadata import version

    out = {"python": platform.python_version()}
    for pkg in MEASURED_PACKAGES:
        out[pkg] = version(pkg)
    return out


def commit() -> str:
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--", *measured_files()], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    return (head or "unknown") + ("+changes" if dirty else "")


# ---------------------------------------------------------------------------------- the run


def measure(mode: str) -> dict:
    cfg = MODES[mode]
    figures: dict = {}
    ratios: dict = {}
    info = machine()
    devices = ["cpu"] + (["cuda"] if info["gpu"] != "none" else [])
    main_pets, backend_pets = standin(cfg["main_pets"]), standin(cfg["backend_pets"])
    ran: dict = {}

    for device in devices:
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
        runs = run_mobilenet(device, "torch", main_pets, cfg["main_runs"], f"main-{device}")
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
        if device == "cpu":
            main_cpu_runs = runs
    ran["mobilenet"] = f"{PROGRAMS['mobilenet'][0]} as {PROGRAMS['mobilenet'][1]} cpu, whole (and without cpu on a GPU)"

    for backend in BACKENDS:
        shared = backend == "torch" and cfg["backend_pets"] == cfg["main_pets"] and cfg["backend_runs"] == cfg["main_runs"]
        progress(
            f"{PROGRAMS['mobilenet'][1]} on cpu with {backend}: {cfg['backend_runs']} run(s) on {cfg['backend_pets']} trainval images"
            + (" (the runs above)" if shared else "")
        )
        runs = main_cpu_runs if shared else run_mobilenet("cpu", backend, backend_pets, cfg["backend_runs"], "backends")
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
        f"{PROGRAMS['har'][0]} as {PROGRAMS['har'][1]}, whole, one process per run, on the har.npz of the "
        f"lesson's cells {', '.join(Path(c).name for c in HAR_DATA_CELLS)}; warm_40 = its 39 warm epochs x 40/39"
    )

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
    if "cuda" in devices:
        ratios["mobilenet.cpu_over_gpu"] = med("mobilenet.cpu.epoch") / med("mobilenet.cuda.epoch")
    ran["probe"] = "the bench's own: best of large float32 matrix multiplications in torch"
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
        "date": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
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
