"""Install lines resolved (the resolve tier), and whether a GPU is there for the gpu tier.

The offline checks of blocks CI does not execute are in static.py."""

from __future__ import annotations

import functools
import re
import shutil
import subprocess
import sys
from pathlib import Path

from .pages import Block

PIP_INSTALL = re.compile(r"(?:\S*python[\d.]*\s+-m\s+)?\bpip3?\s+install\b")
RESOLVE_TIMEOUT_S = 900


class MissingTool(Exception):
    pass


def python_for(version: str) -> str:
    """The interpreter a page's install line is checked with (the version the page states)."""
    if sys.version.startswith(version + "."):
        return sys.executable
    pyenv = subprocess.run(["pyenv", "root"], capture_output=True, text=True).stdout.strip() if shutil.which("pyenv") else ""
    candidates = sorted(Path(pyenv, "versions").glob(f"{version}.*/bin/python{version}")) if pyenv else []
    if candidates:
        return str(candidates[-1])
    found = shutil.which(f"python{version}")
    if found:
        return found
    raise MissingTool(f"Python {version} is not installed: the resolve tier needs it (pyenv install {version})")


def resolve_problem(block: Block, workdir: Path) -> str | None:
    """None when the block's install line resolves under each Python the page states."""
    for version in block.options.get("python", f"{sys.version_info.major}.{sys.version_info.minor}").split():
        python = python_for(version)
        # The reader's line runs as written, except that its pip (plain `pip` or
        # `.venv/bin/python -m pip`) becomes a resolving dry run under the Python the page states.
        dry = f'"{python}" -m pip install --dry-run --ignore-installed --quiet --disable-pip-version-check'
        code, n = PIP_INSTALL.subn(lambda m: dry, block.code)
        if n == 0:
            return f"{block.where}: a resolve-tier block must contain a pip install line"
        # In an empty directory, so that nothing can reach the project's own .venv.
        proc = subprocess.run(["bash", "-e", "-c", code], cwd=workdir, capture_output=True, text=True, timeout=RESOLVE_TIMEOUT_S)
        if proc.returncode != 0:
            return f"{block.where}: install line does not resolve with {python} (Python {version})\n{proc.stderr[-4000:]}"
    return None


@functools.cache
def gpu_visible() -> str | None:
    """None when a GPU is usable from torch, else the reason it is not."""
    nodes = [Path("/dev/kfd"), *Path("/dev").glob("nvidia[0-9]*")]
    if not any(n.exists() for n in nodes):  # no need to import torch to know (it takes seconds)
        return "no GPU device on this machine (neither /dev/kfd nor /dev/nvidia*): gpu tier not run"
    probe = subprocess.run(
        [sys.executable, "-c", "import torch; print(torch.cuda.is_available())"], capture_output=True, text=True
    )
    if probe.stdout.strip() == "True":
        return None
    return "no GPU visible to torch (torch.cuda.is_available() is False): gpu tier not run"
