"""A translation's run proven by its original's: what `make test` does instead of running it again.

A translated page (`<slug>.en.md`) runs the same programs as its original (`<slug>.es.md`): code
parity (code_parity/) checks that each English snippet is the Spanish one with names, prose and
labels translated and nothing else. So when, in the same test session,

1. every pair of blocks has the same shape and is the same program (code parity, page-wide),
2. every figure a run-tier block records (an SVG) is the original's with the translated texts put
   in, drawn at the same coordinates (a drawing laid out around its texts is not), and
3. every recorded output of the translation is the original's recording with the page's
   translated strings put in (`derived_output`): the same lines, the same numbers, the same
   library text; in an output that shows a translated string only the width of its runs of
   spaces may differ (a table's columns padded to a longer heading),

then the original's passing run proves the translation's run: the translation, run, would print
its recordings and draw its figures. Its run item then waits for the original's run and passes
or fails with it; its record says that it was proven so, and its stamp tells the reader. Whatever does not satisfy all
three (and every translation under `make outputs`, or whose original is not part of the session,
as in a shard that did not draw it) runs itself, as before. `why_not` says which.
"""

from __future__ import annotations

import re

from . import code_parity
from .execute import figure_difference, normalize
from .pages import Page, load_page
from .project import DOCS, default_language, rel
from .tiers import CI_TIER, TIERS
from .translations import source_of

MARK_ON, MARK_OFF = "\x00", "\x01"  # around a translated string, to know which lines show one
SPACES = re.compile(r"[ \t]+")


def original_of(page: Page) -> Page | None:
    """The default language's version of a translated page (None for an original)."""
    if page.lang == default_language():
        return None
    path = source_of(page)
    return load_page(path) if path.is_file() else None


def string_pairs(original: Page, translation: Page) -> dict[str, str] | str:
    """What the translation writes differently, original's text -> translation's, for the texts
    an output can show (an f-string's text cut at its expressions); or why there is no one
    translation of each text."""
    pairs = code_parity.page_strings(original, translation)
    if pairs is None:
        return "its code is not the same program as the original's (code parity)"
    table: dict[str, str] = {}
    for a, b in pairs:
        parts_a, parts_b = a.split("{}"), b.split("{}")
        if len(parts_a) != len(parts_b):
            return f"{a!r} and {b!r} format another number of values"
        for x, y in zip(parts_a, parts_b):
            if x == y or not x.strip():
                continue
            if table.setdefault(x, y) != y:
                return f"{x!r} is translated both as {table[x]!r} and as {y!r}"
    # A module the page saves (`piezas.py`) is imported by its stem, and an output can show the
    # stem (a class's __module__, a saved model's config): parity renamed the file one way, so
    # the stem goes with it.
    for x, y in list(table.items()):
        if x.endswith(".py") and y.endswith(".py") and x[:-3].isidentifier() and y[:-3].isidentifier():
            if table.setdefault(x[:-3], y[:-3]) != y[:-3]:
                return f"{x[:-3]!r} is translated both as {table[x[:-3]]!r} and as module {y[:-3]!r}"
    return table


def derived_output(original_output: str, table: dict[str, str]) -> tuple[list[str], set[int]]:
    """The original's recorded output with each translated text put in (longest first, whole
    words only), as lines; and the numbers of the lines that show a translated text."""
    if not table:
        return original_output.splitlines(), set()
    texts = sorted(table, key=len, reverse=True)
    pattern = re.compile(
        "|".join((r"(?<!\w)" if t[0].isalnum() else "") + re.escape(t) + (r"(?!\w)" if t[-1].isalnum() else "") for t in texts)
    )
    marked = pattern.sub(lambda m: MARK_ON + table[m[0]] + MARK_OFF, original_output)
    lines, touched = [], set()
    for n, line in enumerate(marked.splitlines()):
        if MARK_ON in line or MARK_OFF in line:
            touched.add(n)
        lines.append(line.replace(MARK_ON, "").replace(MARK_OFF, ""))
    return lines, touched


