"""Numbers in the prose are traced: each comes from what the page ran, or says where it is from.

A number is a digit run in a page's prose that is not part of a word (gfx1102, MobileNetV2), with
its decimals (comma or point), thousands ("2 944", English "2,944") and exponent (1e-6). Code
spans, link targets, URLs, HTML tags and comments, math ($…$, $$…$$) and bench placeholders are
not prose; diagrams (mermaid) are. Each number (`numbers`) is one of:

- exempt by rule (prose_number_rules.RULES, one documented function each): a version or product model (2.21.0,
  Python 3.13, RX 7600), a page's name, a lesson/module id, a year, a date, a step, exercise or
  question number, an enumerator, an issue number;
- marked with a label the reader sees, written right after the phrase: `^fuente^` / `^source^`
  (the source document's figure, not measured here), `^citado^` / `^cited^` (the figure of a page
  the same paragraph links to: the link must be there) or `^generador^` / `^generator^` (a
  parameter of the data generator: the number must appear in scripts/make_vol5.py). A label
  covers the numbers written before it in its clause, back to the previous label, a clause break
  (`. `, `; `, `: `, `? `, `! `), an opening parenthesis still open, or the start of the table
  cell, list item, heading or paragraph; in a table's header row it covers the whole table. A
  label takes precedence over tracing in its clause, so a traced number does not share a clause
  with a label. The build renders labels as a small <sup> (prose_marks);
- traced (`_trace`) to a recorded output ("output"), the page's code ("code") or what a bench
  placeholder stands for ("bench": the measured program's code, a committed record's figures),
  near the prose first and further away only for a value that does not recur by chance.

Anything else is a problem (`problems`): page, language, line, and the fix, with the nearest output
values when the number looks like a restated output that changed. So is a label that covers no
number, a label in the other language, a generator label on a number the generator lacks, or a
cited label in a paragraph that links to no page.
"""

from __future__ import annotations

import re
import tokenize
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal, InvalidOperation
from functools import cache
from io import StringIO
from pathlib import Path

from .pages import Block, Page, Prose
from .project import ROOT, rel
from .prose_marks import LABEL, LABELS, _mask
from .prose_number_rules import LETTER, RULES, SPACE

GENERATOR = ROOT / "scripts" / "make_vol5.py"
SPECIFIC = 3  # significant digits from which a number traces to any earlier block of its page

# A number: digits, optional space-grouped thousands (or comma-grouped in English), decimals,
# exponent. Not preceded by a word character, a decimal mark, or a letter and hyphen (ResNet-50);
# a word character right after it makes it part of a word (8GB), unless it is a version (2.22.0rc0).
NUMBER = re.compile(
    rf"(?<![\w.,])(?<!{LETTER}-)"
    rf"(?P<num>(?:\d{{1,3}}(?:[{SPACE}]\d{{3}}(?!\d))+|\d+)(?:[.,]\d+)*(?:[eE][-+−]?\d+)?)"
)
CODE_NUMBER = re.compile(r"(?<![\w.])(\d[\d_]*(?:\.\d+)?(?:[eE][-+]?\d+)?|\.\d+)(?![\w.]\d|[\w])")


@dataclass
class Number:
    """One number in a page's prose. `line` is 1-based in the page file; `col` is the 0-based
    index of `text` in that file line (line_text[col:col + len(text)] == text)."""

    page: Path
    lang: str
    line: int
    col: int
    text: str
    value: Decimal | None
    how: str | None = None  # output, code, source, generator, exempt:<rule>, or None (untraced)
    where: str | None = None  # the file that traced it (output or code snippet, or generator)
    section: int = 0
    percent: bool = False  # written as a percentage: 20 % also traces to 0.2

    @property
    def end(self) -> int:
        return self.col + len(self.text)

    @property
    def at(self) -> str:
        return f"{rel(self.page)}:{self.line} [{self.lang}]"


@dataclass
class Label:
    line: int
    col: int
    kind: str | None  # source / generator; None for an unknown or other-language word
    word: str
    covers: list


# ------------------------------------------------------------------------------ text handling


def _value(text: str, lang: str) -> Decimal | None:
    """The number as a Decimal: separators removed, the decimal mark made a point."""
    t = re.sub(f"[{SPACE}]", "", text).replace("−", "-")
    if lang == "en" and re.fullmatch(r"[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?(?:[eE][-+]?\d+)?", t):
        t = t.replace(",", "")  # English thousands: 2,944
    t = t.replace(",", ".")
    try:
        return Decimal(t)
    except InvalidOperation:
        return None


