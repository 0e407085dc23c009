"""The shell normaliser: a shell snippet's canonical token stream (_shell), over the engine's one
shell reader (verified_docs.shell: logical lines with their heredocs); see the package's docstring
for the rules."""

from __future__ import annotations

import re

from ..shell import PYTHON_WORD, SEPARATORS, Unit, simple_commands, units
from .python import _python
from .tokens import FILE, NAME, PROSE, SCOPE, STR, Context, Token, _Scope

VAR = re.compile(r"\$(?:\{#?([A-Za-z_]\w*)[^}]*\}|([A-Za-z_]\w*)|([?#@*$!0-9-]))")
ASSIGN = re.compile(r"^([A-Za-z_]\w*)(\+?=)(.*)$", re.S)
DECLARE = {"local", "declare", "typeset", "readonly"}
RESERVED = {"if", "then", "else", "elif", "do", "while", "until", "!", "time"}
PUNCTUATION = set("();<>|&")


def echoed_texts(code: str) -> list[str]:
    """The literal text of every echo/printf argument in a snippet, cut at what it expands (its
    variables and command substitutions, as _Shell.expansions finds them): what the echo prints
    besides its values, which a translation may reword (PROSE)."""
    out = []
    for unit in units(code):
        for cmd in simple_commands(unit.words):
            words = [w for _, w in cmd]
            k = 0
            while k < len(words) and (ASSIGN.match(words[k]) or words[k] in RESERVED):
                k += 1
            if k == len(words) or words[k] not in ("echo", "printf"):
                continue
            j = k + 1
            while words[k] == "echo" and j < len(words) and re.fullmatch(r"-[neE]+", words[j]):
                j += 1  # echo's flags, not text
            for w in words[j:]:
                if set(w) <= PUNCTUATION:
                    break
                last = 0
                for start, end in _substitutions(w) + [(len(w), len(w))]:
                    out += VAR.split(w[last:start])[:: VAR.groups + 1]
                    last = end
    return out


def _shell_bound(units: list[Unit]) -> set:
    bound = set()
    for unit in units:
        for cmd in simple_commands(unit.words):
            words = [w for _, w in cmd]
            if len(words) >= 3 and words[0] == "for" and words[2] == "in":
                bound.add(words[1])
            elif words and words[0] == "read":
                bound |= {w for w in words[1:] if re.fullmatch(r"[A-Za-z_]\w*", w)}
            elif words and words[0] in DECLARE:
                bound |= {ASSIGN.match(w)[1] if ASSIGN.match(w) else w for w in words[1:] if not w.startswith("-")}
            elif words and all(ASSIGN.match(w) for w in words):
                bound |= {ASSIGN.match(w)[1] for w in words}
        # a function definition: name ( )
        w = [x for _, x in unit.words]
        for k in range(len(w) - 2):
            if w[k + 1] == "(" and w[k + 2] == ")" and (k == 0 or w[k - 1] in SEPARATORS) and re.fullmatch(r"[\w-]+", w[k]):
                bound.add(w[k])
    return bound


def _substitutions(w: str) -> list[tuple[int, int]]:
    """(start, end) of each command substitution in a word: `$( ... )` (balanced) or backticks."""
    out, i = [], 0
    while i < len(w):
        if w.startswith("$(", i):
            depth, j = 0, i + 1
            while j < len(w):
                depth += {"(": 1, ")": -1}.get(w[j], 0)
                if depth == 0:
                    break
                j += 1
            out.append((i, min(j + 1, len(w))))
            i = j + 1
        elif w[i] == "`":
            j = w.find("`", i + 1)
            j = len(w) - 1 if j < 0 else j
            out.append((i, j + 1))
            i = j + 1
        else:
            i += 1
    return out


