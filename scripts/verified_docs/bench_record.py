"""A bench record: the keys it may hold, and the one reader of records (the figures step, the
prose tracer, the tests and `--if-stale` all read through read_record)."""

from __future__ import annotations

import json
from pathlib import Path

from verified_docs.bench_inputs import FEEDING_INPUTS, inputs_hash
from verified_docs.project import BACKENDS

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
    | {f"feeding.{b}.tf_data_cache_over_tf_data" for b in BACKENDS}
)
# Figures and ratios that only a machine with a GPU can have.
GPU_KEYS = {"probe.cuda.peak_flops", "smoke.cuda.conv_step", "mobilenet.cpu_over_gpu"} | {
    f"mobilenet.cuda.{k}" for k in ("epoch", "run_mean_epoch", "images_per_s", "flops", "flops_fraction_of_peak")
}


def read_record(path: Path) -> dict | None:
    """The one reader of bench records (figures and --if-stale use it): the record, with `stale`
    set when it was measured with other inputs than today's; None when there is none."""
    if not path.is_file():
        return None
    record = json.loads(path.read_text())
    record["stale"] = record.get("inputs_hash") != inputs_hash()
    return record
