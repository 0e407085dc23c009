"""The comparison: two languages' token streams, block by block, and a page's references as one
renaming (_compare); a page's context (_context); and the messages saying what differs
(page_problems, problem). See the package's docstring for the rules."""

from __future__ import annotations

import ast
import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from ..project import rel
from ..shell import python_runs
from .python import _python
from .python_bindings import _bindings, _read_back
from .shell_code import _shell, echoed_texts
from .tokens import ADVICE, FILE, MARKS, NAME, SCOPE, STR, Context, Token, _Scope

PROSE_CHAR = re.compile(r"\s|[^\x00-\x7f]")  # whitespace or a non-ASCII letter: words for a reader
DIGITS = re.compile(r"\d+")


def is_prose(text: str) -> bool:
    """Text for the reader (translated freely) rather than a token the program uses; `{}` is
    where an f-string's expressions go."""
    return bool(PROSE_CHAR.search(text.replace("{}", "")))


def _printed(text: str, output: str) -> bool:
    """Does the recorded output show this string (an f-string's text around its expressions)?"""
    parts = text.split("{}")
    pattern = r"(?<!\w)" + ".*?".join(map(re.escape, parts)) + r"(?!\w)"
    return any(parts) and re.search(pattern, output) is not None


def _shown(ref: str) -> str:
    return ref.rsplit(SCOPE, 1)[-1]


def normalised(source: Path | str, syntax: str, context: Context | None = None) -> list[Token]:
    """The canonical token stream of a snippet (a Path is read; a str is the program itself).

    Each token's text has a NAME, STR or KEY mark for each of its refs: what a translation may
    rename, compared across the page by _compare."""
    text = source.read_text(encoding="utf-8") if isinstance(source, Path) else source
    context = context or Context()
    return _python(text, context) if syntax == "python" else _shell(text, context)


class Snippet(NamedTuple):
    """One block as the comparison needs it."""

    syntax: str
    text: str  # the snippet's contents (or a mutant's)
    title: str | None = None  # the file the page saves it as
    path: Path = Path("<snippet>")  # the snippet, for messages
    output: str = ""  # its recorded output

    @property
    def is_file(self) -> bool:  # a saved Python file: its own program (pages.Block.is_file)
        return self.syntax == "python" and bool(self.title) and self.title.endswith(".py")


@dataclass
class _Side:
    """One language's block: what it shows and its token stream."""

    path: Path
    text: str
    tokens: list


class _Ref(NamedTuple):
    k: int  # which pair of blocks
    ta: Token
    tb: Token
    a: str
    b: str
    kind: str  # NAME, STR or KEY


def _excerpt(lines: list[str], token: Token | None) -> str:
    if token is None:
        return "end of file"
    line = lines[token.line - 1] if 0 < token.line <= len(lines) else ""
    text = line.strip()
    if len(text) > 120:
        col = max(0, (token.col or 0) - (len(line) - len(line.lstrip())) - 40)
        text = ("…" if col else "") + text[col : col + 100] + ("…" if col + 100 < len(text) else "")
    return f"`{text}`"


def _message(a: _Side, b: _Side, ta: Token | None, tb: Token | None, how: str, detail: str = "") -> str:
    """`file:line and file:line HOW: `line` vs `line` (detail). Advice.`"""
    where, shown = [], []
    for side, tok in ((a, ta), (b, tb)):
        lines = side.text.splitlines()
        where.append(f"{rel(side.path)}:{tok.line if tok else len(lines)}")
        shown.append(_excerpt(lines, tok))
    return f"{where[0]} and {where[1]} {how}: {shown[0]} vs {shown[1]}" + (f" ({detail})" if detail else "") + f". {ADVICE}"


def _renamed_file(a: str, b: str) -> bool:
    """Two names of a file the program writes or reads: a translation renames the stem, the
    type (extension) is the program's."""
    ext_a, ext_b = FILE.match(a), FILE.match(b)
    return bool(ext_a and ext_b and ext_a["ext"] == ext_b["ext"])