class _Shell:
    def __init__(self, text: str, context: Context, line_offset: int, scope: _Scope):
        self.units = units(text)
        self.bound = _shell_bound(self.units)
        files = sorted(context.files, key=len, reverse=True)
        alternatives = "|".join(map(re.escape, files)) or "(?!)"
        self.pattern = re.compile(rf"(?P<file>(?<![\w.-])(?:{alternatives})(?![\w-]))|(?P<var>{VAR.pattern})")
        self.context = context
        self.scope = scope
        self.offset = line_offset
        self.out: list[Token] = []

    def add(self, line: int, text: str, refs: tuple = ()) -> None:
        self.out.append(Token(line + self.offset, None, text, refs))

    def var(self, name: str) -> str:
        return self.scope.name + SCOPE + name

    def python(self, code: str, line: int) -> list[Token]:
        """Python an interpreter runs: its own names, the page's strings and keys."""
        return _python(code, Context(keys=self.context.keys), line - 1 + self.offset, self.scope.child())

    def word(self, w: str) -> tuple[str, tuple]:
        """A word with the page's saved files and the snippet's variables as references."""
        refs = []
        a = ASSIGN.match(w)
        head = ""
        if a and a[1] in self.bound:
            head, w = NAME + a[2], a[3]
            refs.append(self.var(a[1]))

        def sub(m: re.Match) -> str:
            if m["file"]:
                refs.append(m[0])
                return STR
            v = VAR.fullmatch(m["var"])
            name = v[1] or v[2]
            if name and name in self.bound:
                refs.append(self.var(name))
                return m[0].replace(name, NAME, 1)
            return m[0]

        if FILE.match(w):
            # a file the commands write and read (`cat informe_0.txt`): a string the translation may
            # rename, one way on the whole page, keeping its extension (as a Python file string)
            return head + STR, (*refs, w)
        return head + self.pattern.sub(sub, w), tuple(refs)

    def expansions(self, w: str, line: int) -> tuple[list[str], list]:
        """What an echo/printf argument expands: its variables and its command substitutions."""
        kept, refs, last = [], [], 0
        for start, end in _substitutions(w) + [(len(w), len(w))]:
            for m in VAR.finditer(w[last:start]):
                text, r = self.word(m[0])
                kept.append(text)
                refs += r
            if start < end:
                inner = w[start:end]
                body = inner[2:-1] if inner.startswith("$(") else inner[1:-1]
                tokens = _Shell(body, self.context, line - 1 + self.offset, self.scope).run()
                kept.append("$(" + " ".join(t.text for t in tokens) + ")")
                refs += [r for t in tokens for r in t.refs]
            last = end
        return kept, refs

    def run(self) -> list[Token]:
        for unit in self.units:
            self.readers = []  # for each heredoc the unit opens: is its reader a Python interpreter?
            for cmd in simple_commands(unit.words):
                self.command(cmd)
            for k, (start, body) in enumerate(unit.heredocs):
                python = k < len(self.readers) and self.readers[k]
                self.add(start, "<<BODY(")
                if python:
                    self.out += self.python(body, start)
                else:
                    self.out += _Shell(body, self.context, start - 1 + self.offset, self.scope).run()
                self.add(start, ")")
        return self.out

    def command(self, cmd: list) -> None:
        """Emit one simple command (and note whether a heredoc it reads goes to Python)."""
        words = [w for _, w in cmd]
        k = 0
        while k < len(words) and ASSIGN.match(words[k]):
            k += 1
        for line, w in cmd[:k]:
            self.add(line, *self.word(w))
        while k < len(words) and words[k] in RESERVED:  # then echo ...: the command is echo
            self.add(cmd[k][0], words[k])
            k += 1
        if k == len(words):
            return
        name = words[k]
        python = bool(PYTHON_WORD.match(name))
        if name in ("echo", "printf"):
            self.add(cmd[k][0], name)
            j = k + 1
            while name == "echo" and j < len(words) and re.fullmatch(r"-[neE]+", words[j]):
                self.add(cmd[j][0], words[j])
                j += 1
            end = next((e for e in range(j, len(words)) if set(words[e]) <= PUNCTUATION), len(words))
            kept, refs = [], []
            for e in range(j, end):
                if name == "printf" and e == j:
                    kept += re.findall(r"%[-+ #0]*\d*(?:\.\d+)?[a-zA-Z%]", words[e])
                more, r = self.expansions(words[e], cmd[e][0])
                kept += more
                refs += r
            self.add(cmd[j][0] if j < len(cmd) else cmd[k][0], f"{PROSE}({' '.join(kept)})", tuple(refs))
            rest = range(end, len(words))
        else:
            rest = range(k, len(words))
        skip = set()
        if name == "for" and k + 1 < len(words) and words[k + 1] in self.bound:  # for NAME in ...
            self.add(cmd[k][0], name)
            self.add(cmd[k + 1][0], NAME, (self.var(words[k + 1]),))
            skip |= {k, k + 1}
        for e in rest:
            line, w = cmd[e]
            if e in skip:
                continue
            if python and w == "-c" and e + 1 < len(words):
                self.add(line, "-c")
                self.add(cmd[e + 1][0], "PY(")
                self.out += self.python(words[e + 1], cmd[e + 1][0])
                self.add(cmd[e + 1][0], ")")
                skip.add(e + 1)
            elif w in ("<<", "<<-") and e + 1 < len(words):
                self.readers.append(python)
                self.add(line, "<<DELIM")
                skip.add(e + 1)
            elif w in self.bound and (name in DECLARE or name == "read" or e == k):  # read NAME, local NAME, f
                self.add(line, NAME, (self.var(w),))
            elif python and words[e - 1] == "-m":  # a module (`python -m http.server`), not a file
                self.add(line, w)
            else:
                self.add(line, *self.word(w))


def _shell(text: str, context: Context, line_offset: int = 0, scope: _Scope | None = None) -> list[Token]:
    return _Shell(text, context, line_offset, scope or _Scope()).run()
