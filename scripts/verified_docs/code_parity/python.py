"""The Python normaliser: a program's canonical token stream (_python), walking its ast (_Python);
see the package's docstring for the rules."""

from __future__ import annotations

import ast
import re

from .python_bindings import COMPREHENSIONS, DEFS, FUNCTIONS, _bindings, _dest, _locals, _parsed, _read_back
from .tokens import KEY, NAME, SCOPE, STR, Context, Token, _Scope

# A format spec's width aligns a column with its translated heading ("pérdida (1 disp.)" is two
# characters longer than "loss (1 device)"), so it may differ; fill, align, sign, precision and
# type may not.
SPEC = re.compile(r"^(?P<head>(?:.?[<>=^])?[-+ ]?z?#?0?)(?P<width>\d+)(?P<tail>[,_]?(?:\.\d+)?[a-zA-Z%]?)$")
SKIP_FIELDS = {"ctx", "type_comment", "kind"}


class _Python:
    def __init__(self, tree: ast.AST, context: Context, line_offset: int, scope: _Scope):
        own = _bindings(tree)
        self.names = own.names | context.names
        self.attrs = own.attrs | context.attrs
        self.callables = own.callables | context.callables
        self.params = own.params
        self.keys = context.keys | _read_back(tree)
        self.options, self.parsed = own.options, own.parsed
        self.context = context
        # Names imported from a Python file the page saves (`from comun import EPOCAS`) are that
        # program's: one renaming with its definitions, and with every use here.
        self.modules = dict(context.modules)
        self.imported, self.page_aliases = {}, {}  # name -> its program; id(alias) -> its program
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and not node.level and node.module in self.modules:
                for alias in node.names:
                    self.page_aliases[id(alias)] = self.modules[node.module]
                    if alias.asname is None:
                        self.imported[alias.name] = self.modules[node.module]
                # what the module's classes define: a subclass here reaches it through self
                self.attrs |= dict(context.module_attrs).get(node.module, frozenset())
        self.names |= set(self.imported)
        own_module = next((m for m, s in context.modules if s == scope.name), None)
        self.attrs |= dict(context.module_attrs).get(own_module, frozenset())
        self.scope = scope
        self.frames = [(scope.name, None)]  # (scope, its local names); the program's takes the rest
        self.functions = iter(range(1 << 30))
        self.offset = line_offset
        self.out: list[Token] = []

    def add(self, pos, text: str, refs: tuple = ()) -> None:
        self.out.append(Token(pos[0] + self.offset, pos[1], text, refs))

    def where(self, name: str) -> str:
        """The scope a name belongs to: the innermost function or comprehension binding it, or
        the program."""
        scope = next(s for s, names in reversed(self.frames) if names is None or name in names)
        return self.imported.get(name, scope) if scope == self.frames[0][0] else scope

    def ref(self, pos, name: str, before: str = "", after: str = "", where: str | None = None) -> None:
        """A name: renamed consistently within the function, comprehension or program binding it
        (or `where`: the program's attributes, a callee's parameters)."""
        self.add(pos, before + NAME + after, ((where or self.where(name)) + SCOPE + name,))

    def frame(self, node) -> tuple:
        return (f"{self.scope.prefix}/{next(self.functions)}", _locals(node))

    def child(self, code: str, pos) -> None:
        """Python that another process runs: its own names, the page's strings and keys."""
        self.add(pos, "CODE(")
        self.out += _python(code, Context(keys=self.context.keys), pos[0] - 1 + self.offset, self.scope.child())
        self.add(pos, ")")

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
                self.child(node.value, pos)
            elif isinstance(node.value, str):
                self.add(pos, STR, (node.value,))
            elif isinstance(node.value, bytes):
                self.add(pos, "b" + STR, (repr(node.value),))
            else:
                self.add(pos, repr(node.value))
            return
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return  # a docstring, or a string used as a comment: prose
        if isinstance(node, ast.JoinedStr):
            self.fstring(node, pos)
            return
        if isinstance(node, (ast.Dict, ast.DictComp)):  # a display's string keys name entries: KEY
            self.add(pos, kind)
            if isinstance(node, ast.DictComp):
                self.frames.append(self.frame(node))
            keys = node.keys if isinstance(node, ast.Dict) else [node.key]
            values = node.values if isinstance(node, ast.Dict) else [node.value]
            for k, v in zip(keys, values):
                if isinstance(k, ast.Constant) and isinstance(k.value, str) and not _is_code(k.value):
                    self.add((k.lineno, k.col_offset), KEY, (k.value,))
                elif isinstance(k, ast.JoinedStr):
                    self.fstring(k, (k.lineno, k.col_offset), KEY)
                else:
                    self.visit(k, pos)
                self.visit(v, pos)
            if isinstance(node, ast.DictComp):
                self.visit(node.generators, pos)
                self.frames.pop()
            return
        if isinstance(node, ast.Name):
            if node.id in self.names:
                self.ref(pos, node.id)
            else:
                self.add(pos, node.id)
            return
        if isinstance(node, ast.Attribute):
            self.visit(node.value, pos)
            option = node.attr in self.options and (
                _parsed(node.value) or (isinstance(node.value, ast.Name) and node.value.id in self.parsed)
            )
            at = (node.end_lineno, node.end_col_offset - len(node.attr))  # the name itself, for the excerpt
            if option:  # argparse's attribute: the string given to add_argument
                self.add(at, "." + STR, (node.attr,))
            elif node.attr in self.attrs:
                self.ref(at, node.attr, ".", where=self.scope.name + ".attrs")
            else:
                self.add(at, "." + node.attr)
            return
        if isinstance(node, ast.Call):
            self.add(pos, "Call")
            self.visit(node.func, pos)
            func = node.func
            target = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if target == "add_argument":  # option strings name attributes of parse_args()'s result
                self.add(pos, "[")
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        dashes = len(arg.value) - len(arg.value.lstrip("-"))
                        self.add((arg.lineno, arg.col_offset), "-" * dashes + STR, (_dest(arg.value),))
                    else:
                        self.visit(arg, pos)
                self.add(pos, "]")
            else:
                self.visit(node.args, pos)
            local = target in self.callables
            for kw in node.keywords:
                kpos = (kw.lineno, kw.col_offset)
                if kw.arg is None:
                    self.add(kpos, "**=")
                elif kw.arg in self.keys:  # np.savez(tres=...) read back as datos["tres"]
                    self.add(kpos, KEY + "=", (kw.arg,))
                elif local and kw.arg in self.params:
                    self.ref(kpos, kw.arg, after="=", where=self.scope.name + ".params")
                else:
                    self.add(kpos, kw.arg + "=")
                if (
                    target == "add_argument"
                    and kw.arg == "dest"
                    and isinstance(kw.value, ast.Constant)
                    and isinstance(kw.value.value, str)
                ):
                    self.add(kpos, STR, (kw.value.value,))
                else:
                    self.visit(kw.value, kpos)
            return
        self.add(pos, kind)
        scoped = self.frame(node) if isinstance(node, FUNCTIONS + COMPREHENSIONS) else None
        for name in node._fields:
            if name in SKIP_FIELDS:
                continue
            inside = scoped is not None and name not in ("name", "decorator_list")
            if inside:
                self.frames.append(scoped)
            value = getattr(node, name, None)
            if isinstance(value, str) or (name == "names" and isinstance(node, (ast.Global, ast.Nonlocal))):
                self.identifier(node, name, value, pos, in_class)
            else:
                self.visit(value, pos, in_class=isinstance(node, ast.ClassDef) and name == "body")
            if inside:
                self.frames.pop()

    def fstring(self, node: ast.JoinedStr, pos, mark: str = STR) -> None:
        """An f-string: its text is one string (`{}` where each expression goes), then the
        expressions with their conversions and format specs, in order."""
        template = "".join(p.value if isinstance(p, ast.Constant) else "{}" for p in node.values)
        self.add(pos, "f" + mark + "(", (template,))
        for part in node.values:
            if isinstance(part, ast.FormattedValue):
                self.formatted(part, pos)
        self.add(pos, ")")

    def identifier(self, node, name: str, value, pos, in_class: bool) -> None:
        """A str field of a node: a binding (a reference) or an API name (verbatim)."""
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            self.add(pos, " ".join(NAME for _ in value), tuple(self.where(n) + SCOPE + n for n in value))
        elif isinstance(node, DEFS) and name == "name":
            bound = value in self.attrs if in_class else value in self.names
            if bound:
                self.ref(pos, value, where=self.scope.name + ".attrs" if in_class else None)
            else:
                self.add(pos, value)
        elif (
            (isinstance(node, ast.arg) and name == "arg")
            or (isinstance(node, ast.alias) and name == "asname")
            or (isinstance(node, ast.ExceptHandler) and name == "name")
            or (isinstance(node, (ast.MatchAs, ast.MatchStar)) and name == "name")
            or (isinstance(node, ast.MatchMapping) and name == "rest")
        ):
            self.ref(pos, value)
        elif isinstance(node, ast.ImportFrom) and name == "module" and value in self.modules and not node.level:
            self.add(pos, STR, (value + ".py",))  # the page's own file: renamed as its title is
        elif isinstance(node, ast.alias) and name == "name" and id(node) in self.page_aliases:
            self.ref(pos, value, where=self.page_aliases[id(node)])
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


def _python(text: str, context: Context, line_offset: int = 0, scope: _Scope | None = None) -> list[Token]:
    try:
        tree = ast.parse(text)
    except SyntaxError as exc:  # the block's own syntax check reports it; parity sees one token
        return [Token((exc.lineno or 1) + line_offset, exc.offset, "unparsable Python")]
    walker = _Python(tree, context, line_offset, scope or _Scope())
    walker.visit(tree.body, (1, 0))
    return walker.out
