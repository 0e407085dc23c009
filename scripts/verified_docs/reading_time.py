"""How long a page takes to read: words at 200 a minute, code and recorded outputs included.

The main path is what a reader meets without opening anything: what is indented under a closed fold
(`??? note "title"`, from pymdownx.details) is left out of it, the fold's title is not; an open fold
(`???+`) is on it.
The same figure is shown under each page's title (build.py), listed on the home page
(`{{ reading: slug }}`, and the pace as `{{ reading-pace }}`) and printed in the suite's summary
beside the page's stated target (front matter `reading_target:`, in minutes), which
tests/test_reading_path.py holds.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace

from . import folds
from .pages import Page, PageError, Prose, load_page
from .project import DOCS, rel

WORDS_PER_MINUTE = 200
# Markup a reader does not read: comments, link targets, attribute lists, include lines.
NOT_READ = re.compile(r"<!--.*?-->|\]\([^)]*\)|\{:[^}]*\}|\{\{[^}]*\}\}|--8<--\s+\"[^\"]*\"", re.S)
WORD = re.compile(r"\S*\w\S*")
# {{ reading: slug }}: a page's main-path minutes, on another page (the home page's reading order).
PLACEHOLDER = re.compile(r"\{\{\s*reading:\s*(?P<slug>[\w./-]+)\s*\}\}")
# {{ reading-pace }}: the words a minute these figures assume, written where a page explains them.
PACE = re.compile(r"\{\{\s*reading-pace\s*\}\}")


@dataclass(frozen=True)
class ReadingTime:
    main_words: int
    folded_words: int

    @property
    def main(self) -> int:
        """Minutes on the main path, rounded up."""
        return max(1, math.ceil(self.main_words / WORDS_PER_MINUTE))

    @property
    def total(self) -> int:
        """Minutes with every fold opened, rounded up."""
        return max(1, math.ceil((self.main_words + self.folded_words) / WORDS_PER_MINUTE))


def words(text: str) -> int:
    return len(WORD.findall(NOT_READ.sub(" ", text)))


def measure(page: Page) -> ReadingTime:
    """The page's reading time, main path and folds apart."""
    main = folded = 0
    for _, text, fold in folds.walk(page):
        if fold is not None:
            folded += words(text)
        else:
            main += words(text)
    return ReadingTime(main, folded)


LINE = {"es": "Lectura: unos {main} min{rest}", "en": "Reading time: about {main} min{rest}"}
REST = {"es": " ({total} con los desplegables abiertos)", "en": " ({total} with the folds opened)"}
# The rule, for the line's tooltip and the home page's sentence.
RULE = {
    "es": f"a {WORDS_PER_MINUTE} palabras por minuto, con el código y sus salidas; sin lo que va plegado",
    "en": f"at {WORDS_PER_MINUTE} words a minute, code and outputs included; folded parts left out",
}


def line(page: Page) -> str:
    """The short line under the page's title (RULE goes in its tooltip)."""
    t = measure(page)
    rest = REST[page.lang].format(total=t.total) if t.total > t.main else ""
    return LINE[page.lang].format(main=t.main, rest=rest)


def substitute(page: Page) -> Page:
    """The page with each `{{ reading: slug }}` replaced by that page's main-path minutes, in the
    same language; an unknown slug fails naming the page and line."""
    items = []
    for item in page.items:
        if isinstance(item, Prose) and any("{{" in ln for ln in item.lines):
            item = Prose([_fill(text, page, item.start + n) for n, text in enumerate(item.lines)], item.start)
        items.append(item)
    return replace(page, items=items)


def _fill(text: str, page: Page, line: int) -> str:
    def minutes(m):
        path = DOCS / f"{m['slug']}.{page.lang}.md"
        if not path.is_file():
            raise PageError(f"{rel(page.path)}:{line}: {m[0]} names no page: {rel(path)} does not exist")
        return str(measure(load_page(path)).main)

    return PACE.sub(str(WORDS_PER_MINUTE), PLACEHOLDER.sub(minutes, text))


def target(page: Page) -> int | None:
    """The minutes a page promises its main path fits (front matter `reading_target:`)."""
    value = page.meta.get("reading_target")
    return int(value) if value is not None else None


def report(pages: list[Page]) -> list[str]:
    """The suite summary's lines: each page's main path and total, beside its stated target."""
    out = []
    for page in sorted(pages, key=lambda p: -measure(p).main_words):
        t, goal = measure(page), target(page)
        fits = "no stated target" if goal is None else f"{'fits' if t.main <= goal else 'OVER'} its stated {goal} min"
        out.append(f"{t.main:4d} min main path, {t.total:4d} with folds  {rel(page.path)}  ({fits})")
    return out
