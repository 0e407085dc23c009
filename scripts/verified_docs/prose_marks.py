"""The prose's masks and labels: what is prose text (not code, math, links or tags), and the labels
a reader sees after a figure (`^fuente^`/`^source^`, `^generador^`/`^generator^`), rendered as a
small <sup> with a tooltip.

The build and the notebooks render with this module only; the tracer that checks the numbers
(prose_numbers) reads the same masks and labels.

A page built from source documents lists them in its front matter (`sources:`); the build writes
that list at the top of the page's "Fuentes"/"Sources" section (adding the section at the end if the
page has none) and links every `^fuente^`/`^source^` mark to it. A mark on a page that lists no
source fails the build: it would name a document the reader cannot find.
"""

from __future__ import annotations

import html
import re
from dataclasses import replace

from .pages import FENCE, Page, PageError, Prose

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
# The section a source mark links to, per language: its heading, its anchor (MkDocs' slug of the
# heading) and the words of the generated list.
SOURCES = {
    "es": {
        "heading": "Fuentes",
        "anchor": "fuentes",
        "intro": "Esta página se basa en estos documentos; las cifras marcadas como suyas (con «fuente») no se han medido aquí:",
    },
    "en": {
        "heading": "Sources",
        "anchor": "sources",
        "intro": "This page is built from these documents; the figures marked as theirs (with “source”) were not measured here:",
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


def render_text(text: str, lang: str, sources_anchor: str | None = None) -> str:
    """Labels outside code become <sup class="trace trace--KIND" title="…">word</sup>; with
    `sources_anchor`, a source label is also a link to that section of the page."""
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
        # a no-break space: the label never starts a line apart from the figure it qualifies;
        # but a label that starts a source line keeps that line's indentation, or it would
        # leave the fold or list it is written in
        starts_line = not before[before.rfind("\n") + 1 :].strip()
        out.append(before[:-1] + "\u00a0" if before.endswith(" ") and not starts_line else before)
        mark = f'<sup class="trace trace--{kind}" title="{html.escape(TITLES[lang][kind])}">{m["word"]}</sup>'
        out.append(f'<a class="trace-link" href="#{sources_anchor}">{mark}</a>' if kind == "source" and sources_anchor else mark)
        last = m.end()
    return "".join(out) + text[last:]


def source_marks(page: Page) -> list[int]:
    """The page lines that carry a source label (outside code)."""
    word = LABELS[page.lang]["source"]
    found = []
    for item in page.items:
        if isinstance(item, Prose):
            masked = _mask("\n".join(item.lines)).split("\n")
            found += [item.start + k for k, line in enumerate(masked) if f"^{word}^" in line]
    return found


def sources_list(page: Page) -> list[str]:
    """The Markdown list of the page's front-matter `sources` (kind, title linked where a URL
    exists, note); [] when it lists none."""
    listed = page.meta.get("sources") or []
    lines = []
    for n, source in enumerate(listed, 1):
        if not isinstance(source, dict) or not source.get("title") or not source.get("kind"):
            raise PageError(f"{page.path}: front matter sources[{n}] needs a kind and a title (optional: url, note)")
        title = f"[{source['title']}]({source['url']})" if source.get("url") else f"*{source['title']}*"
        note = f", {source['note']}" if source.get("note") else ""
        lines.append(f"- {source['kind']}: {title}{note}.")
    return lines


def with_sources(page: Page) -> Page:
    """The page with its sources listed under its sources heading (added at the end if missing)."""
    listed = sources_list(page)
    marks = source_marks(page)
    words = SOURCES[page.lang]
    if marks and not listed:
        raise PageError(
            f"{page.path}:{marks[0]}: a ^{LABELS[page.lang]['source']}^ mark, but the page lists no source: add the document "
            f"it quotes to the front matter's `sources:` (kind, title, url where it has one)"
        )
    if not listed:
        return page
    block = ["", words["intro"], "", *listed, ""]
    heading = f"## {words['heading']}"
    items = list(page.items)
    for k, item in enumerate(items):
        if isinstance(item, Prose) and heading in item.lines:
            at = item.lines.index(heading) + 1
            items[k] = Prose(item.lines[:at] + block + item.lines[at:], item.start)
            return replace(page, items=items)
    last = items[-1].start if items else 1
    return replace(page, items=[*items, Prose(["", heading, *block], last)])


def render(page: Page) -> Page:
    """The page with its sources listed and its prose labels rendered (a build step)."""
    page = with_sources(page)
    anchor = SOURCES[page.lang]["anchor"] if page.meta.get("sources") else None
    items = [
        Prose(render_text("\n".join(i.lines), page.lang, anchor).split("\n"), i.start) if isinstance(i, Prose) else i
        for i in page.items
    ]
    return replace(page, items=items)
