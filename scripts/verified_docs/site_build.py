"""The one way the tests build the site: `mkdocs build --strict` from the checkout, in an
environment that takes the site's address only from its caller, and the built site's hash (what
a cached site test's verdict depends on)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

from .project import ROOT

# The site's address and the publication flag: a test build takes them only from its caller.
ADDRESS_VARIABLES = ("SITE_URL", "SITE_PUBLISH")


def build_env(base: dict | None = None, **env: str) -> dict:
    """The environment of a test build: the shell's (or `base`, a copy of it taken earlier), without
    the maintainer's ADDRESS_VARIABLES (a `SITE_PUBLISH=1` left exported would make every test
    build refuse its local address)."""
    inherited = {k: v for k, v in (os.environ if base is None else base).items() if k not in ADDRESS_VARIABLES}
    return dict(inherited, NO_MKDOCS_2_WARNING="1", **env)


def mkdocs_build(*args: str, base: dict | None = None, **env: str) -> subprocess.CompletedProcess:
    """`mkdocs build --strict ARGS` from the checkout: every build the tests make goes through it.
    A build on another thread than the tests' passes `base`, the environment it must start from: a
    test running meanwhile may have set a variable of its own (monkeypatch), such as BENCH_RECORD."""
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env=build_env(base, **env),
    )


def file_digests(out: Path) -> dict[str, str]:
    """Every file of a built site: its path in the site -> the hash of its content."""
    return {
        f.relative_to(out).as_posix(): hashlib.sha256(f.read_bytes()).hexdigest()
        for f in sorted(p for p in out.rglob("*") if p.is_file())
    }


def site_hash(
    digests: dict[str, str],
    mine: frozenset[str] = frozenset(),
    pages: frozenset[str] = frozenset(),
    search: dict[str, dict[str, str]] | None = None,
) -> str:
    """The built site's files by path and content; with `pages` (every page's folder in the site),
    only the files of the folders in `mine` and the files no page owns (assets, search index).
    With `search` (search_index_parts), a search index counts by its settings and the entries of
    the pages in `mine` only: the index holds every page's text, and a test of one page that does
    not search reads no other page's entries."""
    digest = hashlib.sha256()
    for name, content in sorted(digests.items()):
        folder = name.rpartition("/")[0]
        if folder in mine or folder not in pages:
            if search is not None and name in search:
                parts = search[name]
                content = parts[SEARCH_SETTINGS] + "".join(f"{f}:{parts.get(f, '')}" for f in sorted(mine))
            digest.update(name.encode() + b"\0" + content.encode())
    return digest.hexdigest()


SEARCH_SETTINGS = "<settings>"  # search_index_parts' key for what is not a page's entry


def search_index_parts(out: Path) -> dict[str, dict[str, str]]:
    """Each search index of a built site (one per language), split: its path in the site -> the
    hash of its settings (SEARCH_SETTINGS) and of each page's entries, by the page's folder in the
    site (what site_hash's `mine` holds)."""
    parts = {}
    for index in sorted(out.rglob("search/search_index.json")):
        name = index.relative_to(out).as_posix()
        root = name.removesuffix("search/search_index.json")  # "" or "en/": locations are relative to it
        data = json.loads(index.read_text(encoding="utf-8"))
        by_page: dict[str, list] = {}
        for entry in data.get("docs", []):
            by_page.setdefault((root + entry["location"].split("#")[0]).strip("/"), []).append(entry)
        settings = {k: v for k, v in data.items() if k != "docs"}
        parts[name] = {SEARCH_SETTINGS: _digest(settings)} | {f: _digest(e) for f, e in by_page.items()}
    return parts


def _digest(value) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
