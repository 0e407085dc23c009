"""Tables too wide for a phone become one card per row there (site.css, `data-phone="cards"`).

A table cannot be narrower than its widest unbreakable pieces: a long word, or a code name, which
site.css keeps on one line. Three prose columns of those need 400-600 px, and a 360 px phone then
hides the last column behind a sideways scroll that nothing announces. At build time this module
estimates each table's narrowest width from its text (character widths of Material's table font,
within about 10 % of Chromium's min-content width for this site's tables), and marks the tables that
would not fit a 360 px phone at their depth (a list or an admonition takes a margin). Every data
cell gets its column's header as `data-label`, which the cards show above the cell's text.
Wider screens keep the table. The browser suite's phone view holds the result: no table wider
than its column on a 360 px phone (tests/test_browser.py, everything_legible_on_a_phone). A table
inside another is not expected (Markdown writes none) and would put the two passes out of step.
"""

from __future__ import annotations

import html as html_lib
import re
from html.parser import HTMLParser

PHONE_PX = 360  # the narrowest phone the site is read on
PAGE_MARGIN_PX = 32  # Material's margins beside the text on a phone: 0.8rem each side at 20 px
INDENT_PX = 30  # what a list item or an admonition takes from the width of what it holds
MARGIN = 1.1  # the estimate is within about 10 % of the browser's width
PROSE_PX, HEADER_PX, CODE_PX = 7.0, 7.7, 6.6  # a character of a cell, a header, a code name
CELL_PADDING_PX = 32  # Material: 1.25em each side at the table's 0.64rem
NESTING = {"li", "details", "blockquote"}
VOID = {"br", "img", "hr", "input", "wbr", "source", "col", "meta", "link"}


class _Tables(HTMLParser):
    """Each table of a page's HTML, in order: its depth and rows of cells (header flag, pieces)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables: list[dict] = []
        self.open: list[tuple[str, bool]] = []  # (tag, indents its content)
        self.table: dict | None = None
        self.cell: dict | None = None
        self.code = 0

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        classes = (dict(attrs).get("class") or "").split()
        indents = tag in NESTING or (tag == "div" and "admonition" in classes)
        self.open.append((tag, indents))
        if tag == "table" and self.table is None:
            depth = sum(1 for _, i in self.open[:-1] if i)
            self.table = {"depth": depth, "rows": []}
            self.tables.append(self.table)
        elif self.table is None:
            return
        elif tag == "tr":
            self.table["rows"].append([])
        elif tag in ("td", "th") and self.table["rows"]:
            self.cell = {"header": tag == "th", "text": "", "pieces": []}
            self.table["rows"][-1].append(self.cell)
        elif tag == "code" and self.cell is not None:
            self._words()
            self.code += 1

    def _words(self):
        self.cell["pieces"] += [("word", w) for w in self.cell["text"].split()]
        self.cell["text"] = ""

    def handle_endtag(self, tag):
        if any(t == tag for t, _ in self.open):  # a stray end tag closes nothing
            while self.open.pop()[0] != tag:  # an unclosed tag inside closes with its parent
                pass
        if self.table is None:
            return
        if tag == "code" and self.cell is not None and self.code:
            self.code -= 1
            self.cell["pieces"].append(("code", self.cell.pop("code_text", "")))
        elif tag in ("td", "th") and self.cell is not None:
            self._words()
            self.cell = None
        elif tag == "table":
            self.table = None

    def handle_data(self, data):
        if self.cell is None:
            return
        if self.code:
            self.cell["code_text"] = self.cell.get("code_text", "") + data
        else:
            self.cell["text"] += data


def narrowest_px(rows: list[list[dict]]) -> float:
    """The estimated min-content width of a table: per column, its widest unbreakable piece."""
    columns: dict[int, float] = {}
    for row in rows:
        for i, cell in enumerate(row):
            widest = max(
                (
                    len(t) * (CODE_PX if kind == "code" else HEADER_PX if cell["header"] else PROSE_PX)
                    for kind, t in cell["pieces"]
                ),
                default=0,
            )
            columns[i] = max(columns.get(i, 0.0), widest + CELL_PADDING_PX)
    return sum(columns.values())


def _labels(rows: list[list[dict]]) -> list[str]:
    header = next((r for r in rows if r and all(c["header"] for c in r)), [])
    return [" ".join(t for _, t in c["pieces"]) for c in header]


def _label_cells(table_html: str, labels: list[str]) -> str:
    """Each <td> gets its column's header as data-label (the count restarts at each row)."""
    column = 0

    def one(m: re.Match) -> str:
        nonlocal column
        if m[0] == "<tr>":
            column = 0
            return m[0]
        column += 1
        name = labels[column - 1] if column <= len(labels) else ""
        return f'<td data-label="{html_lib.escape(name, quote=True)}"' if name else m[0]

    return re.sub(r"<tr>|<td(?=[\s>])", one, table_html)


def mark(page_html: str) -> str:
    """The page's HTML with its too-wide tables marked for phones and their cells labelled."""
    parser = _Tables()
    parser.feed(page_html)
    parser.close()
    tables = iter(parser.tables)  # the parser and the pattern below meet the tables in the same order

    def one(match: re.Match) -> str:
        table = next(tables)
        fits = narrowest_px(table["rows"]) * MARGIN <= PHONE_PX - PAGE_MARGIN_PX - INDENT_PX * table["depth"]
        if fits or match[1]:  # a table written in HTML, with its own attributes, is left as written
            return match[0]
        return '<table data-phone="cards">' + _label_cells(match[0][len("<table>") :], _labels(table["rows"]))

    return re.sub(r"<table(\s[^>]*)?>.*?</table>", one, page_html, flags=re.S)
