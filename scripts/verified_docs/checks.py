"""Install lines resolved (the resolve tier), and whether a GPU is there for the gpu tier.

A resolve-tier block holds install lines a reader pastes: `pip install` lines are resolved with
pip's dry run under each Python the page states; `sudo apt install` lines (the system packages a
page asks for) are resolved with `apt-get install --simulate` against this machine's package
lists, which checks that every name exists and its dependencies can be met, installing nothing.

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
APT_INSTALL = re.compile(r"(?:\bsudo\s+)?\bapt(?:-get)?\s+install\b(?:\s+-y\b)?")
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


def archive() -> str:
    """The package archive apt resolves against here, as a failure names it."""
    os_release = Path("/etc/os-release")
    text = os_release.read_text() if os_release.is_file() else ""
    m = re.search(r'^PRETTY_NAME="?([^"\n]+)', text, re.MULTILINE)
    return m[1] if m else "this machine's"


@functools.cache
def command_of(code: str) -> str:
    """The commands of a shell block as bash parses them, comments dropped: a translation's install
    line, whose comments are in its own language, is the same command as its original's."""
    proc = subprocess.run(["bash", "-c", f"f() {{\n{code}\n}}\ndeclare -f f"], capture_output=True, text=True)
    return proc.stdout if proc.returncode == 0 and proc.stdout else code  # unparsable: the text itself


def resolve_problem(block: Block, workdir: Path, environ: dict | None = None) -> str | None:
    """None when the block's install lines resolve: pip's under each Python the page states, apt's
    against this machine's package lists; in `environ` (os.environ's if None)."""
    if APT_INSTALL.search(block.code):
        if not shutil.which("apt-get"):
            raise MissingTool("apt-get is not installed: the resolve tier checks `apt install` lines with apt-get --simulate")
        # `sudo apt install -y` becomes a simulation: no root needed, nothing installed.
        code = APT_INSTALL.sub("apt-get install --simulate --quiet --quiet", block.code)
        if PIP_INSTALL.search(code):
            return f"{block.where}: a resolve-tier block holds either apt install lines or pip install lines, not both"
        proc = subprocess.run(
            ["bash", "-e", "-c", code], cwd=workdir, capture_output=True, text=True, timeout=RESOLVE_TIMEOUT_S, env=environ
        )
        if proc.returncode != 0:
            return f"{block.where}: apt line does not resolve against the {archive()} archive\n{(proc.stderr or proc.stdout)[-4000:]}"
        return None
    for version in block.options.get("python", f"{sys.version_info.major}.{sys.version_info.minor}").split():
        python = python_for(version)
        # The reader's line runs as written, except that its pip (plain `pip` or
        # `.venv/bin/python -m pip`) becomes a resolving dry run under the Python the page states.
        dry = f'"{python}" -m pip install --dry-run --ignore-installed --quiet --disable-pip-version-check'
        code, n = PIP_INSTALL.subn(lambda m: dry, block.code)
        if n == 0:
            return f"{block.where}: a resolve-tier block must contain a pip install or apt install line"
        # In an empty directory, so that nothing can reach the project's own .venv.
        proc = subprocess.run(
            ["bash", "-e", "-c", code], cwd=workdir, capture_output=True, text=True, timeout=RESOLVE_TIMEOUT_S, env=environ
        )
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
