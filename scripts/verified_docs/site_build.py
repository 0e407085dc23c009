"""The one way the tests build the site: `mkdocs build --strict` from the checkout, in an
environment that takes the site's address only from its caller, and the built site's hash (what
a cached site test's verdict depends on)."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from .project import ROOT

# The site's address and the publication flag: a test build takes them only from its caller.
ADDRESS_VARIABLES = ("SITE_URL", "SITE_PUBLISH")


def build_env(**env: str) -> dict:
    """The environment of a test build: the shell's, without the maintainer's ADDRESS_VARIABLES
    (a `SITE_PUBLISH=1` left exported would make every test build refuse its local address)."""
    inherited = {k: v for k, v in os.environ.items() if k not in ADDRESS_VARIABLES}
    return dict(inherited, NO_MKDOCS_2_WARNING="1", **env)


def mkdocs_build(*args: str, **env: str) -> subprocess.CompletedProcess:
    """`mkdocs build --strict ARGS` from the checkout: every build the tests make goes through it."""
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env=build_env(**env),
    )


def file_digests(out: Path) -> dict[str, str]:
    """Every file of a built site: its path in the site -> the hash of its content."""
    return {
        f.relative_to(out).as_posix(): hashlib.sha256(f.read_bytes()).hexdigest()
        for f in sorted(p for p in out.rglob("*") if p.is_file())
    }


def site_hash(digests: dict[str, str], mine: frozenset[str] = frozenset(), pages: frozenset[str] = frozenset()) -> str:
    """The built site's files by path and content; with `pages` (every page's folder in the site),
    only the files of the folders in `mine` and the files no page owns (assets, search index)."""
    digest = hashlib.sha256()
    for name, content in sorted(digests.items()):
        folder = name.rpartition("/")[0]
        if folder in mine or folder not in pages:
            digest.update(name.encode() + b"\0" + content.encode())
    return digest.hexdigest()
