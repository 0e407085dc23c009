"""Mutants for the mutation check (mutation.py): fixed, realistic one-language code changes,
chosen from the program's text without asking the normaliser whether it would notice: whether it
does is what the mutation check measures."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from typing import NamedTuple

from ..shell import strip_comment, units
from .python_bindings import DEFS, _bindings
from .shell_code import _shell_bound

MUTANT_KINDS = ("number", "string", "attribute", "name-swap", "delete-last")
SHORT_STRING = re.compile(r"[!-~]{1,40}")  # printable ASCII, no whitespace: a value, not a sentence


class Mutant(NamedTuple):
    kind: str  # one of MUTANT_KINDS
    text: str | None  # the mutated program; None when the kind does not apply to it
    what: str  # what was changed (line and old -> new), or why the kind does not apply


def _offsets(text: str) -> list[int]:
    """Offset of each line's start, split as tokenize and ast do (at \\n only)."""
    starts = [0]
    for line in io.StringIO(text).readlines():
        starts.append(starts[-1] + len(line))
    return starts


def _at(text: str, starts: list[int], line: int, col_bytes: int) -> int:
    """A string offset from an ast position (1-based line, UTF-8 byte column)."""
    raw = text[starts[line - 1] : starts[line] if line < len(starts) else len(text)]
    return starts[line - 1] + len(raw.encode("utf-8")[:col_bytes].decode("utf-8", "ignore"))


def _replace(text: str, start: int, end: int, new: str, kind: str) -> Mutant:
    line = text.count("\n", 0, start) + 1
    return Mutant(kind, text[:start] + new + text[end:], f"line {line}: {text[start:end]!r} -> {new!r}")


def _bumped(literal: str) -> str:
    try:
        value = ast.literal_eval(literal)
    except (ValueError, SyntaxError):
        return literal + "1"
    return repr(value + 1)


def _in_order(nodes):
    return sorted(nodes, key=lambda n: (n.lineno, n.col_offset))


def _python_mutants(text: str, names: set) -> list[Mutant]:
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return [Mutant(k, None, "not valid Python") for k in MUTANT_KINDS]
    starts = _offsets(text)
    out = []
    # (a) the first number literal, plus one
    number = None
    try:
        number = next((t for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type == tokenize.NUMBER), None)
    except (tokenize.TokenError, SyntaxError):
        pass
    if number is None:
        out.append(Mutant("number", None, "no number literal"))
    else:
        s = starts[number.start[0] - 1] + number.start[1]
        out.append(_replace(text, s, s + len(number.string), _bumped(number.string), "number"))
    # (b) the first short string literal that is not a docstring or an f-string's text: an "x" appended
    skip = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
    skip |= {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in ast.walk(n)}
    strings = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skip and SHORT_STRING.fullmatch(n.value)
    ]
    if not strings:
        out.append(Mutant("string", None, "no short string literal"))
    else:
        n = _in_order(strings)[0]
        end = _at(text, starts, n.end_lineno, n.end_col_offset)
        quote = len(re.search(r"('''|\"\"\"|'|\")$", text[:end])[0])
        out.append(_replace(text, end - quote, end - quote, "x", "string"))
        out[-1] = out[-1]._replace(what=f"line {n.lineno}: {n.value!r} -> {n.value + 'x'!r}")
    # (c) the attribute name of the first call of an API's method (not one the program defines)
    defined = {n.name for n in ast.walk(tree) if isinstance(n, DEFS)}
    calls = [
        n.func
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr not in defined
    ]
    if not calls:
        out.append(Mutant("attribute", None, "no method call"))
    else:
        f = _in_order(calls)[0]
        end = _at(text, starts, f.end_lineno, f.end_col_offset)
        out.append(_replace(text, end - len(f.attr), end, f.attr + "x", "attribute"))
    # (d) a use of a bound name replaced by another name the page binds in another cell (the wrong
    # cell's variable), or else by another name the program binds
    own = _bindings(tree).names
    bound = own | set(names)
    uses = [n for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id in bound]
    first = _in_order(uses)[0] if uses else None
    order = [n.id for n in _in_order([n for n in ast.walk(tree) if isinstance(n, ast.Name)]) if n.id in own]
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    others = [x for x in dict.fromkeys(sorted(set(names) - used) + order) if first is not None and x != first.id]
    if first is None or not others:
        out.append(Mutant("name-swap", None, "fewer than two bound names used"))
    else:
        s = _at(text, starts, first.lineno, first.col_offset)
        out.append(_replace(text, s, s + len(first.id), others[0], "name-swap"))
    # (e) the last top-level statement deleted
    if not tree.body:
        out.append(Mutant("delete-last", None, "no statement"))
    else:
        last = tree.body[-1]
        first_line = min([last.lineno] + [d.lineno for d in getattr(last, "decorator_list", [])])
        lines = text.splitlines(keepends=True)
        mutant = "".join(lines[: first_line - 1] + lines[last.end_lineno :])
        out.append(Mutant("delete-last", mutant, f"lines {first_line}-{last.end_lineno} deleted (the last statement)"))
    return out


