"""Prose references to a section: each one a link whose anchor names the section it quotes.

A page points the reader elsewhere by quoting a heading («Paso 3», "Troubleshooting") or the
title of an admonition (a troubleshooting entry `??? failure "…"`). MkDocs' strict build checks
links and their anchors (mkdocs.yml `validation: anchors`), but not a quoted title in plain
text: rename the heading and the prose still sends the reader to a section that no longer
exists. So every such quote must be the label of a link, `[«Paso 3»](#paso-3-...)`, and the link
must go where the quote says:

- to the heading it quotes (on this page or another page of the same language), or
- to the section that holds the admonition it quotes (admonitions have no anchor of their own).

A quote is taken as a reference when it names a heading or an admonition title of a page of its
language (exactly, as the part of a heading before its colon, as a long title's opening words, or with "…"
standing for a cut),
or when a cue word just before it says it is one (ver, entrada, sección / see, entry, section).
A cue-word quote that names nothing is a reference to a section that does not exist, and so is a
quote that labels a link to a section of this site but names no title there.

Upstream: MkDocs validates anchors of links but has no notion of a reference written as text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown.extensions.toc import slugify, unique

from .pages import FENCE, Page, Prose, rel
from .prose_marks import _mask  # the one reading of what is prose text (code spans, comments, link targets blanked)

HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)(?:[ \t]+\{[^}]*#([\w-]+)[^}]*\})?[ \t]*#*[ \t]*$")
ADMONITION = re.compile(r'^[ \t]*(?:!!!|\?\?\?\+?)[ \t]+[\w-]+(?:[ \t]+[\w-]+)*[ \t]+"(.*)"[ \t]*$')
# Quotes by language: Spanish «…», English "…" or “…”, never across a blank line.
QUOTES = {
    "es": re.compile(r"«([^»]{1,300}?)»"),
    "en": re.compile(r'"([^"\n]+(?:\n(?![ \t]*\n)[^"\n]*){0,3}?)"|“([^”]{1,300}?)”'),
}
CUES = {
    "es": re.compile(r"\b(?:ver|véase|vea|entrada|sección|apartado)\s*$", re.IGNORECASE),
    "en": re.compile(r"\b(?:see|entry|section)\s*$", re.IGNORECASE),
}
LINK = re.compile(r"\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*([^)\s]+)(?:\s+\"[^\"]*\")?\s*\)")


@dataclass(frozen=True)
class Section:
    page: str  # Page.slug
    anchor: str
    title: str  # the heading's text as written (inline code included)
    entries: tuple[str, ...]  # admonition titles between this heading and the next one


def plain(title: str) -> str:
    """A title as prose compares it: whitespace collapsed, nothing else changed."""
    return " ".join(title.split())


def anchor_of(title: str, used: set) -> str:
    """The id the toc extension gives a heading (mkdocs.yml uses its default slugify)."""
    text = re.sub(r"[`*_]", "", title)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return unique(slugify(text, "-"), used)


def _prose_text(page: Page) -> list[tuple[str, int]]:
    """Each prose run as (text, first line), with diagram fences blanked (same line count)."""
    out = []
    for item in page.items:
        if not isinstance(item, Prose):
            continue
        lines, fence = list(item.lines), None
        for i, line in enumerate(lines):
            m = FENCE.match(line)
            if fence is None and m:
                fence = m["fence"]
                lines[i] = ""
            elif fence is not None:
                if line.strip() == fence:
                    fence = None
                lines[i] = ""
        out.append(("\n".join(lines), item.start))
    return out


def sections(page: Page) -> list[Section]:
    found, used, current, entries = [], set(), None, []

    def close():
        if current:
            found.append(Section(page.slug, current[0], current[1], tuple(entries)))

    for text, _ in _prose_text(page):
        for line in text.splitlines():
            if m := HEADING.match(line):
                close()
                current, entries = (m[3] or anchor_of(m[2], used), m[2].strip()), []
            elif (m := ADMONITION.match(line)) and current:
                entries.append(m[1])
    close()
    return found


def _names(quote: str, title: str) -> bool:
    q, t = plain(quote), plain(title)
    if q == t or (t.startswith(q + ":") and len(q) > 3):
        return True
    # The opening words of a long title stand for it: «`HIP error: …`» for the whole entry title.
    if len(q) >= 12 and t.startswith(q) and t[len(q)] in " ,:":
        return True
    if "…" in q:
        parts = [re.escape(p.strip()) for p in q.split("…") if p.strip()]
        return bool(parts) and re.fullmatch(r".*?".join(parts) + r".*", t) is not None and t.startswith(q.split("…")[0].strip())
    return False


def named(quote: str, secs: list[Section]) -> list[tuple[Section, bool]]:
    """The sections a quote names: (section, True) for its heading, (section, False) for one of its entries."""
    out = [(s, True) for s in secs if _names(quote, s.title)]
    out += [(s, False) for s in secs if any(_names(quote, e) for e in s.entries)]
    return out


def problems(pages: list[Page]) -> list[str]:
    """What is wrong with the section references of every page, each naming page, language and line."""
    by_lang: dict[str, dict[str, list[Section]]] = {}
    for p in pages:
        by_lang.setdefault(p.lang, {})[p.slug] = sections(p)
    found = []
    for page in pages:
        every = [s for secs in by_lang[page.lang].values() for s in secs]
        quotes = QUOTES.get(page.lang)
        if quotes is None:
            continue
        for text, start in _prose_text(page):
            masked = _mask(text)  # same length as text: positions agree
            # Links are read in the text (the mask blanks their targets), where the mask kept the label.
            links = [(m.start(1), m.end(1), m[2]) for m in LINK.finditer(text) if masked[m.start()] == "["]
            for m in quotes.finditer(masked):
                group = 1 if m.group(1) is not None else 2
                quote = text[m.start(group) : m.end(group)]
                end = text.find("\n", m.start())
                line_text = text[text.rfind("\n", 0, m.start()) + 1 : end if end >= 0 else len(text)]
                if ADMONITION.match(line_text) or HEADING.match(line_text):
                    continue  # a definition, not a reference
                where = f"{rel(page.path)} [{page.lang}], line {start + text.count(chr(10), 0, m.start())}"
                target = next((t for a, b, t in links if a <= m.start() and m.end() <= b), None)
                matches = named(quote, every)
                cue = CUES[page.lang].search(masked[max(0, m.start() - 30) : m.start()])
                if target is None:
                    if matches:
                        s, heading = matches[0]
                        label = "section" if heading else f"entry of the section «{s.title}»"
                        shape = "[«…»]" if page.lang == "es" else '["…"]'
                        there = "" if s.page == page.slug else s.page.split("/")[-1] + ".md"
                        found.append(
                            f"{where}: «{plain(quote)}» refers to the {label} but is not a link; "
                            f"write it as {shape}({there}#{s.anchor})"
                        )
                    elif cue:
                        found.append(
                            f"{where}: «{plain(quote)}» follows «{cue[0].strip()}» but no heading or entry of a {page.lang} page has that title"
                        )
                    continue
                if re.match(r"^[a-z]+:", target):
                    continue  # an external page: its titles are not ours to check
                path, _, anchor = target.partition("#")
                slug = page.slug if not path else re.sub(r"\.md$", "", (page.path.parent / path).resolve().name)
                slug = re.sub(rf"\.{page.lang}$", "", slug)
                secs = by_lang[page.lang].get(slug, [])
                hits = [(s, h) for s, h in matches if s.page == slug]
                if not any(s.anchor == anchor for s, _ in hits):
                    want = ", ".join(f"#{s.anchor}" for s, _ in hits) or "none: no heading or entry there has that title"
                    known = "" if secs or slug == page.slug else f" (no {page.lang} page {slug!r})"
                    found.append(
                        f"{where}: the link «{plain(quote)}» goes to {target}{known}, not to the section it names ({want})"
                    )
    return found
