"""Code parity: each language's snippet is the same program as the default language's.

Translations rename things and reword prose, nothing else. So each snippet is reduced to a
canonical token stream in which what a translation may change is normalised away, and the two
streams must be equal:

Python (ast):
- comments vanish; every string constant (docstrings, literal parts of f-strings) is one
  placeholder, and a statement that is only a string (a docstring) is dropped: it is prose;
  a string that is itself a Python program (for `python -c`) is normalised as Python instead;
- f-strings keep their expressions, conversions and format specs (`:.3f`), in order; a spec's
  width may differ (it aligns a column with a translated heading);
- identifiers the code binds (assignment/for/with/except/walrus/comprehension targets, function
  and class names, parameters, `import x as y` aliases, global/nonlocal, match captures) are
  renamed by order of first appearance: Spanish `modelo` and English `model` are both `v3`;
- attribute names are renamed only when a class assigns them on itself (`self.capa = ...`),
  defines them as a method it also calls by name, or they are argparse destinations read from
  parse_args(); a method never called by name is a hook the framework calls (`call`,
  `on_epoch_end`), and `base.trainable = False` sets the API's attribute: both stay verbatim;
- keyword names are renamed only in calls to functions/classes/methods the code defines, and in
  calls whose keywords are data (np.savez(tres=...), dict(...), see KEYWORDS_AS_DATA);
- everything else (numbers, operators, calls, control flow, API names) stays verbatim.
Names bound in the page's other Python blocks count as bound too: cells share a namespace.

Shell (own tokeniser over shlex, so that heredocs and line numbers survive):
- comments vanish; `echo`/`printf` arguments are prose: one placeholder keeping only the
  variables they expand (and printf's % conversions);
- variables the snippet defines (for/read targets, standalone or local assignments, functions)
  and the files the page saves (its blocks' `title="..."`) are renamed by first appearance;
  variables set before a command or exported are configuration of a program: verbatim;
- Python given to an interpreter (`python -c "..."`, `python - <<'END'`) is normalised as Python;
  heredoc delimiters are a placeholder;
- commands, flags, numbers, quoted patterns, version pins and system paths stay verbatim.
"""

from __future__ import annotations

import ast
import functools
import io
import re
import shlex
import tokenize
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from .project import DOCS, languages, rel

STRING = "STR"  # what every string constant becomes
PROSE = "PROSE"  # what echo/printf text becomes
ADVICE = "Change both languages' code together (names, strings and comments may differ)."


class Token(NamedTuple):
    line: int  # 1-based line in the snippet file
    col: int | None  # 0-based column, when known (Python)
    text: str


@dataclass(frozen=True)
class Context:
    """What the rest of a page binds: Python names and attributes, and the files it saves."""

    names: frozenset = frozenset()
    attrs: frozenset = frozenset()
    callables: frozenset = frozenset()
    files: frozenset = frozenset()


# --- Python -----------------------------------------------------------------------------------

DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
# Calls whose keyword names are data the author chose (keys, saved array names, columns), not
# parameters of the API: np.savez(tres=...) is np.savez(three=...). Their keywords are renamed.
KEYWORDS_AS_DATA = {"dict", "savez", "savez_compressed", "assign", "update", "format", "SimpleNamespace"}
# A format spec's width aligns a column with its translated heading ("pérdida (1 disp.)" is two
# characters longer than "loss (1 device)"), so it may differ; fill, align, sign, precision and
# type may not.
SPEC = re.compile(r"^(?P<head>(?:.?[<>=^])?[-+ ]?z?#?0?)(?P<width>\d+)(?P<tail>[,_]?(?:\.\d+)?[a-zA-Z%]?)$")
SKIP_FIELDS = {"ctx", "type_comment", "kind"}


@dataclass
class _Bindings:
    names: set = field(default_factory=set)
    attrs: set = field(default_factory=set)
    callables: set = field(default_factory=set)  # defined functions, classes and called methods
    params: set = field(default_factory=set)
    options: set = field(default_factory=set)  # argparse destinations
    parsed: set = field(default_factory=set)  # names holding parse_args()'s result


def _parsed(node) -> bool:
    """Is this expression parse_args()'s result (argparse)?"""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
        "parse_args", "parse_intermixed_args")