def translated_problem(original: str, translation: str, table: dict[str, str], volatile: str | None = None) -> str | None:
    """None when `translation` is the text `original` with the page's translated texts put in
    (before the volatile= mask, which may cover a text's neighbours); else the first line that is not."""
    derived, touched = derived_output(normalize(original), table)
    mask = (lambda t: re.sub(volatile, "…", t)) if volatile else (lambda t: t)
    expected, actual = mask("\n".join(derived)).splitlines(), mask(normalize(translation)).splitlines()
    if len(expected) != len(actual):
        return f"it has {len(actual)} lines, the original's translated has {len(expected)}"
    for n, (x, y) in enumerate(zip(expected, actual)):
        # Where a translated text is shown, a column beside it may be padded to another width.
        if x != y and not (touched and SPACES.sub(" ", x) == SPACES.sub(" ", y)):
            return f"line {n + 1} is not the original's translated:\n  translated original: {x}\n  recorded:            {y}"
    return None


def output_problem(a, b, table: dict[str, str]) -> str | None:
    """None when block b's recording is block a's with the page's translated texts put in."""
    if a.options.get("volatile") != b.options.get("volatile"):
        return f"{b.where}: its volatile= option is not {rel(a.snippet)}'s"
    problem = translated_problem(a.expected, b.expected, table, a.options.get("volatile"))
    return f"{rel(b.output_file)} against {rel(a.output_file)}: {problem}" if problem else None


def figure_problem(a, b, table: dict[str, str]) -> str | None:
    """None when block b's recorded figure is block a's with the translated texts put in, drawn
    the same (a text drawing, SVG, compared as execute.figure_difference compares a run's: its
    coordinates within float noise). A drawing laid out around its texts (tight_layout) moves
    when they are translated: that translation then runs itself."""
    if not (a.options.get("figure") and b.options.get("figure")):
        return f"{b.where}: only one language's block records a figure"
    fa, fb = DOCS / a.options["figure"], DOCS / b.options["figure"]
    if not (fa.is_file() and fb.is_file()):
        return f"{b.where}: a recorded figure is missing"
    try:
        derived = "\n".join(derived_output(fa.read_text(encoding="utf-8"), table)[0]) + "\n"
    except UnicodeDecodeError:
        return f"{rel(fb)}: not a text drawing, so not comparable with {rel(fa)} (only a run of its own can check it)"
    difference = figure_difference(derived.encode(), fb.read_bytes().rstrip(b"\n").replace(b"\r\n", b"\n") + b"\n")
    if difference:
        return f"{rel(fb)} is not {rel(fa)} with its texts translated (laid out around its texts?):\n{difference}"
    return None


def why_not(translation: Page, original: Page | None, parity=code_parity.block_problem) -> str | None:
    """None when the original's run of the CI tier proves the translation's; else why it runs itself.
    parity: how a pair of blocks is compared (code_parity.block_problem; a test gives it a mutant)."""
    if original is None:
        return "it has no original page"
    ta, tb = original.blocks, translation.blocks
    shape = [(b.tier, b.syntax, b.is_file, b.output_file is not None) for b in ta]
    if shape != [(b.tier, b.syntax, b.is_file, b.output_file is not None) for b in tb]:
        return "its blocks are not the original's (tier, syntax, saved file, output)"
    for a, b in zip(ta, tb):
        problem = parity(a, b)
        if problem:
            return f"code parity: {problem}"
    table = string_pairs(original, translation)
    if isinstance(table, str):
        return table
    for a, b in zip(ta, tb):
        if a.tier == CI_TIER and (a.options.get("figure") or b.options.get("figure")):
            problem = figure_problem(a, b, table)
            if problem:
                return problem
        if a.tier != CI_TIER or not TIERS[a.tier].compare or a.is_file or a.output_file is None:
            continue
        if a.expected is None or b.expected is None:
            return f"{b.where}: a recording is missing"
        problem = output_problem(a, b, table)
        if problem:
            return problem
    return None