def output_figures(block: Block) -> list[Decimal]:
    """The numbers of a block's recorded output that are compared: its volatile spans (timings,
    which no two runs share and CI does not compare) trace nothing."""
    text = block.expected or ""
    if block.options.get("volatile"):
        text = re.sub(block.options["volatile"], " ", text)
    return _code_values(text)


def code_figures(code: str, syntax: str) -> list[Decimal]:
    """The numbers a program uses: Python number tokens (not its comments or docstrings), or the
    words of a shell command outside its comments."""
    if syntax == "python":
        try:
            return [
                v
                for tok in tokenize.generate_tokens(StringIO(code).readline)
                if tok.type == tokenize.NUMBER
                for v in _code_values(tok.string)
            ]
        except (tokenize.TokenError, SyntaxError, IndentationError):
            return _code_values(code)
    return _code_values("\n".join(re.sub(r"(^|\s)#.*", "", line) for line in code.splitlines()))


def _code_values(text: str) -> list[Decimal]:
    out = []
    for m in CODE_NUMBER.finditer(text):
        try:
            out.append(Decimal(m[1].replace("_", "")))
        except InvalidOperation:
            pass
    return out


def _matches(prose: Decimal, other: Decimal, percent: bool = False, rounded: bool = True) -> bool:
    """`other` (from an output or code) is the prose number: equal, or (`rounded`) rounded to the
    prose's last digit when the prose writes decimals and two significant digits or more (one
    digit is too coarse to name a value); `20 %` also matches 0.2."""
    if percent and _matches(prose / 100, other, rounded=rounded):
        return True
    p, o = abs(prose), abs(other)
    if p == o:
        return True
    if not rounded or _significant(prose) < 2:
        return False
    exp = prose.as_tuple().exponent
    if exp >= 0 or o.as_tuple().exponent >= exp:
        return False  # an integer in prose is exact; a rounding needs more digits in the output
    quantum = Decimal(1).scaleb(exp)
    return any(o.quantize(quantum, rounding=r) == p for r in (ROUND_HALF_EVEN, ROUND_HALF_UP))


def _significant(value: Decimal) -> int:
    """Digits as written, leading zeros aside: 160 and 0,172 have three, 1e-6 one."""
    return len(value.as_tuple().digits)


def _specific(num: Number) -> bool:
    """Specific enough to trace to any earlier block of the page: three significant digits or
    more, or written with an exponent (1e-6): such a value does not recur by chance."""
    return _significant(num.value) >= SPECIFIC or bool(re.search(r"[eE]", num.text))


# ------------------------------------------------------------------------------ structure


def _names(masked: str) -> set[str]:
    """Capitalised words written in mid-sentence somewhere in the prose: proper names."""
    return {m[1] for m in re.finditer(rf"(?<=[\w,] )[*_]*([A-ZÁÉÍÓÚÑ]{LETTER}+)", masked)}


def _tables(masked: str) -> list[tuple[int, int, list[tuple[int, int]]]]:
    """(start, end, header cells as spans) of each table: consecutive lines starting with |."""
    out, pos, cur = [], 0, None
    for line in masked.split("\n"):
        if line.lstrip().startswith("|"):
            if cur is None:
                cells, off = [], pos + line.index("|")
                for m in re.finditer(r"\|([^|]*)(?=\|)", line[line.index("|") :]):
                    cells.append((off + m.start(1), off + m.end(1)))
                cur = [pos, pos + len(line), cells]
            cur[1] = pos + len(line)
        elif cur is not None:
            out.append(tuple(cur))
            cur = None
        pos += len(line) + 1
    if cur is not None:
        out.append(tuple(cur))
    return out


def _column(masked: str, at: int) -> int | None:
    """Index of the table cell that holds position `at` in its line (None outside a table)."""
    start = masked.rfind("\n", 0, at) + 1
    before = masked[start:at]
    if not masked[start:].lstrip().startswith("|"):
        return None
    return before.count("|") - 1


STARTER = re.compile(r"[ \t]*(?:[-*+][ \t]|\d+\.[ \t]|#|!!!|\?\?\?|\|)")