def _bindings(tree: ast.AST) -> _Bindings:
    b = _Bindings()
    methods, used_attrs = set(), set()
    # Methods' first parameters (self, cls): attributes assigned on them are the class's own, named
    # by the author. Assigned elsewhere (base.trainable = False) an attribute is the API's.
    selves = {d.args.args[0].arg for n in ast.walk(tree) if isinstance(n, ast.ClassDef) for d in n.body
              if isinstance(d, (ast.FunctionDef, ast.AsyncFunctionDef)) and d.args.args
              and not any(isinstance(x, ast.Name) and x.id == "staticmethod" for x in d.decorator_list)}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            methods |= {d.name for d in node.body if isinstance(d, (ast.FunctionDef, ast.AsyncFunctionDef))
                        and not (d.name.startswith("__") and d.name.endswith("__"))}
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            b.names.add(node.id)
        elif isinstance(node, ast.arg):
            b.names.add(node.arg)
            b.params.add(node.arg)
        elif isinstance(node, ast.alias) and node.asname:
            b.names.add(node.asname)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            b.names.add(node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            b.names.update(node.names)
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            b.names.add(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            b.names.add(node.rest)
        elif isinstance(node, ast.Attribute):
            own = isinstance(node.ctx, (ast.Store, ast.Del)) and isinstance(node.value, ast.Name) and node.value.id in selves
            (b.attrs if own else used_attrs).add(node.attr)
    called_methods = methods & used_attrs
    b.attrs |= called_methods
    # argparse defines attributes from strings: add_argument("dispositivo") gives args.dispositivo
    # (add_argument("--num-epocas") gives args.num_epocas, dest="x" gives args.x). Only attributes
    # of parse_args()'s result are those, so torch's `.device` stays API beside args.device.
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add_argument":
            given = node.args + [k.value for k in node.keywords if k.arg == "dest"]
            for arg in given:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    b.options.add(arg.value.lstrip("-").replace("-", "_"))
        if isinstance(node, ast.Assign) and _parsed(node.value):
            b.parsed |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    # Function and class names, except methods (attribute namespace, handled above).
    in_class = {id(d) for n in ast.walk(tree) if isinstance(n, ast.ClassDef) for d in n.body}
    defs = {n.name for n in ast.walk(tree) if isinstance(n, DEFS) and id(n) not in in_class}
    b.names |= defs
    b.callables |= defs | called_methods
    return b


class _Python:
    def __init__(self, tree: ast.AST, context: Context, line_offset: int, mapping: dict):
        own = _bindings(tree)
        self.names = own.names | context.names
        self.attrs = own.attrs | context.attrs
        self.callables = own.callables | context.callables
        self.params = own.params
        self.options, self.parsed = own.options, own.parsed
        self.offset = line_offset
        self.mapping = mapping
        self.out: list[Token] = []

    def rename(self, name: str) -> str:
        return self.mapping.setdefault(name, f"v{len(self.mapping) + 1}")

    def add(self, pos, text: str) -> None:
        self.out.append(Token(pos[0] + self.offset, pos[1], text))

    def visit(self, node, pos, in_class: bool = False) -> None:
        if isinstance(node, list):
            self.add(pos, "[")
            for item in node:
                self.visit(item, pos, in_class)
            self.add(pos, "]")
            return
        if not isinstance(node, ast.AST):
            self.add(pos, repr(node))
            return
        if hasattr(node, "lineno"):
            pos = (node.lineno, node.col_offset)
        kind = type(node).__name__
        if isinstance(node, ast.Constant):
            if isinstance(node.value, str) and _is_code(node.value):  # Python run by a child process
                self.add(pos, "CODE(")
                self.out += _python(node.value, Context(), pos[0] - 1 + self.offset, {})
                self.add(pos, ")")
                return
            self.add(pos, STRING if isinstance(node.value, (str, bytes)) else repr(node.value))
            return
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return  # a docstring, or a string used as a comment: prose
        if isinstance(node, ast.JoinedStr):
            self.add(pos, "f" + STRING + "(")
            for part in node.values:
                if isinstance(part, ast.FormattedValue):
                    self.formatted(part, pos)
            self.add(pos, ")")
            return
        if isinstance(node, ast.Name):
            self.add(pos, self.rename(node.id) if node.id in self.names else node.id)
            return
        if isinstance(node, ast.Attribute):
            self.visit(node.value, pos)
            option = node.attr in self.options and (
                _parsed(node.value) or (isinstance(node.value, ast.Name) and node.value.id in self.parsed))
            at = (node.end_lineno, node.end_col_offset - len(node.attr))  # the name itself, for the excerpt
            self.add(at, "." + (self.rename(node.attr) if option or node.attr in self.attrs else node.attr))
            return
        if isinstance(node, ast.Call):
            self.add(pos, "Call")
            self.visit(node.func, pos)
            self.visit(node.args, pos)
            func = node.func
            target = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            data = target in KEYWORDS_AS_DATA
            local = target in self.callables
            for kw in node.keywords:
                kpos = (kw.lineno, kw.col_offset)
                renamed = data or (local and kw.arg in self.params)
                name = "**" if kw.arg is None else (self.rename(kw.arg) if renamed else kw.arg)
                self.add(kpos, name + "=")
                self.visit(kw.value, kpos)
            return
        self.add(pos, kind)
        for name in node._fields:
            if name in SKIP_FIELDS:
                continue
            value = getattr(node, name, None)
            if isinstance(value, str) or (name == "names" and isinstance(node, (ast.Global, ast.Nonlocal))):
                self.identifier(node, name, value, pos, in_class)
            else:
                self.visit(value, pos, in_class=isinstance(node, ast.ClassDef) and name == "body")

    def identifier(self, node, name: str, value, pos, in_class: bool) -> None:
        """A str field of a node: a binding (renamed) or an API name (verbatim)."""
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            self.add(pos, " ".join(self.rename(n) for n in value))
        elif isinstance(node, DEFS) and name == "name":
            bound = value in self.attrs if in_class else value in self.names
            self.add(pos, self.rename(value) if bound else value)
        elif (isinstance(node, ast.arg) and name == "arg") or (isinstance(node, ast.alias) and name == "asname") \
                or (isinstance(node, ast.ExceptHandler) and name == "name") \
                or (isinstance(node, (ast.MatchAs, ast.MatchStar)) and name == "name") \
                or (isinstance(node, ast.MatchMapping) and name == "rest"):
            self.add(pos, self.rename(value))
        else:  # module names, imported names, match class attributes
            self.add(pos, value)

    def formatted(self, part: ast.FormattedValue, pos) -> None:
        self.add(pos, "{")
        self.visit(part.value, pos)
        if part.conversion != -1:
            self.add(pos, "!" + chr(part.conversion))
        if part.format_spec is not None:  # a JoinedStr: literal spec text is code here, not prose
            self.add(pos, ":")
            for piece in part.format_spec.values:
                if isinstance(piece, ast.Constant):
                    spec = SPEC.match(str(piece.value))
                    self.add(pos, f"{spec['head']}W{spec['tail']}" if spec else str(piece.value))
                else:
                    self.formatted(piece, pos)
        self.add(pos, "}")


def _is_code(text: str) -> bool:
    """A string that is a Python program (given to `python -c`, exec), not prose: it parses and
    has a statement other than a bare expression, or several lines with a call."""
    if not any(c in text for c in "=\n;(") or len(text) > 100_000:
        return False
    try:
        body = ast.parse(text).body
    except (SyntaxError, ValueError):
        return False
    return any(not isinstance(st, ast.Expr) or ("\n" in text.strip() and isinstance(st.value, ast.Call)) for st in body)


def _python(text: str, context: Context, line_offset: int = 0, mapping: dict | None = None) -> list[Token]:
    try:
        tree = ast.parse(text)
    except SyntaxError as exc:  # the block's own syntax check reports it; parity sees one token
        return [Token((exc.lineno or 1) + line_offset, exc.offset, "unparsable Python")]
    walker = _Python(tree, context, line_offset, {} if mapping is None else mapping)
    walker.visit(tree.body, (1, 0))
    return walker.out


# --- Shell ------------------------------------------------------------------------------------

HEREDOC = re.compile(r"(?<!<)<<(?!<)(-?)\s*(['\"]?)([A-Za-z_]\w*)\2")
VAR = re.compile(r"\$(?:\{#?([A-Za-z_]\w*)[^}]*\}|([A-Za-z_]\w*)|([?#@*$!0-9-]))")
ASSIGN = re.compile(r"^([A-Za-z_]\w*)(\+?=)(.*)$", re.S)
PYTHON = re.compile(r"^python[\d.]*$")
SEPARATORS = {";", ";;", "&", "&&", "|", "||", "|&", "(", ")", "{", "}"}
DECLARE = {"local", "declare", "typeset", "readonly"}
RESERVED = {"if", "then", "else", "elif", "do", "while", "until", "!", "time"}
PUNCTUATION = set("();<>|&")


def _strip_comment(line: str) -> str:
    """The line without its comment: `#` starting a word, outside quotes."""
    quote, escaped = None, False
    for i, ch in enumerate(line):
        if escaped:
            escaped = False
        elif ch == "\\" and quote != "'":
            escaped = True
        elif quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace() or line[i - 1] in ";&|()"):
            return line[:i]
    return line


def _words(segment: str) -> list[str]:
    lexer = shlex.shlex(segment, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    lexer.commenters = ""
    return list(lexer)


@dataclass
class _Unit:
    """A logical command line: its tokens (line, word) and the heredoc bodies it opens."""

    words: list = field(default_factory=list)
    heredocs: list = field(default_factory=list)  # (first body line, body text)


def _units(text: str) -> list[_Unit]:
    lines = text.splitlines()
    units, i = [], 0
    while i < len(lines):
        segments = [(i + 1, _strip_comment(lines[i]))]
        while segments[-1][1].rstrip().endswith("\\") and i + 1 < len(lines):
            segments[-1] = (segments[-1][0], segments[-1][1].rstrip()[:-1])
            i += 1
            segments.append((i + 1, _strip_comment(lines[i])))
        i += 1
        unit = _Unit()
        try:
            for lineno, seg in segments:
                unit.words += [(lineno, w) for w in _words(seg)]
        except ValueError:  # a quote spanning physical lines: tokenise the whole command at once
            try:
                unit.words = [(segments[0][0], w) for w in _words(" ".join(s for _, s in segments))]
            except ValueError:
                unit.words = [(n, w) for n, s in segments for w in s.split()]
        for _, seg in segments:
            for m in HEREDOC.finditer(seg):
                start, body = i, []
                while i < len(lines) and (lines[i].lstrip("\t") if m[1] else lines[i]) != m[3]:
                    body.append(lines[i])
                    i += 1
                i += 1  # the delimiter line
                unit.heredocs.append((start + 1, "\n".join(body) + "\n"))
        units.append(unit)
    return units


def _commands(words: list) -> list[list]:
    """Split a unit's words into simple commands at control operators (kept as their own 'command')."""
    out, cur = [], []
    for item in words:
        if item[1] in SEPARATORS:
            if cur:
                out.append(cur)
            out.append([item])
            cur = []
        else:
            cur.append(item)
    if cur:
        out.append(cur)
    return out


def _shell_bound(units: list[_Unit]) -> set:
    bound = set()
    for unit in units:
        for cmd in _commands(unit.words):
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


class _Shell:
    def __init__(self, text: str, context: Context, line_offset: int, mapping: dict):
        self.units = _units(text)
        self.bound = _shell_bound(self.units)
        self.files = sorted(context.files, key=len, reverse=True)
        self.context = context
        self.offset = line_offset
        self.mapping = mapping
        self.out: list[Token] = []

    def rename(self, name: str, prefix: str = "v") -> str:
        return self.mapping.setdefault((prefix, name), f"{prefix}{sum(1 for k in self.mapping if k[0] == prefix) + 1}")

    def add(self, line: int, text: str) -> None:
        self.out.append(Token(line + self.offset, None, text))

    def word(self, w: str) -> str:
        for f in self.files:
            w = re.sub(rf"(?<![\w.-]){re.escape(f)}(?![\w-])", lambda m: self.rename(m[0], "F"), w)
        w = VAR.sub(lambda m: self.var(m), w)
        a = ASSIGN.match(w)
        if a and a[1] in self.bound:
            w = self.rename(a[1]) + a[2] + a[3]
        return w

    def var(self, m: re.Match) -> str:
        name = m[1] or m[2]
        if name and name in self.bound:
            return m[0].replace(name, self.rename(name), 1)
        return m[0]

    def refs(self, w: str) -> list[str]:
        return [self.var(m) for m in VAR.finditer(w)]

    def run(self) -> list[Token]:
        for unit in self.units:
            self.readers = []  # for each heredoc the unit opens: is its reader a Python interpreter?
            for cmd in _commands(unit.words):
                self.command(cmd)
            for k, (start, body) in enumerate(unit.heredocs):
                python = k < len(self.readers) and self.readers[k]
                self.add(start, "<<BODY(")
                if python:
                    self.out += _python(body, Context(), start - 1 + self.offset, {})
                else:
                    self.out += _Shell(body, self.context, start - 1 + self.offset, self.mapping).run()
                self.add(start, ")")
        return self.out

    def command(self, cmd: list) -> None:
        """Emit one simple command (and note whether a heredoc it reads goes to Python)."""
        words = [w for _, w in cmd]
        k = 0
        while k < len(words) and ASSIGN.match(words[k]):
            k += 1
        for line, w in cmd[:k]:
            self.add(line, self.word(w))
        while k < len(words) and words[k] in RESERVED:  # then echo ...: the command is echo
            self.add(cmd[k][0], words[k])
            k += 1
        if k == len(words):
            return
        name = words[k]
        python = bool(PYTHON.match(name.rsplit("/", 1)[-1]))
        if name in ("echo", "printf"):
            self.add(cmd[k][0], name)
            j = k + 1
            while name == "echo" and j < len(words) and re.fullmatch(r"-[neE]+", words[j]):
                self.add(cmd[j][0], words[j])
                j += 1
            end = next((e for e in range(j, len(words)) if set(words[e]) <= PUNCTUATION), len(words))
            kept = []
            for e in range(j, end):
                if name == "printf" and e == j:
                    kept += re.findall(r"%[-+ #0]*\d*(?:\.\d+)?[a-zA-Z%]", words[e])
                kept += self.refs(words[e])
            self.add(cmd[j][0] if j < len(cmd) else cmd[k][0], f"{PROSE}({' '.join(kept)})")
            rest = range(end, len(words))
        else:
            rest = range(k, len(words))
        skip = set()
        if name == "for" and k + 1 < len(words) and words[k + 1] in self.bound:  # for NAME in ...
            self.add(cmd[k][0], name)
            self.add(cmd[k + 1][0], self.rename(words[k + 1]))
            skip |= {k, k + 1}
        for e in rest:
            line, w = cmd[e]
            if e in skip:
                continue
            if python and w == "-c" and e + 1 < len(words):
                self.add(line, "-c")
                self.add(cmd[e + 1][0], "PY(")
                self.out += _python(words[e + 1], Context(), cmd[e + 1][0] - 1 + self.offset, {})
                self.add(cmd[e + 1][0], ")")
                skip.add(e + 1)
            elif w in ("<<", "<<-") and e + 1 < len(words):
                self.readers.append(python)
                self.add(line, "<<DELIM")
                skip.add(e + 1)
            elif w in self.bound and (name in DECLARE or name == "read" or e == k):  # read NAME, local NAME, f
                self.add(line, self.rename(w))
            else:
                self.add(line, self.word(w))


def _shell(text: str, context: Context, line_offset: int = 0) -> list[Token]:
    return _Shell(text, context, line_offset, {}).run()


# --- Public API -------------------------------------------------------------------------------

def normalised(source: Path | str, syntax: str, context: Context | None = None) -> list[Token]:
    """The canonical token stream of a snippet (a Path is read; a str is the program itself)."""
    text = source.read_text(encoding="utf-8") if isinstance(source, Path) else source
    context = context or Context()
    return _python(text, context) if syntax == "python" else _shell(text, context)


def _excerpt(lines: list[str], token: Token | None) -> str:
    if token is None:
        return "end of file"
    line = lines[token.line - 1] if 0 < token.line <= len(lines) else ""
    text = line.strip()
    if len(text) > 120:
        col = max(0, (token.col or 0) - (len(line) - len(line.lstrip())) - 40)
        text = ("…" if col else "") + text[col:col + 100] + ("…" if col + 100 < len(text) else "")
    return f"`{text}`"


def problem(a: Path, b: Path, syntax: str, context_a: Context | None = None, context_b: Context | None = None,
            *, text_a: str | None = None, text_b: str | None = None) -> str | None:
    """None when the two snippets are the same program; else where they first differ, naming both.

    text_a / text_b stand in for a file's contents (a mutant) while the message still names the file.
    """
    a, b = Path(a), Path(b)
    text_a = a.read_text(encoding="utf-8") if text_a is None else text_a
    text_b = b.read_text(encoding="utf-8") if text_b is None else text_b
    ta, tb = normalised(text_a, syntax, context_a), normalised(text_b, syntax, context_b)
    if [t.text for t in ta] == [t.text for t in tb]:
        return None
    i = next((k for k, (x, y) in enumerate(zip(ta, tb)) if x.text != y.text), min(len(ta), len(tb)))
    where, shown = [], []
    for path, text, tokens in ((a, text_a, ta), (b, text_b, tb)):
        lines = text.splitlines()
        tok = tokens[i] if i < len(tokens) else None
        where.append(f"{rel(path)}:{tok.line if tok else len(lines)}")
        shown.append(_excerpt(lines, tok))
    return f"{where[0]} and {where[1]} differ in structure: {shown[0]} vs {shown[1]}. {ADVICE}"


def page_context(page) -> Context:
    """What a page's blocks bind (Python names and attributes) and the files it saves (titles)."""
    names, attrs, callables = set(), set(), set()
    for block in page.blocks:
        if block.syntax == "python":
            try:
                b = _bindings(ast.parse(block.snippet.read_text(encoding="utf-8")))
            except SyntaxError:
                continue
            names |= b.names
            attrs |= b.attrs
            callables |= b.callables
    files = {blk.title for blk in page.blocks if blk.title}
    return Context(frozenset(names), frozenset(attrs), frozenset(callables), frozenset(files))


@functools.lru_cache(maxsize=None)
def _context_of(page_path: Path, mtime: float) -> Context:
    from .pages import load_page

    return page_context(load_page(page_path))


def block_context(block) -> Context:
    return _context_of(Path(block.page), Path(block.page).stat().st_mtime)


def block_problem(a, b, *, text_a: str | None = None, text_b: str | None = None) -> str | None:
    """problem() for two blocks (default language first), each with its own page's context."""
    if a.syntax != b.syntax:
        return f"{a.where} is {a.syntax} but {b.where} is {b.syntax}. {ADVICE}"
    return problem(a.snippet, b.snippet, a.syntax, block_context(a), block_context(b), text_a=text_a, text_b=text_b)


def pairs(slug: str) -> list[tuple]:
    """The default language's blocks of a page, each with its translation, in page order."""
    from .pages import load_page

    langs = languages()
    pages = {lang: load_page(DOCS / f"{slug}.{lang}.md") for lang in langs}
    return [(a, b) for lang in langs[1:] for a, b in zip(pages[langs[0]].blocks, pages[lang].blocks)]


# --- Mutants for the mutation check -------------------------------------------------------------

def _python_numbers(text: str):
    """(start offset, end offset, literal) of each number token, in order."""
    starts = [0]
    for line in io.StringIO(text).readlines():  # split as tokenize does: at \n only
        starts.append(starts[-1] + len(line))
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.NUMBER:
                s = starts[tok.start[0] - 1] + tok.start[1]
                yield s, s + len(tok.string), tok.string
    except (tokenize.TokenError, SyntaxError):
        return


def _bumped(literal: str) -> str:
    try:
        value = ast.literal_eval(literal)
    except (ValueError, SyntaxError):
        return literal + "1"
    return repr(value + 1)


def mutate(text: str, syntax: str) -> tuple[str, str]:
    """A one-language code change: the first number that the normaliser keeps, plus one; or, when
    there is none, an added statement. The mutant's normalised form always differs from the text's."""
    before = [t.text for t in normalised(text, syntax)]
    if syntax == "python":
        candidates = ((s, e, lit, _bumped(lit)) for s, e, lit in _python_numbers(text))
    else:
        candidates = ((m.start(), m.end(), m[0], str(int(m[0]) + 1)) for m in re.finditer(r"\d+", text))
    for start, end, old, new in candidates:
        mutant = text[:start] + new + text[end:]
        if [t.text for t in normalised(mutant, syntax)] != before:
            line = text.count("\n", 0, start) + 1
            return mutant, f"line {line}: {old} -> {new}"
    extra = "pass" if syntax == "python" else "true"
    mutant = text + ("" if text.endswith("\n") or not text else "\n") + extra + "\n"
    return mutant, f"added a last statement `{extra}`"


__all__ = ["Context", "Token", "block_context", "block_problem", "mutate", "normalised", "page_context", "pairs", "problem"]
