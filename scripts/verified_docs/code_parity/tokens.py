"""The token stream both normalisers write and the comparison reads: the marks for what a
translation may rename (NAME, STR, KEY), Token, a page's Context, and _Scope, the program a name
belongs to."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

NAME = "⟨n⟩"  # a name the program binds (variable, parameter, own attribute, shell variable)
STR = "⟨s⟩"  # a string constant (or an f-string's text, or a file the page saves)
KEY = "⟨k⟩"  # an entry the author names: a dict display's key, a keyword the page reads back as a key
MARKS = re.compile(f"{NAME}|{STR}|{KEY}")
SCOPE = "\x1f"  # in a NAME reference, between the program it belongs to and the name itself
PROSE = "PROSE"  # what echo/printf text becomes
# A file name, stem.ext: a translation may rename the stem, the type (extension) is the program's.
# Not an f-string's (f"informe_{n}.txt"): no shell word that reads the file could be tied to it.
# Not an absolute path (/etc/udev/rules.d/70-amdgpu.rules): that file is the system's, named as is.
FILE = re.compile(r"^(?!/)[\w./-]*[A-Za-z][\w-]*(?P<ext>\.[A-Za-z][A-Za-z0-9]{0,7})$")
ADVICE = "Change both languages' code together (names, prose strings and comments may differ)."


class Token(NamedTuple):
    line: int  # 1-based line in the snippet file
    col: int | None  # 0-based column, when known (Python)
    text: str  # canonical text; each NAME/STR/KEY mark in it stands for one of refs, in order
    refs: tuple = ()  # the names (scope + SCOPE + name) and strings themselves


@dataclass(frozen=True)
class Context:
    """What the rest of a page binds: its cells' Python names and attributes, the files its blocks
    are saved as (and, for its Python files, the program each one is), and the keys its programs
    read back (`d["tres"]`: a keyword `tres=` is data)."""

    names: frozenset = frozenset()
    attrs: frozenset = frozenset()
    callables: frozenset = frozenset()
    files: frozenset = frozenset()
    keys: frozenset = frozenset()
    modules: frozenset = frozenset()  # (module, scope): a Python file the page saves, importable by name
    # (module, its attributes): what such a file's classes define (methods, self.x), which a program
    # importing a class from it uses through self (a subclass calling an inherited method)
    module_attrs: frozenset = frozenset()


class _Scope:
    """The program a name belongs to: the page's cells share one; each saved file and each child
    process (`python -c`, a heredoc, a string given to a child) is its own. Children are numbered
    in order of appearance within their block, so the languages number them alike."""

    def __init__(self, name: str = "", prefix: str | None = None, counter=None):
        self.name, self.prefix = name, name if prefix is None else prefix
        self.counter = counter if counter is not None else iter(range(1 << 30))

    def child(self) -> _Scope:
        name = f"{self.prefix}>{next(self.counter)}"
        return _Scope(name, name, self.counter)
