"""`--cached` (make test-fast): which test passed before on exactly the same inputs, and is skipped.

Two files under build/cache/: one for the engine's own tests (keyed by every file of the
checkout, the engine, the packages and the browser), one for the tests of the built site (keyed by
the built site, or for a test of one page by that page's folders and the files no page owns, and
by the test module and its helpers, the engine, the packages, axe-core and the browser). The pytest plugin's hooks read and write them; nothing else does.
"""

from __future__ import annotations

import builtins
import contextlib
import functools
import hashlib
import io
import json
import os
import subprocess
import threading
from pathlib import Path

import pytest

from . import records, site_build
from .pages import Page, readable_pages
from .project import BUILD, DOCS, ROOT, SNIPPETS

# --cached for the tests of the built site: a test that passed on a byte-identical site, with the
# same test module, engine and packages, is not run again (the build itself always runs).
SITE_CACHE = BUILD / "cache" / "site-tests.json"


def site_test_key_of(item) -> str | None:
    """A site test's key, once the session has built the site (None before). A test of one page
    (a `page` parameter) reads that page in every language and the files no page owns (assets,
    and of the search index its settings and that page's entries, unless it is marked
    `whole_search_index`): its key holds only those, so a change to one page reruns that page's
    site and browser tests (and every page's when the nav or an asset changes)."""
    files = getattr(item.config, "_verified_site_files", None)
    if files is None:
        return None
    page = getattr(getattr(item, "callspec", None), "params", {}).get("page")
    if isinstance(page, Page):
        whole = item.get_closest_marker(WHOLE_SEARCH_INDEX) is not None
        search = None if whole else getattr(item.config, "_verified_search_parts", None)
        site_hash = site_build.site_hash(files, *_page_folders(page), search=search)
    else:
        site_hash = site_build.site_hash(files)
    return site_test_key(site_hash, item.nodeid, Path(str(item.fspath)))


def _page_folders(page: Page) -> tuple[frozenset[str], frozenset[str]]:
    """(the page's folders in the built site, in every language; every page's folders)."""
    everyone = _folders()
    return frozenset(f for slug, f in everyone if slug == page.slug), frozenset(f for _, f in everyone)


@functools.cache
def _folders() -> tuple[tuple[str, str], ...]:
    """(slug, folder in the built site) of every page."""
    return tuple((p.slug, p.url.strip("/")) for p in readable_pages())


def site_test_key(site_hash: str, nodeid: str, test_file: Path, root: Path = ROOT, browser: str | None = None) -> str:
    """What a site test's verdict depends on besides the built site: the test module and what it
    leans on (its folder's conftest.py and helper modules), the engine and packages, the npm tools
    the browser checks load (axe-core, package-lock.json) and the browser's build."""
    module = b"".join(
        f.read_bytes()
        for f in [test_file, *sorted(test_file.parent.glob("*.py"))]
        if f == test_file or not f.name.startswith("test_")
    )
    tools = (root / "package-lock.json").read_bytes() + f"{browser or _browser_build()}".encode()
    return hashlib.sha256(
        f"{site_hash}{nodeid}{records.engine_hash()}{records.environment_fingerprint()}".encode() + module + tools
    ).hexdigest()


@functools.cache
def _browser_build() -> str | None:
    from .diagrams import browser_version

    return browser_version()


def verdicts(cache: Path) -> dict:
    """A --cached file's verdicts: test node id -> the key it last passed with."""
    return json.loads(cache.read_text()) if cache.is_file() else {}


def remember(cache: Path, nodeid: str, key: str | None, passed: bool) -> None:
    """Keep a passing test's key in its --cached file; forget a test that did not pass."""
    known = verdicts(cache)
    if passed and key:
        known[nodeid] = key
    else:
        known.pop(nodeid, None)
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps(known, indent=0))


def cached_site_test(item) -> bool:
    """Under --cached, whether this site test passed before on the same built site (and is skipped)."""
    if not item.config.getoption("--cached") or "site" not in getattr(item, "fixturenames", ()):
        return False
    key = site_test_key_of(item)
    return bool(key) and verdicts(SITE_CACHE).get(item.nodeid) == key


# --cached for the engine's own tests (tests/, no built site): one that passed on a checkout whose
# every file git knows of (tracked, or untracked and not ignored) is byte for byte the same, with
# the same engine, packages, npm tools and browser, is not run again; any change reruns them all,
# except that a test marked `independent_of_pages` (it makes its own pages, or none) is keyed by
# the checkout less the pages' sources and snippets: editing a page does not rerun it.
TEST_CACHE = BUILD / "cache" / "tests.json"
INDEPENDENT = "independent_of_pages"
WHOLE_SEARCH_INDEX = "whole_search_index"  # a site test of one page that searches every page


def is_page_content(name: str) -> bool:
    """A page's source (DOCS/<page>.md) or a file of its snippets (SNIPPETS/...), by checkout path."""
    docs, snippets = DOCS.relative_to(ROOT).as_posix(), SNIPPETS.relative_to(ROOT).as_posix()
    folder, _, file = name.rpartition("/")
    return name.startswith(f"{snippets}/") or (folder == docs and file.endswith(".md"))


@functools.cache
def checkout_hash(root: Path = ROOT, without_pages: bool = False) -> str | None:
    """Every file of the checkout that git knows of, by path and content (less the pages' content
    with `without_pages`); None outside a git checkout (then nothing is cached)."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    digest = hashlib.sha256()
    for name in sorted(set(filter(None, listed.split("\0")))):
        if without_pages and is_page_content(name):
            continue
        path = root / name
        digest.update(name.encode() + b"\0" + (path.read_bytes() if path.is_file() else b"<missing>") + b"\0")
    return digest.hexdigest()


def engine_test_key(item) -> str | None:
    """An engine test's key (a test function that does not use the built site); None otherwise."""
    if not isinstance(item, pytest.Function) or "site" in item.fixturenames:
        return None
    tree = checkout_hash(without_pages=item.get_closest_marker(INDEPENDENT) is not None)
    if tree is None:
        return None
    tools = f"{records.engine_hash()}{records.environment_fingerprint()}{_browser_build()}{os.environ.get('CHROMIUM', '')}"
    return hashlib.sha256(f"{tree}{item.nodeid}{tools}".encode()).hexdigest()


# The marker is a promise the cache relies on, so it is held to it: while a marked test runs, the
# files of this checkout's pages that its own thread opens (builtins.open and io.open, which
# pathlib uses, swapped for the test's duration only) are noted, and such a test fails. The tests
# that drive pytest in a subprocess point it at a fixture site of their own.
@contextlib.contextmanager
def pages_opened():
    """The checkout's page files this thread opens inside the block (a list, filled as it runs)."""
    opened: list[str] = []
    me, real = threading.get_ident(), io.open

    def watched_open(file, *args, **kwargs):
        if threading.get_ident() == me and isinstance(file, (str, Path)):
            try:
                name = Path(file).resolve().relative_to(ROOT).as_posix()
            except (ValueError, OSError):
                name = ""
            if name and is_page_content(name):
                opened.append(name)
        return real(file, *args, **kwargs)

    builtins.open = io.open = watched_open
    try:
        yield opened
    finally:
        builtins.open = io.open = real
