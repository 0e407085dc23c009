"""The prose's masks and labels: what is prose text (not code, math, links or tags), and the labels
a reader sees after a figure (`^fuente^`/`^source^`, `^generador^`/`^generator^`), rendered as a
small <sup> with a tooltip.

The build and the notebooks render with this module only; the tracer that checks the numbers
(prose_numbers) reads the same masks and labels.
"""

from __future__ import annotations

import html
import re
from dataclasses import replace

from .pages import FENCE, Page, Prose

# The label words, per language and kind, and what the rendered label's tooltip says.
LABELS = {
    "es": {"source": "fuente", "generator": "generador", "cited": "citado"},
    "en": {"source": "source", "generator": "generator", "cited": "cited"},
}
TITLES = {
    "es": {
        "source": "Cifra del documento fuente, no medida en este sitio",
        "cited": "Cifra de la página enlazada en este mismo párrafo, no medida en este sitio",
        "generator": "Parámetro del generador de los datos sintéticos (make_vol5.py)",
    },
    "en": {
        "source": "Figure from the source document, not measured on this site",
        "cited": "Figure from the page linked in this same paragraph, not measured on this site",
        "generator": "Parameter of the synthetic data generator (make_vol5.py)",
    },
}
LABEL = re.compile(r"\^(?P<word>[^\W\d_]+)\^")


def _mask(text: str) -> str:
    """The prose with everything that is not prose text blanked (same length, newlines kept):
    fence lines, HTML comments, code spans, math, link targets, URLs, HTML tags, placeholders."""
    chars = list(text)

    def blank(a: int, b: int) -> None:
        for k in range(a, b):
            if chars[k] != "\n":
                chars[k] = " "

    def current() -> str:
        return "".join(chars)

    pos = 0
    for line in text.split("\n"):  # fence lines of diagrams: their content is prose
        if FENCE.match(line):
            blank(pos, pos + len(line))
        pos += len(line) + 1
    for m in re.finditer(r"<!--.*?-->", current(), re.S):
        blank(*m.span())
    _mask_code_spans(current(), blank)
    for pattern in (
        r"\$\$.*?\$\$",
        r"\\\(.*?\\\)",
        r"\\\[.*?\\\]",
        r"(?<![\\$])\$(?!\s)[^$\n]+?(?<!\s)\$",
        r"\{\{.*?\}\}",
        r"\]\([^)\s]*(?:\s+\"[^\"]*\")?\)",
        r"<https?://[^>\s]+>",
        r"https?://[^\s)>\]]+",
        r"^\s*\[[^\]]+\]:\s*\S+.*$",
        r"</?[A-Za-z][^>\n]*>",
        r"\{:[^}\n]*\}",
    ):
        for m in re.finditer(pattern, current(), re.S | re.M):
            blank(*m.span())
    return current()


def _mask_code_spans(text: str, blank) -> None:
    """CommonMark code spans: a run of n backticks up to the next run of exactly n, within a
    paragraph (a span may cross a line break, not a blank line)."""
    runs = [(m.start(), m.end()) for m in re.finditer(r"`+", text)]
    i = 0
    while i < len(runs):
        a, b = runs[i]
        n = b - a
        for j in range(i + 1, len(runs)):
            c, d = runs[j]
            if re.search(r"\n[ \t]*\n", text[b:c]):
                break
            if d - c == n:
                blank(a, d)
                i = j
                break
        i += 1


def render_text(text: str, lang: str) -> str:
    """Labels outside code become <sup class="trace trace--KIND" title="…">word</sup>."""
    if "^" not in text:
        return text
    masked = _mask(text)
    words = {w: k for k, w in LABELS[lang].items()}
    out, last = [], 0
    for m in LABEL.finditer(masked):
        kind = words.get(m["word"])
        if kind is None:
            continue
        before = text[last : m.start()]
        # a no-break space: the label never starts a line apart from the figure it qualifies
        out.append(before[:-1] + "\u00a0" if before.endswith(" ") else before)
        out.append(f'<sup class="trace trace--{kind}" title="{html.escape(TITLES[lang][kind])}">{m["word"]}</sup>')
        last = m.end()
    return "".join(out) + text[last:]


def render(page: Page) -> Page:
    """The page with its prose labels rendered (a build step)."""
    items = [
        Prose(render_text("\n".join(i.lines), page.lang).split("\n"), i.start) if isinstance(i, Prose) else i for i in page.items
    ]
    return replace(page, items=items)
