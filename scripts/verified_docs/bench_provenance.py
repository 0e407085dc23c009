"""Where and with what a record was measured: the machine, its GPU stack, the package versions
and the commit. Provenance, not inputs: none of it marks a record stale."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from pathlib import Path

from verified_docs.bench_inputs import MEASURED_PACKAGES, measured_files
from verified_docs.project import ROOT


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