def _clause_start(masked: str, at: int, floor: int) -> int:
    """Where the clause holding position `at` starts: a clause break (`. `, `; `, `: `, `? `,
    `! `), a table cell, an opening parenthesis still open at `at` (a label inside a
    parenthesis covers the parenthesis), the start of a list item, heading, admonition title or
    paragraph, and never before `floor` (the end of the previous label)."""
    lines = masked[:at].split("\n")
    i = len(lines) - 1
    while i > 0 and not STARTER.match(lines[i]) and lines[i - 1].strip():
        i -= 1
    start = sum(len(ln) + 1 for ln in lines[:i])
    breaks = [start + m.end() for m in re.finditer(r"[.;:!?](?=\s)|\|", masked[start:at])]
    opened = []
    for k in range(start, at):
        if masked[k] == "(":
            opened.append(k + 1)
        elif masked[k] == ")" and opened:
            opened.pop()
    return max([start, floor, *breaks, *opened])


# ------------------------------------------------------------------------------ the page


@cache
def generator_values(path: Path = GENERATOR) -> tuple[Decimal, ...]:
    """Every number written in the generator: its code literals, comments and docstring."""
    text = path.read_text(encoding="utf-8")
    values = _code_values(text)
    for tok in tokenize.generate_tokens(StringIO(text).readline):
        if tok.type in (tokenize.COMMENT, tokenize.STRING):
            values += [v for m in NUMBER.finditer(tok.string) if (v := _value(m["num"], "en")) is not None]
    return tuple(values)


def _sections(page: Page) -> list[tuple[object, int]]:
    """Each item with the index of its section (0 before the first H2, +1 at each H2)."""
    out, section = [], 0
    for item in page.items:
        if isinstance(item, Prose):
            out.append((item, section))
            section += sum(1 for ln in item.lines if ln.startswith("## "))
        else:
            out.append((item, section))
    return out


def _bench_pools(page: Page, items: list) -> list:
    """What the page's bench placeholders stand for, per placeholder and section: the code of the
    program the figure measures (bench_inputs.PROGRAMS: its epochs, batch, image size), and, for a record
    committed to the repository ({{ bench@NAME:… }}), the figures as rendered. The build's own
    record differs from machine to machine, so its figures trace nothing."""
    from . import bench_inputs, figures

    pools, cache = [], {}
    for index, (item, base) in enumerate(items):
        if not isinstance(item, Prose):
            continue
        for i, line in enumerate(item.lines):
            for m in figures.PLACEHOLDER.finditer(line):
                section = _section_of_line(item, base, i)
                program = bench_inputs.PROGRAMS.get(figures.measurement(m["expr"]))
                if program:
                    path = ROOT / program[0]
                    pools.append(("bench", section, index, path, code_figures(path.read_text(encoding="utf-8"), "python")))
                if m["name"] is None:
                    continue
                where = f"{rel(page.path)}:{item.start + i}"
                try:
                    record = figures.record_for(m["name"], where, cache)
                    shown = figures.render(m["expr"], record, page.lang, committed=True, where=where)
                except figures.FigureError:
                    continue  # reported by the figures step
                path = ROOT / "bench" / "records" / f"{m['name']}.json"
                values = [
                    v for n in NUMBER.finditer(re.sub(r"<[^>]*>", " ", shown)) if (v := _value(n["num"], page.lang)) is not None
                ]
                pools.append(("bench", section, index, path, values))
    return pools


def _section_of_line(item: Prose, base: int, i: int) -> int:
    return base + sum(1 for ln in item.lines[: i + 1] if ln.startswith("## "))


def _pools(page: Page, items: list) -> list:
    """(kind, section, block index, file, figures) for every output, code and bench program a
    prose number may restate."""
    blocks = [(k, b, s) for k, (b, s) in enumerate(items) if isinstance(b, Block)]
    return (
        [("output", s, k, b.output_file, output_figures(b)) for k, b, s in blocks if b.expected]
        + [("code", s, k, b.snippet, code_figures(b.code, b.syntax)) for k, b, s in blocks]
        + _bench_pools(page, items)
    )


def produced_figures(page: Page, generator: Path = GENERATOR) -> list[Decimal]:
    """Every figure the page's outputs, code, bench programs and data generator hold."""
    return [v for *_, values in _pools(page, _sections(page)) for v in values] + list(generator_values(generator))


def value_of(text: str, lang: str) -> Decimal | None:
    """A number as written in `lang`'s prose (2 944, 0,1735, 1e-6), as a Decimal."""
    return _value(text, lang)


def same_figure(prose: Decimal, other: Decimal, percent: bool = False) -> bool:
    """Whether a prose number states `other` (equal, or its rounding; a percentage of it)."""
    return _matches(prose, other, percent)