def _code_lines(text: str) -> list[tuple[int, str]]:
    """A shell snippet's lines with comments stripped, without echo/printf lines: (line, code)."""
    out = []
    for i, line in enumerate(text.splitlines()):
        code = strip_comment(line)
        if code.strip() and not re.match(r"\s*(echo|printf)\b", code):
            out.append((i, code))
    return out


def _shell_mutants(text: str, names: set) -> list[Mutant]:
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    code = _code_lines(text)
    out = []

    def first(pattern: str, group: int = 0):
        for i, line in code:
            for m in re.finditer(pattern, line):
                if not re.search(r"<<-?\s*$", line[: m.start()]):  # not a heredoc's delimiter
                    return starts[i] + m.start(group), starts[i] + m.end(group), m[group]
        return None

    found = first(r"(?<![\w.])\d+")
    out.append(
        _replace(text, found[0], found[1], str(int(found[2]) + 1), "number")
        if found
        else Mutant("number", None, "no number outside comments and echo")
    )
    found = first(r"([\"'])([!-~]{1,40}?)\1", 2)
    out.append(
        _replace(text, found[0], found[1], found[2] + "x", "string") if found else Mutant("string", None, "no short quoted word")
    )
    found = first(r"(?<=\s)--?[A-Za-z][\w-]*")
    out.append(
        _replace(text, found[0], found[1], found[2] + "x", "attribute")
        if found
        else Mutant("attribute", None, "no option (-x, --xx) to change")
    )
    bound = sorted(_shell_bound(units(text)))
    found = first(r"\$\{?([A-Za-z_]\w*)", 1)
    others = [b for b in bound if found and b != found[2]]
    if found and found[2] in bound and others:
        out.append(_replace(text, found[0], found[1], others[0], "name-swap"))
    else:
        out.append(Mutant("name-swap", None, "fewer than two variables the snippet defines"))
    commands = [u for u in units(text) if u.words]
    if not commands:
        out.append(Mutant("delete-last", None, "no command"))
    else:
        first_line = commands[-1].words[0][0]
        # its heredocs' bodies and delimiters go with it: everything from its first line on
        mutant = "".join(lines[: first_line - 1])
        out.append(Mutant("delete-last", mutant, f"lines {first_line}-{len(lines)} deleted (the last command)"))
    return out


def mutants(text: str, syntax: str, names=()) -> list[Mutant]:
    """One mutant of each kind in MUTANT_KINDS, in that order, for a snippet's text; a kind that
    does not apply has text None and says why. names: the names the page's other Python cells
    bind (page_context(page).names; the name swap prefers them). The mutants are fixed by the
    text alone, never by asking the normaliser:

    - number: the first number literal plus one (Python: tokenize; shell: outside comments/echo);
    - string: an "x" appended inside the first short string literal (no whitespace, ASCII; not a
      docstring or an f-string's text; shell: a quoted word);
    - attribute: an "x" appended to the first method the program calls but does not define
      (shell: to the first option, -x or --xx);
    - name-swap: the first use of a bound name replaced by another bound name, one of `names` the
      snippet does not use if there is one (shell: by another variable the snippet defines);
    - delete-last: the last top-level statement (shell: the last command, with its heredoc) deleted.
    """
    return _python_mutants(text, set(names)) if syntax == "python" else _shell_mutants(text, set(names))
