"""Closed folds (`??? note "title"`, pymdownx.details): what a reader meets without opening them.

One reading of them, shared by the reading time (reading_time.py: a fold's content is off the main
path) and by the check that a reader who skips a fold can still run the page (`skipped_names`):
a cell on the main path must not need a name, or import a saved file, that only a folded cell
makes."""

from __future__ import annotations

import ast
import builtins
from collections.abc import Iterator
from pathlib import Path

from .pages import ADMONITION, Block, Page, Prose
from .project import rel

# The kind of fold an exercise's solution goes in: the check cell after it reads the names the
# reader's own answer defines, so names made there are the reader's to make, not missing ones.
ANSWER = "success"


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def walk(page: Page) -> Iterator[tuple[Prose | Block, str, str | None]]:
    """(item, text, fold) in page order: each prose line, then each block as a whole (its text is
    its code and recorded output). `fold` is the kind of the closed fold it is inside (note,
    success, ...), or None on the main path: a fold's own title line is on it (the reader sees it,
    closed), and so is an open fold (`???+`)."""
    fold: tuple[int, str] | None = None  # indentation and kind of the closed fold we are inside

    def inside(line: str) -> str | None:
        nonlocal fold
        if fold is not None and line.strip() and _indent(line) <= fold[0]:
            fold = None
        m = ADMONITION.match(line)
        if fold is None and m and m["kind"] == "???":  # closed: `???+` is open, `!!!` no fold
            fold = (len(m["indent"]), m["type"])
            return None
        return fold and fold[1]

    for item in page.items:
        if isinstance(item, Prose):
            for line in item.lines:
                yield item, line, inside(line)
        else:
            yield item, item.code + (item.expected or ""), inside(item.indent + "x")


def _names(code: str) -> tuple[set[str], set[str], set[str]]:
    """(names the code binds, names it reads, modules it imports) at any depth: a rough reading,
    enough to find a name that only a skipped cell made."""
    tree = ast.parse(code)
    bound, read, modules = set(), set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                bound.add((alias.asname or alias.name).split(".")[0])
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                modules.add(node.module.split(".")[0])
            elif isinstance(node, ast.Import):
                modules.update(a.name.split(".")[0] for a in node.names)
    return bound, read - bound, modules


def skipped_names(page: Page) -> list[str]:
    """Each main-path Python cell that needs what only a folded cell makes, as page:line: message."""
    main: set[str] = set(dir(builtins))
    folded: set[str] = set()
    problems = []
    for item, _, fold in walk(page):
        if not isinstance(item, Block) or item.syntax != "python":
            continue
        is_folded = fold is not None and fold != ANSWER
        if item.is_file:  # a file the reader saves: what it gives the page is its module's name
            (folded if is_folded else main).add(Path(item.title).stem)
            continue
        bound, read, modules = _names(item.code)
        if not is_folded:
            missing = sorted((read | modules) & folded - main)
            if missing:
                problems.append(
                    f"{rel(page.path)}:{item.lineno} ({rel(item.snippet)}): this cell on the main path needs "
                    f"{', '.join(missing)}, which only a folded cell makes; a reader who skips the fold gets a "
                    "NameError or ModuleNotFoundError. Define it in this cell too, or take the fold off"
                )
        (folded if is_folded else main).update(bound)
    return problems