def _compare(sides: list[tuple[_Side, _Side]], outputs: tuple[str, str] = ("", "")) -> list[str | None]:
    """For each pair of blocks of a page (default language first), in page order, what is wrong:
    a difference in structure, or a reference translated against the page's renaming. outputs:
    each language's recorded outputs of the page (what the reader is shown)."""
    problems: list[str | None] = [None] * len(sides)
    refs: list[_Ref] = []
    for k, (a, b) in enumerate(sides):
        xa, xb = [t.text for t in a.tokens], [t.text for t in b.tokens]
        if xa != xb:
            i = next((n for n, (x, y) in enumerate(zip(xa, xb)) if x != y), min(len(xa), len(xb)))
            ta = a.tokens[i] if i < len(a.tokens) else None
            tb = b.tokens[i] if i < len(b.tokens) else None
            problems[k] = _message(a, b, ta, tb, "differ in structure")
            continue
        for ta, tb in zip(a.tokens, b.tokens):
            for kind, ra, rb in zip(MARKS.findall(ta.text), ta.refs, tb.refs):
                refs.append(_Ref(k, ta, tb, ra, rb, kind))

    def role(r: _Ref) -> str:
        if r.kind == NAME:
            return "name"
        if is_prose(r.a) or is_prose(r.b):
            return "prose"
        if r.a != r.b and _printed(r.a, outputs[0]) and _printed(r.b, outputs[1]):
            return "label"  # the page's output shows it: text for the reader
        return "token"

    roles = {id(r): role(r) for r in refs}
    # Names, tokens and labels are one renaming of the page (prose is free).
    by_a, by_b = {}, {}
    for r in refs:
        if roles[id(r)] != "prose":
            by_a.setdefault(r.a, []).append(r)
            by_b.setdefault(r.b, []).append(r)

    def clash(r: _Ref, other: _Ref) -> str:
        oa, ob = sides[other.k]
        return (
            f"{_shown(r.a)!r} is {_shown(r.b)!r} here, but {_shown(other.a)!r} is {_shown(other.b)!r} at "
            f"{rel(oa.path)}:{other.ta.line} and {rel(ob.path)}:{other.tb.line}: the page translates each name, "
            "string, key and file one way everywhere"
        )

    for r in refs:
        how = roles[id(r)]
        if problems[r.k]:
            continue
        a, b = sides[r.k]
        if how == "prose":
            if r.a != r.b and DIGITS.findall(r.a.replace("{}", "")) != DIGITS.findall(r.b.replace("{}", "")):
                problems[r.k] = _message(a, b, r.ta, r.tb, "differ", f"the texts {r.a!r} and {r.b!r} state different numbers")
            continue
        # A printed label may translate a word the code also uses as a value ("activo", a data
        # column, shown as "asset"), but no string may stand for two of the other language's.
        other = next((o for o in by_a[r.a] if o.b != r.b and "label" not in (how, roles[id(o)])), None) or next(
            (o for o in by_b[r.b] if o.a != r.a), None
        )
        if other is not None:
            problems[r.k] = _message(a, b, r.ta, r.tb, "differ", clash(r, other))
        elif how == "token" and r.kind == STR and FILE.match(r.a) and FILE.match(r.b) and not _renamed_file(r.a, r.b):
            problems[r.k] = _message(
                a,
                b,
                r.ta,
                r.tb,
                "differ",
                f"the file {r.a!r} is {r.b!r} in the other language: a translation renames a file, not its type",
            )
        elif (
            how == "token"
            and r.kind == STR
            and r.a != r.b
            and not _renamed_file(r.a, r.b)
            and sum(o.b == r.b for o in by_a[r.a]) < 2
        ):
            problems[r.k] = _message(
                a,
                b,
                r.ta,
                r.tb,
                "differ",
                (
                    f"the string {r.a!r} is {r.b!r} in the other language; it is not prose, not shown in the output, "
                    "not a key the author names, not a file name and not used twice on the page: it is a value the "
                    "program passes on, the same in every language"
                ),
            )
    return problems


