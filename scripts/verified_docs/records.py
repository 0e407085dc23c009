"""Page verification records: what a passing run of a page leaves behind.

`build/cache/pages/<slug>.<lang>.run.json` holds the page's content hash, the date and the versions
it passed with. The build shows it as the page's stamp ("verified on …", or "changed since"), and
`make test-fast` (--cached) skips a page whose key — its content, the engine and the installed
packages — is unchanged since it passed.
"""

from __future__ import annotations

import datetime
import functools
import hashlib
import json
import os
import platform
import sys
from importlib.metadata import distributions, version
from pathlib import Path

from .pages import Page, content_hash
from .project import RECORDS, ROOT, languages, mkdocs_config, rel

# Files outside the package whose content decides every page's outcome. Of mkdocs.yml, a run reads
# only the snippet options and the languages (engine_hash): a new nav entry reruns no other page.
HARNESS = ["scripts/make_fixtures.py", "scripts/make_vol5.py", "constraints.txt"]
ENGINE = Path(__file__).resolve().parent
WRITTEN: set[Path] = set()  # the records this process wrote (a shard packs them: verified_docs.shards)


@functools.cache
def environment_fingerprint() -> str:
    """Python, platform and every installed package's version."""
    pkgs = sorted(f"{d.metadata['Name']}=={d.version}" for d in distributions())
    text = "\n".join([sys.version, platform.machine(), os.environ.get("KERAS_BACKEND", "")] + pkgs)
    return hashlib.sha256(text.encode()).hexdigest()


@functools.cache
def engine_hash() -> str:
    digest = hashlib.sha256()
    for f in sorted(ENGINE.rglob("*.py")) + [ROOT / h for h in HARNESS if (ROOT / h).is_file()]:
        digest.update(f.name.encode() + b"\0" + f.read_bytes())
    snippets = mkdocs_config()["mdx_configs"].get("pymdownx.snippets", {})  # as written: paths relative
    digest.update(repr((sorted(snippets.items()), languages())).encode())
    return digest.hexdigest()


def page_key(page: Page, tier: str = "run") -> str:
    """The page's own content (what its stamp checks) plus the engine and the environment."""
    return hashlib.sha256(f"{environment_fingerprint()}{engine_hash()}{content_hash(page)}{tier}".encode()).hexdigest()


def resolve_key(block) -> str:
    """An install line's key: the line, its options and the environment it resolved in."""
    return hashlib.sha256((environment_fingerprint() + block.code + repr(block.options)).encode()).hexdigest()


def path_of(page: Page, kind: str = "run", folder: Path | None = None) -> Path:
    """The record's file; `folder` is another tree's records folder (a merge checks a shard's)."""
    return (folder or RECORDS) / f"{page.id}.{kind}.json"


def read(page: Page, kind: str = "run", folder: Path | None = None) -> dict | None:
    path = path_of(page, kind, folder)
    return json.loads(path.read_text()) if path.is_file() else None


def now() -> str:
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")


def write_passed(
    page: Page,
    kind: str = "run",
    key: str | None = None,
    seconds: float | None = None,
    through: Page | None = None,
    date: str | None = None,
) -> None:
    """through: the original page whose passing run proved this translation's (translation_proof);
    date: when that run was, if not now (a run on record, unchanged since: --cached)."""
    path = path_of(page, kind)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps(
            {
                "key": key or page_key(page, kind),
                "seconds": seconds,  # how long it ran: the next run starts the longest pages first
                "content": content_hash(page),
                "date": date or now(),
                "through": rel(through.path) if through else None,
                "versions": {"Python": platform.python_version()}
                | {
                    name: version(pkg)
                    for name, pkg in (("Keras", "keras"), ("PyTorch", "torch"), ("JAX", "jax"), ("TensorFlow", "tensorflow"))
                },
            }
        )
    )
    WRITTEN.add(path)


def proven_through(page: Page, folder: Path | None = None) -> str | None:
    """The original (docs/<slug>.<lang>.md) whose run proved this page's last passing run, if any."""
    record = read(page, folder=folder)
    return record.get("through") if record else None


def forget(page: Page, kind: str = "run") -> None:
    path_of(page, kind).unlink(missing_ok=True)
    WRITTEN.discard(path_of(page, kind))


def why_not_reused(page: Page, kind: str = "run") -> str:
    """Why --cached runs the page again (its record is missing, or its key moved)."""
    record = read(page, kind)
    if record is None:
        return "no passing run on record (new, failed last time, or never run here)"
    if record.get("content") != content_hash(page):
        return "its page, snippets, recordings or figures changed since it passed"
    return "the engine, the packages or mkdocs.yml's snippet options changed since it passed"


def unchanged_since_passed(page: Page, kind: str = "run", key: str | None = None, folder: Path | None = None) -> dict | None:
    """The record when the page's key is the one it passed with (so --cached may skip it)."""
    record = read(page, kind, folder)
    return record if record and record.get("key") == (key or page_key(page, kind)) else None
