"""Where things are, and the few facts every part of the engine shares.

The site's languages are read from mkdocs.yml (the i18n plugin's list), never hard-coded; the
Keras backends the pages compare are listed once, here.
"""

from __future__ import annotations

import functools
import importlib.util
import os
from pathlib import Path

# The package is installed editable from the repository (make), so the checkout is two levels up.
# VERIFIED_DOCS_ROOT names another site to check instead: the suite's own small fixture sites
# (tests/fixture_site.py), run in a process of their own.
ROOT = Path(os.environ.get("VERIFIED_DOCS_ROOT") or Path(__file__).resolve().parents[2]).resolve()
DOCS = ROOT / "docs"
SNIPPETS = ROOT / "snippets"
# VERIFIED_DOCS_BUILD: another folder for what a run leaves (records, runs, fixtures), so that
# `make test-latest` touches nothing of the pinned environment's.
BUILD = (ROOT / os.environ.get("VERIFIED_DOCS_BUILD", "build")).resolve()
FIXTURES = BUILD / "fixtures"
RECORDS = BUILD / "cache" / "pages"  # page verification records (build/cache/pages/<id>.run.json)
MKDOCS_YML = ROOT / "mkdocs.yml"
# The start-up code of every process that runs a page's code: network guard, fixture substitution,
# and the import hook the bench's observer uses.
OFFLINE = Path(__file__).resolve().parent / "offline"
# The suite's own start-up code, before OFFLINE: Python's garbage collector tuned for short programs.
QUICK_GC = Path(__file__).resolve().parent / "quick_gc"

BACKENDS = ("torch", "jax", "tensorflow")
# The widest code line a page may show: what a phone shows with one short sideways scroll, and
# what a desktop column shows whole (tests/test_code_width.py).
CODE_COLUMNS = 88


def rel(path: Path) -> str:
    """A path as a maintainer types it: relative to the checkout when inside it."""
    try:
        return Path(path).resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


@functools.cache
def mkdocs_config():
    from mkdocs.config import load_config

    # load_config resolves relative paths against the working directory, like `mkdocs build`.
    cwd = os.getcwd()
    try:
        os.chdir(ROOT)
        return load_config(str(MKDOCS_YML))
    finally:
        os.chdir(cwd)


def nav_pages() -> list[tuple[str | None, str, str]]:
    """mkdocs.yml's nav in reading order, one (section title or None, page title, file) per page;
    the titles are the default language's (the i18n plugin's nav_translations give the others)."""
    out = []

    def walk(entries, section):
        for entry in entries:
            ((title, target),) = entry.items()
            if isinstance(target, list):
                walk(target, title)
            else:
                out.append((section, title, target))

    walk(mkdocs_config()["nav"], None)
    return out


@functools.cache
def languages() -> tuple[str, ...]:
    """The site's languages, default first, as the i18n plugin in mkdocs.yml declares them."""
    langs = mkdocs_config().plugins["i18n"].config.languages
    return tuple(sorted((lang.locale for lang in langs), key=lambda loc: not next(l.default for l in langs if l.locale == loc)))


def default_language() -> str:
    return languages()[0]


@functools.cache
def snippet_options() -> tuple[tuple[str, object], ...]:
    """pymdownx.snippets' options exactly as mkdocs.yml gives them to MkDocs, base paths absolute."""
    opts = dict(mkdocs_config()["mdx_configs"].get("pymdownx.snippets", {}))
    base = opts.get("base_path", ["."])
    base = [base] if isinstance(base, str) else base
    opts["base_path"] = [str((ROOT / b).resolve()) for b in base]
    return tuple(sorted(opts.items()))


# How each language names the others, in its own words (messages are English, banners are in the page's language).
LANG_NAMES = {
    "en": {"es": "Spanish", "en": "English"},
    "es": {"es": "español", "en": "inglés"},
}


def language_name(lang: str, in_lang: str) -> str:
    """A language's name as a page in `in_lang` writes it ("Spanish" on an English page)."""
    return LANG_NAMES.get(in_lang, {}).get(lang, lang)


def warm_start():
    """quick_gc/warm_start.py as a module (the warm interpreters' server and the names they share)."""
    spec = importlib.util.spec_from_file_location("verified_docs_warm_start", QUICK_GC / "warm_start.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def quick_gc():
    """quick_gc/sitecustomize.py as a module, loaded without tuning anything: its tune() and THRESHOLDS."""
    spec = importlib.util.spec_from_file_location("verified_docs_quick_gc", QUICK_GC / "sitecustomize.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
