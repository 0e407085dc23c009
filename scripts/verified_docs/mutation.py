"""Mutation check: does the test suite really catch a broken page?

Usage: python -m verified_docs.mutation [--pages SLUG ...] [--jobs N] [--quick]     (make mutation)

For every page and language, using the engine's own check functions, each kind of mistake is
made on purpose, one at a time, and must be reported by the check that guards against it, in a
failure that names the mutated page and block (or line): a failure elsewhere is not a kill.

Sensitivity kinds (does the check notice a realistic mistake?):
- code (run tier): a snippet gets a failing first statement (`raise RuntimeError("mutation
  check")`, `exit 97`) and the page runs again; the failure must be that statement's, reported on
  that block (on a later block for a file the page saves and a later block runs).
- semantic (run tier, Python): what a program computes is changed and the page runs again: the
  first number passed to a call (an epoch count, a seed, a rate, a size) or used as a slice bound,
  the first call's two positional arguments swapped, the first + - * / flipped; the page's own
  recorded outputs must catch it on that block or a later one. The report names the block whose
  recording caught it. One mutant of each kind per page (each costs a page run).
- resolve: the first pinned version becomes one that does not exist (an apt line, which pins
  nothing: its first package becomes a name no archive has); the unmutated line is resolved first
  (a line that does not resolve here is not checked, not killed), and the failure must name the
  bad version or package (checks.resolve_problem).
- syntax, undefined-name and bad-import (gpu, network and lint tiers: every block CI does not
  execute): a syntax error, a use of a name nothing defines, and the first import renamed to a
  module that does not exist while the name stays bound (`import Xz as X`, `from Xz import y`),
  so that only the import resolver can catch it (static.page_problems).
- prose-number: a number the prose restates (from an output, the code, a bench program or the
  generator) gets one digit changed to a figure nothing produced; prose_numbers.problems must
  report its line.
- prose-swap: the same number changed to another figure the page prints (the realistic slip:
  the next epoch's loss); a trace by value accepts any produced figure, so these survive, each
  named, as the tracer's known limit.
- one-language: a translated snippet's code changed and not its original's (code_parity.mutants).
Coverage kinds (is every recorded output and translation under a check at all?):
- output: one digit of a recorded output changed, compared with a real run of the page.
- stale-translation: a sentence added to a page in the default language; its translations'
  records must then fail (translations.problems_for).

Each mutant ends killed, survived (with why) or not checked (with why: nothing to mutate, a
baseline that does not pass here, or an error of the mutation run itself, which is never counted
as a kill). What stays unkillable offline (the gpu and network blocks' behaviour at run time) is
listed with the reason. Every file is restored afterwards (also on Ctrl-C). Writes
build/mutation/report.txt; exits non-zero on a survivor of a sensitivity kind that is not a known
limit, or on an error of the run.
"""

from __future__ import annotations

import argparse
import ast
import enum
import re
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from . import code_parity, prose_numbers, shell, static, translations
from .checks import APT_INSTALL, resolve_problem
from .execute import check_outputs, run_page_tier, share_compilations, share_cores
from .pages import Block, Page, all_pages, load_page
from .project import DOCS, ROOT, default_language, languages, rel
from .tiers import CI_TIER, SHELL, TIERS

REPORT = ROOT / "build" / "mutation" / "report.txt"