def _context(rows) -> Context:
    """What a page's cells bind (Python names and attributes; saved files and child processes
    bind their own), the files its blocks are saved as, and the keys any of its programs reads."""
    names, attrs, callables, keys = set(), set(), set(), set()
    for row in rows:
        for source in (
            [row.text] if row.syntax == "python" else [r.value for r in python_runs(row.text) if r.kind in ("code", "stdin")]
        ):
            try:
                tree = ast.parse(source)
            except SyntaxError:
                continue
            if row.syntax == "python" and not row.is_file:
                b = _bindings(tree)
                names |= b.names
                attrs |= b.attrs
                callables |= b.callables
            keys |= _read_back(tree)
    files = {row.title for row in rows if row.title}
    # `from comun import x` in another program of the page: x is the name comun.py binds (scope b<k>, as _sides numbers it)
    saved = [(k, row) for k, row in enumerate(rows) if row.is_file and row.title.endswith(".py")]
    modules = {(row.title[:-3], f"b{k}") for k, row in saved}
    # A saved module's class attributes, for it and for the programs importing from it: what it
    # assigns on self, and its methods that any saved program of the page calls (an override nobody
    # calls, such as train_step, stays the API's name).
    trees = {}
    for _, row in saved:
        try:
            trees[row.title[:-3]] = ast.parse(row.text)
        except SyntaxError:
            continue
    used = {n.attr for tree in trees.values() for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    module_attrs = set()
    for module, tree in trees.items():
        b = _bindings(tree)
        module_attrs.add((module, frozenset(b.attrs | (b.methods & used))))
    return Context(
        frozenset(names),
        frozenset(attrs),
        frozenset(callables),
        frozenset(files),
        frozenset(keys),
        frozenset(modules),
        frozenset(module_attrs),
    )


def _sides(rows, context: Context) -> list[_Side]:
    """A page's blocks normalised in page order: cells in the page's namespace, each saved file
    and shell block in its own (shell variables: the page's shell)."""
    out = []
    for k, row in enumerate(rows):
        shared = Context(files=context.files, keys=context.keys, modules=context.modules, module_attrs=context.module_attrs)
        if row.syntax != "python":
            tokens = _shell(row.text, shared, 0, _Scope("shell", f"b{k}"))
        elif row.is_file:
            tokens = _python(row.text, shared, 0, _Scope(f"b{k}"))
        else:
            tokens = _python(row.text, context, 0, _Scope("cells", f"b{k}"))
        title = [Token(1, None, "TITLE=" + STR, (row.title,))] if row.title else []
        out.append(_Side(row.path, row.text, title + tokens))
    return out


def page_problems(a, b) -> list[str | None]:
    """For each block of two versions of a page (Snippets in page order, the default language's
    first), None or what is wrong with the pair: see the package's docstring."""
    return list(_page_problems(tuple(a), tuple(b)))


@functools.lru_cache(maxsize=64)
def _page_problems(rows_a: tuple, rows_b: tuple) -> tuple:
    """page_problems, cached on the texts."""
    sides = list(zip(_sides(rows_a, _context(rows_a)), _sides(rows_b, _context(rows_b))))
    outputs = ("\n".join(r.output for r in rows_a), "\n".join(r.output for r in rows_b))
    return tuple(_compare(sides, outputs))


def translated_strings(rows_a, rows_b) -> list[tuple[str, str]] | None:
    """Every string the second version of a page writes differently (prose, labels, keys, file
    names, echo/printf text), as (default language's, translation's) pairs in page order; f-strings' texts keep `{}`
    where their expressions go. None when a pair of blocks differs in structure (no renaming to read)."""
    out = []
    for row_a, row_b, a, b in zip(rows_a, rows_b, _sides(rows_a, _context(rows_a)), _sides(rows_b, _context(rows_b))):
        if [t.text for t in a.tokens] != [t.text for t in b.tokens]:
            return None
        for ta, tb in zip(a.tokens, b.tokens):
            out += [(ra, rb) for kind, ra, rb in zip(MARKS.findall(ta.text), ta.refs, tb.refs) if kind != NAME and ra != rb]
        if row_a.syntax != "python":  # echo/printf text: prose, which the token stream keeps only as PROSE
            echoed_a, echoed_b = echoed_texts(row_a.text), echoed_texts(row_b.text)
            if len(echoed_a) != len(echoed_b):
                return None
            out += [(x, y) for x, y in zip(echoed_a, echoed_b) if x != y]
    return out


def problem(
    a: Path,
    b: Path,
    syntax: str,
    context_a: Context | None = None,
    context_b: Context | None = None,
    *,
    text_a: str | None = None,
    text_b: str | None = None,
) -> str | None:
    """None when two snippets are the same program; else where they first differ, naming both files.

    The two are compared on their own, as cells of pages with these contexts (block_problem
    compares a block as part of its page). text_a / text_b stand in for a file's contents (a
    mutant) while the message still names the file.
    """
    a, b = Path(a), Path(b)
    text_a = a.read_text(encoding="utf-8") if text_a is None else text_a
    text_b = b.read_text(encoding="utf-8") if text_b is None else text_b
    side_a = _Side(a, text_a, normalised(text_a, syntax, context_a))
    side_b = _Side(b, text_b, normalised(text_b, syntax, context_b))
    return _compare([(side_a, side_b)])[0]
