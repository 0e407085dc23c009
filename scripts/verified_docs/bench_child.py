"""The bench's child process: runs one job (job.json in its working folder) and writes result.json.

A job runs a page's program whole (runpy, as `python <name>` would) or through its first fit, with an
observer that adds one timing callback to every `keras.Model.fit` call (synchronising the GPU around
it where there is one), notes each fit's input kind and batch count, and notes which TFDS splits the
program loads. The observer is hooked to the import of keras through the offline start-up code, so
a program that sets its environment before importing keras (threads, backend) is still observed.
It also runs the lesson's data cells and the bench's own FLOP/s probe. Started by the runner
(verified_docs.bench) as `python -c "from verified_docs.bench_child import child; child()"`.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from verified_docs.bench_inputs import FEEDING_INPUTS
from verified_docs.project import OFFLINE


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