def _links_out(text: str, links: list, at: int) -> bool:
    """Whether the paragraph (or table) holding position `at` links to a page (http or another .md)."""
    lo = text.rfind("\n\n", 0, at)
    hi = text.find("\n\n", at)
    hi = len(text) if hi < 0 else hi
    return any(lo <= a and b <= hi and re.match(r"https?://|[\w./-]+\.md", target) for a, b, target in links)


def analyse(page: Page, generator: Path = GENERATOR) -> tuple[list[Number], list[Label], list[str]]:
    """All numbers and labels of the page's prose, traced, and the problems found."""
    lang = page.lang
    items = _sections(page)
    blocks = [(k, b, s) for k, (b, s) in enumerate(items) if isinstance(b, Block)]
    pools = _pools(page, items)
    known = {w: (k, lg) for lg in LABELS for k, w in LABELS[lg].items()}
    names = set().union(*(_names(_mask("\n".join(i.lines))) for i, _ in items if isinstance(i, Prose)))
    numbers: list[Number] = []
    labels: list[Label] = []
    problems: list[tuple[int, str]] = []
    for index, (item, base) in enumerate(items):
        if not isinstance(item, Prose):
            continue
        before = max((k for k, _, _ in blocks if k < index), default=None)
        after = min((k for k, _, _ in blocks if k > index), default=None)
        near = {"output": {before}, "code": {before, after}}
        text = "\n".join(item.lines)
        masked = _mask(text)
        starts = [0]
        for ln in item.lines:
            starts.append(starts[-1] + len(ln) + 1)

        def locate(pos: int) -> tuple[int, int]:
            i = max(k for k in range(len(item.lines)) if starts[k] <= pos)
            return i, pos - starts[i]

        tables = _tables(masked)

        def table_header(pos: int) -> str:
            for a, b, cells in tables:
                if a <= pos <= b:
                    col = _column(masked, pos)
                    return text[cells[col][0] : cells[col][1]] if col is not None and col < len(cells) else ""
            return ""

        links = [(m.start(1), m.end(1), m[2]) for m in re.finditer(r"\[([^\]]*)\]\(([^)\s]+)\)", text)]
        ctx = {"names": names, "table_header": table_header, "links": links, "slug": page.slug}
        found: list[tuple[int, Number]] = []
        for m in NUMBER.finditer(masked):
            start, end = m.span("num")
            raw = m["num"]
            if re.match(r"\w*\d", masked[end:]):
                continue  # digits further on in the same word: an identifier (2x3y), not a quantity
            i, col = locate(start)
            num = Number(
                page.path,
                lang,
                item.start + i,
                col,
                text[start:end],
                _value(raw, lang),
                section=_section_of_line(item, base, i),
                percent=bool(re.match(r"[ \u00a0\u202f]?%", masked[end:])),
            )
            for name, rule in RULES.items():
                if rule(masked, start, end, lang, ctx):
                    num.how = f"exempt:{name}"
                    break
            found.append((start, num))
        item_labels: list[tuple[int, int, Label]] = []
        for m in LABEL.finditer(masked):
            word = m["word"]
            if word not in known:
                continue
            kind, wlang = known[word]
            i, col = locate(m.start())
            label = Label(item.start + i, col, kind if wlang == lang else None, word, [])
            item_labels.append((m.start(), m.end(), label))
            if kind == "cited" and not _links_out(text, links, m.start()):
                problems.append(
                    (
                        label.line,
                        f"{rel(page.path)}:{label.line} [{lang}]: ^{word}^ says the figure comes from the page this "
                        "paragraph links to, but the paragraph (or table) links to no page: add the link to where the "
                        "figure is published",
                    )
                )
            if wlang != lang:
                problems.append(
                    (
                        label.line,
                        f"{rel(page.path)}:{label.line} [{lang}]: ^{word}^ is the {wlang} label; "
                        f"on a {lang} page write ^{LABELS[lang][kind]}^",
                    )
                )
        # Labels cover their clause (a header-row label, its whole table).
        floor = 0
        for a, b, label in item_labels:
            lo = _clause_start(masked, a, floor)
            hi = a
            for ta, tb, _ in tables:
                if ta <= a <= tb and "\n" not in masked[ta:a]:
                    lo, hi = ta, tb
            floor = b
            for start, num in found:
                if lo <= start < hi and not (num.how or "").startswith("exempt") and label.kind:
                    num.how = label.kind
                    label.covers.append(num)
            labels.append(label)
        for _, num in found:
            if num.how is None and num.value is not None:
                _trace(num, pools, near, index)
            elif num.how == "generator":
                if not any(_matches(num.value, v, rounded=False) for v in generator_values(generator)):
                    problems.append(
                        (
                            num.line,
                            f'{num.at}: "{num.text}" is marked ^{LABELS[lang]["generator"]}^ but {rel(generator)} has no such '
                            f"number{_nearest(num, [(generator, generator_values(generator))])}; write the generator's value, "
                            f"or ^{LABELS[lang]['source']}^ if it is the source's figure",
                        )
                    )
                else:
                    num.where = rel(generator)
            numbers.append(num)
        for _, _, label in item_labels:
            if label.kind and not label.covers:
                problems.append(
                    (
                        label.line,
                        f"{rel(page.path)}:{label.line} [{lang}]: the label ^{label.word}^ covers no number: a label covers the "
                        "numbers written before it in its clause (back to the previous label, `. `, `; `, `: `, an open "
                        "parenthesis, the table cell, list item or paragraph start; in a table's header row, the whole table). "
                        "Put it right after the number it qualifies, or remove it",
                    )
                )
    for num in numbers:
        if num.how is None:
            problems.append((num.line, _untraced_message(num, [(p, v) for k, _, _, p, v in pools if k == "output"])))
    return numbers, labels, [msg for _, msg in sorted(problems, key=lambda x: x[0])]


