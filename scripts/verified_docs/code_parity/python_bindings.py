"""What a Python program binds, read from its ast: its names, own attributes, callables,
parameters and argparse options (_bindings), the keys it reads back (_read_back), and the names
local to a function or comprehension (_locals)."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


@dataclass
class _Bindings:
    names: set = field(default_factory=set)
    attrs: set = field(default_factory=set)
    callables: set = field(default_factory=set)  # defined functions, classes and called methods
    params: set = field(default_factory=set)
    options: set = field(default_factory=set)  # argparse destinations
    parsed: set = field(default_factory=set)  # names holding parse_args()'s result
    methods: set = field(default_factory=set)  # its classes' methods (not dunders), called here or not


def _parsed(node) -> bool:
    """Is this expression parse_args()'s result (argparse)?"""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("parse_args", "parse_intermixed_args")
    )


def _bindings(tree: ast.AST) -> _Bindings:
    b = _Bindings()
    methods, used_attrs = set(), set()
    # Methods' first parameters (self, cls): attributes assigned on them are the class's own, named
    # by the author. Assigned elsewhere (base.trainable = False) an attribute is the API's.
    selves = {
        d.args.args[0].arg
        for n in ast.walk(tree)
        if isinstance(n, ast.ClassDef)
        for d in n.body
        if isinstance(d, (ast.FunctionDef, ast.AsyncFunctionDef))
        and d.args.args
        and not any(isinstance(x, ast.Name) and x.id == "staticmethod" for x in d.decorator_list)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            methods |= {
                d.name
                for d in node.body
                if isinstance(d, (ast.FunctionDef, ast.AsyncFunctionDef))
                and not (d.name.startswith("__") and d.name.endswith("__"))
            }
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
    b.methods = methods
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


def _read_back(tree: ast.AST) -> set:
    """Keys a program reads back: subscript string keys (`datos["tres"]`). A keyword argument with
    such a name (`np.savez(tres=...)`) names an entry the author chose, not an API parameter."""
    return {
        node.slice.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str)
    }


def _dest(option: str) -> str:
    """argparse's attribute for an option string: "--num-epocas" gives args.num_epocas."""
    return option.lstrip("-").replace("-", "_")


FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _locals(node: ast.AST) -> set:
    """The names local to a function, lambda or comprehension: its parameters or loop targets and
    what its own body binds (not nested functions' bodies), less global/nonlocal declarations."""
    if isinstance(node, COMPREHENSIONS):
        return {n.id for g in node.generators for n in ast.walk(g.target) if isinstance(n, ast.Name)}
    a = node.args
    out = {x.arg for x in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg] if x}
    declared = set()
    todo = list(node.body) if isinstance(node.body, list) else []
    while todo:
        n = todo.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(n.name)
            todo += n.decorator_list
            continue
        if isinstance(n, (ast.Lambda, *COMPREHENSIONS)):
            continue
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            out.add(n.id)
        elif isinstance(n, ast.alias) and n.asname:
            out.add(n.asname)
        elif isinstance(n, ast.ExceptHandler) and n.name:
            out.add(n.name)
        elif isinstance(n, (ast.MatchAs, ast.MatchStar)) and n.name:
            out.add(n.name)
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            declared.update(n.names)
        todo += list(ast.iter_child_nodes(n))
    return out - declared