def log(msg: str) -> None:
    print(f"[mutation {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


SENSITIVITY = (
    "code",
    "semantic",
    "resolve",
    "syntax",
    "undefined-name",
    "bad-import",
    "prose-number",
    "prose-swap",
    "one-language",
)
COVERAGE = ("output", "stale-translation")
KINDS = SENSITIVITY + COVERAGE
# Kinds whose survivors are a known limit of the check, reported with the reason, not a failure.
KNOWN_LIMITS = {"prose-swap": "a by-value trace accepts any figure the page prints; only a reader sees which one"}


class Outcome(enum.Enum):
    KILLED = "killed"
    SURVIVED = "SURVIVED"
    NOT_CHECKED = "not checked"


class Mutant:
    def __init__(self, kind: str, block: Block | str, what: str):
        assert kind in KINDS, kind
        self.kind, self.block, self.what = kind, block, what
        self.outcome: Outcome | None = None
        self.reason = ""  # why it survived or was not checked; for a kill, what caught it
        self.error = False  # not checked because the mutation run itself failed

    def killed(self, by: str = "") -> Mutant:
        self.outcome, self.reason = Outcome.KILLED, by
        return self

    def survived(self, why: str) -> Mutant:
        self.outcome, self.reason = Outcome.SURVIVED, why
        return self

    def not_checked(self, why: str, error: bool = False) -> Mutant:
        self.outcome, self.reason, self.error = Outcome.NOT_CHECKED, why, error
        return self

    def judge(self, killed: bool, survived_why: str, by: str = "") -> Mutant:
        return self.killed(by) if killed else self.survived(survived_why)

    @property
    def where(self) -> str:
        return self.block.where if isinstance(self.block, Block) else self.block

    def line(self) -> str:
        state = (self.outcome or Outcome.NOT_CHECKED).value
        return f"{state:<11} {self.kind:<17} {self.where}: {self.what}" + (f" -- {self.reason}" if self.reason else "")


def guarded(mutant: Mutant, check) -> Mutant:
    """Run `check` (which judges `mutant`); any exception of it is an error of the mutation run,
    reported as such, never a kill."""
    try:
        check()
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # noqa: BLE001 - reported as the run's own error
        mutant.not_checked(f"error of the mutation run: {exc!r}", error=True)
    if mutant.outcome is None:
        mutant.not_checked("error of the mutation run: its check reached no verdict", error=True)
    return mutant


def problem_block(problem: str, blocks: list[Block]) -> Block | None:
    """The block a check_outputs problem is about (each starts with the block's `where`)."""
    return next((b for b in blocks if problem.startswith(b.where)), None)


class restored:
    """Write a mutant into a file; put the original back on leaving (also on Ctrl-C)."""

    def __init__(self, path: Path, text: str):
        self.path, self.text = Path(path), text

    def __enter__(self):
        self.original = self.path.read_text(encoding="utf-8")
        self.path.write_text(self.text, encoding="utf-8")
        return self

    def __exit__(self, *exc):
        self.path.write_text(self.original, encoding="utf-8")


def mutate_digit(text: str, volatile: str | None) -> tuple[str, str] | None:
    """Change the first digit outside the block's volatile spans (timings); in an output with no
    such digit, change the case of its first letter instead (a stricter check than asked for)."""
    masked = set()
    if volatile:
        for m in re.finditer(volatile, text):
            masked.update(range(m.start(), m.end()))
    for test, change, what in (
        (str.isdigit, lambda ch: str((int(ch) + 1) % 10), "digit"),
        (str.isalpha, str.swapcase, "letter"),
    ):
        for i, ch in enumerate(text):
            if test(ch) and i not in masked:
                new = change(ch)
                line = text.count("\n", 0, i) + 1
                return text[:i] + new + text[i + 1 :], f"{what} {ch}->{new} on line {line}"
    return None


def failing_statement(block: Block) -> tuple[str, str]:
    """(first line to add, what its failure says)."""
    if block.syntax == "python":
        return 'raise RuntimeError("mutation check")\n', "mutation check"
    return "exit 97\n", "97"


def _page_run(page: Page) -> tuple[list[Block], list[str]]:
    """Run the page's CI tier from disk (so with whatever mutant is written) and check it."""
    blocks, results, stderr = run_page_tier(page, CI_TIER)
    return blocks, check_outputs(blocks, results, stderr, record=False, nodeid="mutation")


def code_mutants(page: Page) -> list[Mutant]:
    out = []
    for block in [b for b in page.blocks if TIERS[b.tier].mutation == "failing-statement"]:
        first, says = failing_statement(block)
        mutant = Mutant("code", block, f"failing first statement in {rel(block.snippet)}")

        def check(block=block, first=first, says=says, mutant=mutant):
            with restored(block.snippet, first + block.snippet.read_text(encoding="utf-8")):
                blocks, problems = _page_run(page)
            order = [b.lineno for b in blocks]
            for problem in problems:
                at = problem_block(problem, blocks)
                if at is None or says not in problem:
                    continue
                # A cell fails itself; a saved file fails where a later block runs it.
                if at.lineno == block.lineno or (block.is_file and order.index(at.lineno) > order.index(block.lineno)):
                    return mutant.killed(f"reported on the block at line {at.lineno}")
            elsewhere = [problem_block(p, blocks) for p in problems]
            mutant.survived(
                "the page still passes: nothing runs this code"
                if not problems
                else "the failure reported is not this statement's on this block: "
                + ", ".join(f"line {b.lineno}" for b in elsewhere if b)
                or problems[0][:200]
            )

        out.append(guarded(mutant, check))
    return out


def _source_order(tree: ast.AST) -> list[ast.AST]:
    nodes = [n for n in ast.walk(tree) if hasattr(n, "lineno")]
    return sorted(nodes, key=lambda n: (n.lineno, n.col_offset))


def _span(code: str, node: ast.AST) -> tuple[int, int]:
    """Character offsets of a node in `code` (ast columns count UTF-8 bytes)."""
    lines = code.split("\n")

    def at(line: int, col: int) -> int:
        return sum(len(ln) + 1 for ln in lines[: line - 1]) + len(lines[line - 1].encode()[:col].decode())

    return at(node.lineno, node.col_offset), at(node.end_lineno, node.end_col_offset)


FLIP = {ast.Add: ("+", "-"), ast.Sub: ("-", "+"), ast.Mult: ("*", "/"), ast.Div: ("/", "*")}


def semantic_variants(code: str) -> list[tuple[str, str, str]]:
    """(what, mutated code, description) for a Python block: the first number given to a call or
    used as a slice bound, changed; the first call's two different positional arguments swapped;
    the first + - * / flipped. A kind the code offers nothing for is left out."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    nodes = _source_order(tree)
    out = []
    numbers = {id(a) for n in nodes if isinstance(n, ast.Call) for a in n.args + [k.value for k in n.keywords]}
    numbers |= {id(b) for n in nodes if isinstance(n, ast.Slice) for b in (n.lower, n.upper, n.step) if b is not None}
    literal = next((n for n in nodes if id(n) in numbers and isinstance(n, ast.Constant) and type(n.value) in (int, float)), None)
    if literal is not None:
        a, b = _span(code, literal)
        new = repr(literal.value + 1) if isinstance(literal.value, int) else repr(literal.value * 2)
        out.append(("literal", code[:a] + new + code[b:], f"{code[a:b]} -> {new} on line {literal.lineno}"))
    call = next(
        (
            n
            for n in nodes
            if isinstance(n, ast.Call)
            and len(n.args) >= 2
            and not any(isinstance(a, ast.Starred) for a in n.args[:2])
            and ast.dump(n.args[0]) != ast.dump(n.args[1])
        ),
        None,
    )
    if call is not None:
        (a1, b1), (a2, b2) = _span(code, call.args[0]), _span(code, call.args[1])
        first, second = code[a1:b1], code[a2:b2]
        swapped = code[:a1] + second + code[b1:a2] + first + code[b2:]
        out.append(("swap", swapped, f"arguments {first!r} and {second!r} swapped on line {call.lineno}"))
    binop = next((n for n in nodes if isinstance(n, ast.BinOp) and type(n.op) in FLIP), None)
    if binop is not None:
        old, new = FLIP[type(binop.op)]
        _, left_end = _span(code, binop.left)
        right_start, _ = _span(code, binop.right)
        between = code[left_end:right_start]
        i = between.find(old)
        if i >= 0:
            at = left_end + i
            out.append(("operator", code[:at] + new + code[at + 1 :], f"{old} -> {new} on line {binop.lineno}"))
    return out


def semantic_mutants(page: Page) -> list[Mutant]:
    """One mutant of each semantic kind per page (the first block that offers it): each costs a
    page run, and must be caught by the recorded output of its block or a later one."""
    out, done = [], set()
    for block in [b for b in page.blocks if b.tier == CI_TIER and b.syntax == "python"]:
        text = block.snippet.read_text(encoding="utf-8")
        for what, mutated, description in semantic_variants(text):
            if what in done:
                continue
            done.add(what)
            mutant = Mutant("semantic", block, f"{what}: {description} in {rel(block.snippet)}")

            def check(block=block, mutated=mutated, mutant=mutant):
                with restored(block.snippet, mutated):
                    blocks, problems = _page_run(page)
                order = [b.lineno for b in blocks]
                caught = [
                    b for p in problems if (b := problem_block(p, blocks)) and order.index(b.lineno) >= order.index(block.lineno)
                ]
                if caught:
                    how = "failure" if any(p.startswith(f"{caught[0].where} failed") for p in problems) else "recorded output"
                    return mutant.killed(
                        f"caught by the {how} of the block at line {caught[0].lineno} ({rel(caught[0].snippet)})"
                    )
                mutant.survived(
                    "the page's recorded outputs are unchanged by it"
                    if not problems
                    else "only an earlier block failed, which this change cannot cause"
                )

            out.append(guarded(mutant, check))
    return out


def output_mutants(page: Page, blocks: list[Block], results: list[dict], stderr: str) -> list[Mutant]:
    out = []
    for block in blocks:
        if block.expected is None:
            continue
        changed = mutate_digit(block.expected, block.options.get("volatile"))
        if changed is None:
            m = Mutant("output", block, f"{rel(block.output_file)} has no character outside its volatile spans")
            out.append(m.not_checked("nothing to mutate"))
            continue
        text, what = changed
        m = Mutant("output", block, f"{rel(block.output_file)}: {what}")

        def check(block=block, text=text, m=m):
            saved, block.expected = block.expected, text
            try:
                problems = check_outputs(blocks, results, stderr, record=False, nodeid="mutation")
            finally:
                block.expected = saved
            m.judge(any(problem_block(p, blocks) is block for p in problems), "the changed character is not compared")

        out.append(guarded(m, check))
    return out


BAD_VERSION = "0.0.0.dev999"
BAD_PACKAGE = "mutation-no-such-package"


def bad_requirement(code: str) -> tuple[str, str, str] | None:
    """(mutated code, what changed, what the failure must name), or None when nothing can change."""
    mutated, n = re.subn(r"==[\w.+]+", "==" + BAD_VERSION, code, count=1)
    if n:
        return mutated, "first pin changed to a version that does not exist", BAD_VERSION
    m = re.search(APT_INSTALL.pattern + r"(?:\s+-\S+)*\s+([a-z0-9][a-z0-9.+-]*)", code)
    if m:
        return code[: m.start(1)] + BAD_PACKAGE + code[m.end(1) :], "first apt package renamed to one no archive has", BAD_PACKAGE
    return None


def resolve_mutants(page: Page) -> list[Mutant]:
    out = []
    for block in [b for b in page.blocks if TIERS[b.tier].mutation == "bad-requirement"]:
        original = block.snippet.read_text(encoding="utf-8")
        changed = bad_requirement(original)
        if changed is None:
            out.append(
                Mutant("resolve", block, "no pin and no apt package").not_checked(
                    "nothing to mutate: no pinned version, no apt package"
                )
            )
            continue
        mutated, what, named = changed
        m = Mutant("resolve", block, what)

        def check(block=block, mutated=mutated, original=original, m=m, named=named):
            with tempfile.TemporaryDirectory() as tmp:
                if base := resolve_problem(block, Path(tmp)):
                    return m.not_checked(f"the unmutated line does not resolve here: {base.splitlines()[0]}")
            with restored(block.snippet, mutated), tempfile.TemporaryDirectory() as tmp:
                block.code = mutated
                try:
                    found = resolve_problem(block, Path(tmp))
                finally:
                    block.code = original
            m.judge(
                bool(found) and found.startswith(block.where) and named in found,
                "the check still passes" if not found else f"it failed, but not on the bad requirement: {found[:200]}",
            )

        out.append(guarded(m, check))
    return out


# How a block CI does not execute is broken: (kind, what is appended, description, what the
# failure must mention), per language.
UNDEFINED = "mutation_undefined_name"
STATIC_MUTATIONS = {
    "python": [
        ("syntax", "def (:\n", "syntax error appended", "syntax"),
        ("undefined-name", f"print({UNDEFINED})\n", "use of a name nothing defines appended", UNDEFINED),
    ],
    "shell": [
        ("syntax", "if then fi\n", "syntax error appended", "bash -n says"),
        ("undefined-name", f'echo "${UNDEFINED}"\n', "use of a variable nothing assigns appended", UNDEFINED),
    ],
}


def _first_import(code: str) -> tuple[int, int, str, str] | None:
    """(start, end, new text, module) to rename the first top-level import of a piece of Python to
    a module that does not exist while every name it binds stays bound: `import a.b` becomes
    `import az.b as a`, `import a as x` becomes `import az as x`, `from a import y` becomes
    `from az import y`. So pyflakes sees no undefined name; only the import resolver can object."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None
    node = next(
        (n for n in _source_order(tree) if isinstance(n, (ast.Import, ast.ImportFrom)) and getattr(n, "level", 0) == 0), None
    )
    if node is None:
        return None
    start, end = _span(code, node)
    text = code[start:end]
    if isinstance(node, ast.ImportFrom):
        module = node.module.split(".")[0]
        new = re.sub(rf"^from\s+{re.escape(module)}\b", f"from {module}z", text)
    else:
        alias = node.names[0]
        module = alias.name.split(".")[0]
        bound = alias.asname or module
        first = f"{module}z{alias.name[len(module) :]} as {bound}"
        rest = text[text.index(",") :] if len(node.names) > 1 else ""
        new = f"import {first}{rest}"
    return start, end, new, module


def static_variants(block: Block, original: str) -> list[tuple[str, str, str, str]]:
    """(kind, mutated text, description, what the failure must mention) for a block: the
    appended mistakes above, and the first import renamed (in a Python block, or in the Python a
    shell block embeds)."""
    text = original + ("" if original.endswith("\n") else "\n")
    syntax = "shell" if block.syntax in SHELL else block.syntax
    out = [(kind, text + tail, what, says) for kind, tail, what, says in STATIC_MUTATIONS[syntax]]
    codes = (
        [original] if block.syntax == "python" else [r.value for r in shell.python_runs(original) if r.kind in ("code", "stdin")]
    )
    for code in codes:
        found, at = _first_import(code), original.find(code)
        if found and at >= 0:
            start, end, new, module = found
            mutated = original[: at + start] + new + original[at + end :]
            out.append(
                (
                    "bad-import",
                    mutated,
                    f"import of {module} renamed to {module}z, its names still bound",
                    f"no module named '{module}z'",
                )
            )
            break
    return out


def static_mutants(page: Page) -> list[Mutant]:
    out = []
    for block in filter(static.not_executed, page.blocks):
        original = block.snippet.read_text(encoding="utf-8")
        for kind, mutated, what, says in static_variants(block, original):
            m = Mutant(kind, block, what)

            def check(block=block, mutated=mutated, says=says, m=m):
                with restored(block.snippet, mutated):
                    block.code = mutated
                    try:
                        found = static.page_problems(page, only=block).get(block.lineno)
                    finally:
                        block.code = original
                m.judge(
                    bool(found) and says.lower() in found.lower(),
                    "the static check still passes" if not found else f"it failed, but not for this: {found[:200]}",
                )

            out.append(guarded(m, check))
    return out


def _changed(number, line: str, produced: list, wanted: bool) -> str | None:
    """The file line with the number changed by one digit (else, for a one-digit number, one digit
    added after it) to a figure that the page produces (`wanted` True: the realistic slip) or that
    nothing produced (`wanted` False: the mistake the check exists for). None if no such change."""
    digits = [i for i in range(number.col, number.end) if line[i].isdigit()]
    last = digits[-1]
    candidates = [line[:i] + str((int(line[i]) + step) % 10) + line[i + 1 :] for i in reversed(digits) for step in range(1, 10)]
    candidates += [line[: last + 1] + str(d) + line[last + 1 :] for d in range(10)]
    original = prose_numbers.value_of(line[number.col : number.end], number.lang)
    for changed in candidates:
        end = number.end + len(changed) - len(line)
        value = prose_numbers.value_of(changed[number.col : end], number.lang)
        if value is None or (original is not None and prose_numbers.same_figure(value, original, number.percent)):
            continue  # 0.08521 -> 0.085210 is the same figure written longer: no mistake
        if any(prose_numbers.same_figure(value, v, number.percent) for v in produced) == wanted:
            return changed
    return None


def prose_mutants(page: Page) -> list[Mutant]:
    """Each number the prose restates (from an output, the code, a bench program or the generator),
    changed to a figure no run produced (prose-number) and, where one digit makes it another figure
    the page prints, to that figure (prose-swap)."""
    out = []
    lines = page.path.read_text(encoding="utf-8").split("\n")
    produced = prose_numbers.produced_figures(page)
    for number in prose_numbers.numbers(page):
        if number.how not in ("output", "code", "bench", "generator"):  # what a run or a file can contradict
            continue
        where = f"{rel(page.path)}:{number.line} [{page.lang}]"
        line = lines[number.line - 1]
        for kind, wanted in (("prose-number", False), ("prose-swap", True)):
            changed = _changed(number, line, produced, wanted)
            if changed is None:
                if kind == "prose-number":
                    out.append(
                        Mutant(kind, where, f"{number.text!r}: every one-digit change is a figure the page produces").not_checked(
                            "nothing to mutate"
                        )
                    )
                continue  # a number no one-digit slip turns into another figure of the page
            new = changed[number.col : number.end + len(changed) - len(line)]
            m = Mutant(kind, where, f"{number.text!r} ({number.how}) -> {new!r}")

            def check(changed=changed, m=m, number=number, kind=kind):
                with restored(page.path, "\n".join(lines[: number.line - 1] + [changed] + lines[number.line :])):
                    found = prose_numbers.problems(load_page(page.path))
                m.judge(
                    any(p.startswith(f"{rel(page.path)}:{number.line} ") for p in found),
                    KNOWN_LIMITS.get(kind, "the changed number is still traced"),
                )

            out.append(guarded(m, check))
    return out


def one_language_mutants(slug: str) -> list[Mutant]:
    """A translation's code changed and not its original's: a number, a string value, an API
    attribute, two variables swapped, the last statement gone (code_parity.mutants; a kind that
    does not apply to a snippet is not a mutant)."""
    out = []
    for original, translated in code_parity.pairs(slug):
        text = translated.snippet.read_text(encoding="utf-8")
        for cm in code_parity.mutants(text, translated.syntax, code_parity.block_context(translated).names):
            if cm.text is None:
                continue
            m = Mutant("one-language", translated, f"{cm.kind}: {cm.what} in {rel(translated.snippet)} only")

            def check(original=original, translated=translated, cm=cm, m=m):
                found = code_parity.block_problem(original, translated, text_b=cm.text)
                m.judge(bool(found) and rel(translated.page) in found, "the two languages still compare equal")

            out.append(guarded(m, check))
    return out


def stale_translation_mutants(slug: str) -> list[Mutant]:
    """A sentence added to the original: every translation of it must be reported out of date."""
    source = DOCS / f"{slug}.{default_language()}.md"
    if not source.is_file():
        return []
    out = []
    for lang in languages()[1:]:
        target = source.with_name(f"{slug}.{lang}.md")
        m = Mutant("stale-translation", rel(target), f"a sentence added to {rel(source)}")
        if translations.status(target).marked_behind:
            out.append(m.not_checked("the page is knowingly marked behind (its readers see the notice)"))
            continue

        def check(target=target, m=m):
            text = source.read_text(encoding="utf-8")
            with restored(source, text.rstrip("\n") + "\n\nUna frase nueva que la traducción no tiene.\n"):
                m.judge(any(rel(target) in p for p in translations.problems(target)), "the translation record still passes")

        out.append(guarded(m, check))
    return out


def quick_mutants(pages: list[Page]) -> list[Mutant]:
    """The mutants that need no page run. They run first, one at a time, before any page runs:
    they change pages and snippets that a running page would read."""
    # A mutant is killed when its check fails; so each check must pass on the unmutated pages.
    baseline = [p for page in pages for p in prose_numbers.problems(page) + [x for x in static.page_problems(page).values() if x]]
    for slug in sorted({p.slug for p in pages}):
        baseline += [x for a, b in code_parity.pairs(slug) if (x := code_parity.block_problem(a, b))]
        baseline += translations.problems_for(slug)
    if baseline:
        raise SystemExit("the unmutated pages already fail these checks; fix them first:\n" + "\n".join(baseline))
    out = []
    for page in pages:
        log(f"{page.id}: static, resolve and prose mutants")
        out += resolve_mutants(page) + static_mutants(page) + prose_mutants(page)
    for slug in sorted({p.slug for p in pages}):
        out += one_language_mutants(slug) + stale_translation_mutants(slug)
    return out


def check_page(page: Page) -> list[Mutant]:
    started = time.perf_counter()
    if not page.has(CI_TIER):
        return []
    log(f"{page.id}: baseline run")
    blocks, results, stderr = run_page_tier(page, CI_TIER)
    problems = check_outputs(blocks, results, stderr, record=False, nodeid="mutation")
    if problems:
        raise SystemExit(f"{page.id}: the unmutated page already fails; fix it first:\n" + "\n".join(problems))
    mutants = output_mutants(page, blocks, results, stderr)
    log(f"{page.id}: code mutants")
    mutants += code_mutants(page)
    log(f"{page.id}: semantic mutants")
    mutants += semantic_mutants(page)
    log(f"{page.id}: done in {time.perf_counter() - started:.0f} s")
    return mutants


def report(mutants: list[Mutant], pages: list[Page]) -> tuple[list[str], bool]:
    """The report's lines, and whether the run passed (no unexplained survivor, no run error)."""
    lines = []
    for title, kinds in (
        ("sensitivity kinds (a realistic mistake, caught where it was made)", SENSITIVITY),
        ("coverage kinds (every recording and translation is under a check)", COVERAGE),
    ):
        lines.append(title + ":")
        for kind in kinds:
            group = [m for m in mutants if m.kind == kind]
            if not group:
                continue
            count = {o: sum(m.outcome is o for m in group) for o in Outcome}
            checked = count[Outcome.KILLED] + count[Outcome.SURVIVED]
            rate = f"{100 * count[Outcome.KILLED] / checked:.0f} %" if checked else "-"
            lines.append(
                f"  {kind:<17} {len(group)} mutants: {count[Outcome.KILLED]} killed ({rate}), "
                f"{count[Outcome.SURVIVED]} survived, {count[Outcome.NOT_CHECKED]} not checked"
            )
    semantic = [m for m in mutants if m.kind == "semantic" and m.outcome is Outcome.KILLED]
    if semantic:
        lines.append("which page runs killed the semantic mutants:")
        lines += [f"  {m.where}: {m.what} -- {m.reason}" for m in semantic]
    lines.append("what no offline check can kill, and why:")
    runtime = [f"{b.where} ({b.tier})" for p in pages for b in p.blocks if static.not_executed(b)]
    lines.append(
        f"  what {len(runtime)} gpu, network and lint blocks do when they run: CI has no GPU, no network and no root; "
        "their syntax, names and imports are checked above, their behaviour only by make test-gpu / "
        "make test-online or by hand"
    )
    lines += [f"    {o}" for o in runtime]
    labelled = [
        f"{rel(p.path)}:{n.line} [{p.lang}] {n.text!r}"
        for p in pages
        for n in prose_numbers.numbers(p)
        if n.how in ("source", "cited")
    ]
    lines.append(
        f"  {len(labelled)} prose numbers labelled as the source's or a linked page's figures: neither is in the "
        "repository, so a changed figure there is caught only by review (the label tells the reader)"
    )
    exempt = sum((n.how or "").startswith("exempt") for p in pages for n in prose_numbers.numbers(p))
    lines.append(
        f"  {exempt} prose numbers exempt by rule (versions, dates, years, steps, issue numbers): not figures a "
        "run produces; the pinned versions are checked where they are installed (resolve tier, test_install_lines)"
    )
    for kind, why in KNOWN_LIMITS.items():
        limited = [m for m in mutants if m.kind == kind and m.outcome is Outcome.SURVIVED]
        if limited:
            lines.append(f"  {len(limited)} {kind} survivors, a known limit: {why}")
            lines += [f"    {m.where} {m.what}" for m in limited]
    behind = [rel(p) for p in translations.translated_paths() if translations.status(p).marked_behind]
    if behind:
        lines.append(
            f"  translations marked behind (a further change to their original is shown to readers, not failed): {behind}"
        )
    survivors = [m for m in mutants if m.outcome is Outcome.SURVIVED and m.kind not in KNOWN_LIMITS]
    errors = [m for m in mutants if m.error]
    unchecked = [m for m in mutants if m.outcome is Outcome.NOT_CHECKED and not m.error]
    lines.append(f"survivors: {len(survivors)}")
    lines += [f"  {m.line()}" for m in survivors]
    lines.append(f"not checked: {len(unchecked)}")
    lines += [f"  {m.line()}" for m in unchecked]
    lines.append(f"errors of the mutation run (not kills): {len(errors)}")
    lines += [f"  {m.line()}" for m in errors]
    return lines, not survivors and not errors


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", nargs="*", help="page slugs (default: all)")
    parser.add_argument("--jobs", type=int, default=2, help="pages checked at once")
    parser.add_argument(
        "--quick", action="store_true", help="only the mutants that need no page run (minutes, not tens of minutes)"
    )
    args = parser.parse_args(argv)
    pages = [p for p in all_pages() if not args.pages or p.slug in args.pages]
    started = time.perf_counter()
    mutants = quick_mutants(pages)
    if not args.quick:
        share_cores(args.jobs)
        with tempfile.TemporaryDirectory(prefix="verified-docs-jax-") as compilations:
            share_compilations(Path(compilations))
            with ThreadPoolExecutor(max_workers=args.jobs) as pool:
                mutants += [m for ms in pool.map(check_page, pages) for m in ms]
    lines, passed = report(mutants, pages)
    lines.append(f"wall time: {time.perf_counter() - started:.0f} s")
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text("\n".join([m.line() for m in mutants] + [""] + lines) + "\n")
    print("\n".join(lines))
    print(f"full list: {rel(REPORT)}")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