def _trace(num: Number, pools: list, near: dict, index: int) -> None:
    """Trace a number to the closest pool that holds it, in three widening steps. The further the
    step, the stricter the match, so that a number changed by one digit does not find another
    value to hide behind:

    1. near: the output of the block just before the prose, the code of the blocks just before
       and after it (a rounding of a longer output value counts);
    2. the outputs and code of earlier blocks in the same section (the exact value);
    3. the outputs and code of any earlier block, for a specific number (`_specific`: three
       significant digits or more, or an exponent), the exact value.

    What a bench placeholder stands for (`_bench_pools`) traces in its section, or page-wide for
    a specific number, always by the exact value.
    """
    steps = (
        (True, lambda kind, sec, idx: idx in near.get(kind, ())),
        (False, lambda kind, sec, idx: sec == num.section and idx < index),
        (False, lambda kind, sec, idx: _specific(num) and idx < index),
    )
    for rounded, ok in steps:
        for kind, section, idx, path, values in pools:
            if kind == "bench":
                if not (section == num.section or _specific(num)):
                    continue
            elif not ok(kind, section, idx):
                continue
            exact_only = kind == "bench" or not rounded  # a bench figure is restated as shown, never re-rounded
            if any(_matches(num.value, v, num.percent, not exact_only) for v in values):
                num.how, num.where = kind, rel(path)
                return


def _nearest(num: Number, pools: list) -> str:
    """`(nearest: 0.1735 in snippets/…)`: the closest values of the same order of magnitude."""
    if num.value is None or not num.value:
        return ""
    mag = abs(num.value).adjusted()
    cands = sorted(
        {
            (abs(abs(v) - abs(num.value)), str(abs(v)), rel(path))
            for path, values in pools
            for v in values
            if v and abs(v).adjusted() == mag
        }
    )
    if not cands:
        return ""
    return " (nearest: " + ", ".join(f"{v} in {p}" for _, v, p in cands[:3]) + ")"


def _untraced_message(num: Number, outputs: list) -> str:
    labels = LABELS[num.lang]
    near = _nearest(num, outputs)
    return (
        f'{num.at}: "{num.text}" is not traced: no recorded output, code or bench figure it can trace to holds it '
        "(the blocks next to it, earlier blocks of its section, or any earlier block for a value of three digits or "
        f"more). If it restates an output, write the output's value{near}; if it is the source's figure, write "
        f"^{labels['source']}^ after it; if it is a parameter of the data generator, ^{labels['generator']}^; "
        "otherwise rephrase: a number the reader cannot check does not belong in the prose"
    )


def numbers(page: Page) -> list[Number]:
    """Every number in the page's prose with how it is traced (None: untraced)."""
    return analyse(page)[0]


def labels(page: Page) -> list[Label]:
    return analyse(page)[1]


def problems(page: Page) -> list[str]:
    """One message per untraced number, wrong generator figure, dead or foreign label."""
    return analyse(page)[2]


__all__ = ["Label", "Number", "analyse", "labels", "numbers", "problems"]
