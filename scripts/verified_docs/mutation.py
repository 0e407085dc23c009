"""Mutation check: does the test suite really catch a broken page?

Usage: python -m verified_docs.mutation [--pages SLUG ...] [--jobs N] [--quick]     (make mutation)

For every page and language, using the engine's own check functions, each kind of mistake is
made on purpose, one at a time, and must be reported by the check that guards against it:
- code (run tier): each snippet gets a failing first statement (`raise RuntimeError` in Python,
  `exit 97` in shell) and the page is run again (execute.py).
- output (run tier): one digit of each recorded output is changed (a letter where it has no
  digit); the comparison with a real run of the unchanged page must fail. The page runs are
  deterministic, so one run serves all of a page's output mutants.
- resolve: the first pinned version becomes one that does not exist (checks.resolve_problem).
- syntax, undefined-name and bad-import (gpu, network and lint tiers: every block CI does not
  execute): a syntax error and a use of a name nothing defines are appended, and the first
  imported module is misspelt, also in the Python a shell block embeds (static.page_problems).
- prose-number: each number the prose restates from an output, the code, a bench program or the
  generator gets one digit changed, to a figure the page's runs and files do not produce (the
  page would then tell the reader a figure no run produced); prose_numbers.problems must report
  its line. (A change to another figure the same output prints, e.g. the next epoch's loss, is
  beyond a by-value trace: the report counts how many traced numbers have such a neighbour.)
- one-language: a translated snippet's code is changed and not its original's, in five fixed ways
  (a number, a string value, an API attribute, two variables swapped, the last statement
  deleted; code_parity.mutants), and code_parity.block_problem must report it.
- stale-translation: a sentence is added to a page in the default language; its translations'
  records must then fail (translations.problems_for).
The tier table says how each block is broken (tiers.py, `mutation`). What stays unkillable
offline, the gpu and network blocks' behaviour at run time, is listed with the reason.
Every file is restored afterwards (also on Ctrl-C). Prints the kill rate per kind and the
survivors with the reason, and writes build/mutation/report.txt.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from . import code_parity, prose_numbers, shell, static, translations
from .checks import resolve_problem
from .execute import check_outputs, run_page_tier, share_cores
from .pages import Block, Page, all_pages, load_page
from .project import DOCS, ROOT, default_language, languages, rel
from .tiers import CI_TIER, SHELL, TIERS

REPORT = ROOT / "build" / "mutation" / "report.txt"


def log(msg: str) -> None:
    print(f"[mutation {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


KINDS = (
    "code",
    "output",
    "resolve",
    "syntax",
    "undefined-name",
    "bad-import",
    "prose-number",
    "one-language",
    "stale-translation",
)


class Mutant:
    def __init__(self, kind: str, block: Block | str, what: str):
        self.kind, self.block, self.what = kind, block, what
        self.killed: bool | None = None
        self.reason = ""

    def line(self) -> str:
        state = "killed " if self.killed else "SURVIVED"
        where = self.block.where if isinstance(self.block, Block) else self.block
        return f"{state} {self.kind:<17} {where}: {self.what}" + (f" -- {self.reason}" if self.reason else "")


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


def failing_statement(block: Block) -> str:
    if block.syntax == "python":
        return 'raise RuntimeError("mutation check")\n'
    return "exit 97\n"


def code_mutants(page: Page) -> list[Mutant]:
    out = []
    for block in [b for b in page.blocks if TIERS[b.tier].mutation == "failing-statement"]:
        mutant = Mutant("code", block, f"failing first statement in {rel(block.snippet)}")
        original = block.snippet.read_text(encoding="utf-8")
        try:
            block.snippet.write_text(failing_statement(block) + original, encoding="utf-8")
            # the runner re-reads the page and its snippets from disk, so it runs the mutant
            blocks, results, stderr = run_page_tier(page, CI_TIER)
            problems = check_outputs(blocks, results, stderr, record=False, nodeid="mutation")
            mutant.killed = bool(problems)
            if not mutant.killed:
                mutant.reason = "the page still passes: nothing runs this code" if block.is_file else "no check failed"
        except BaseException as exc:  # a runner crash is a failure the suite reports too
            if isinstance(exc, KeyboardInterrupt):
                raise
            mutant.killed, mutant.reason = True, ""
        finally:
            block.snippet.write_text(original, encoding="utf-8")
        out.append(mutant)
    return out


def output_mutants(page: Page, blocks: list[Block], results: list[dict], stderr: str) -> list[Mutant]:
    out = []
    for block in blocks:
        if block.expected is None:
            continue
        changed = mutate_digit(block.expected, block.options.get("volatile"))
        if changed is None:
            m = Mutant("output", block, f"{rel(block.output_file)} has no number outside its volatile spans")
            m.killed, m.reason = False, "nothing to mutate (not a hole: the output has no stable number)"
            out.append(m)
            continue
        text, what = changed
        saved = block.expected
        block.expected = text
        try:
            problems = check_outputs(blocks, results, stderr, record=False, nodeid="mutation")
        finally:
            block.expected = saved
        m = Mutant("output", block, f"{rel(block.output_file)}: {what}")
        m.killed = bool(problems)
        if not m.killed:
            m.reason = "the changed number is not compared"
        out.append(m)
    return out


def resolve_mutants(page: Page) -> list[Mutant]:
    out = []
    for block in [b for b in page.blocks if TIERS[b.tier].mutation == "bad-pin"]:
        original = block.snippet.read_text(encoding="utf-8")
        mutated, n = re.subn(r"==[\w.+]+", "==0.0.0.dev999", original, count=1)
        m = Mutant("resolve", block, "first pin changed to a version that does not exist")
        if n == 0:
            m.killed, m.reason = False, "no pinned version to change"
        else:
            with restored(block.snippet, mutated), tempfile.TemporaryDirectory() as tmp:
                block.code = mutated
                try:
                    m.killed = resolve_problem(block, Path(tmp)) is not None
                finally:
                    block.code = original
            m.reason = "" if m.killed else "the check still passes"
        out.append(m)
    return out


# How a block CI does not execute is broken: (kind, what is appended, description), per language.
STATIC_MUTATIONS = {
    "python": [
        ("syntax", "def (:\n", "syntax error appended"),
        ("undefined-name", "print(mutation_undefined_name)\n", "use of a name nothing defines appended"),
    ],
    "shell": [
        ("syntax", "if then fi\n", "syntax error appended"),
        ("undefined-name", 'echo "$mutation_undefined_var"\n', "use of a variable nothing assigns appended"),
    ],
}


def _first_import(code: str) -> tuple[int, int, str] | None:
    """(start, end, module) of the first top-level module name a piece of Python imports."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None
    node = next((n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom)) and getattr(n, "level", 0) == 0), None)
    if node is None:
        return None
    module = (node.names[0].name if isinstance(node, ast.Import) else node.module).split(".")[0]
    lines = code.split("\n")
    offset = sum(len(ln) + 1 for ln in lines[: node.lineno - 1])
    m = re.compile(rf"\b{re.escape(module)}\b").search(lines[node.lineno - 1], node.col_offset)
    return offset + m.start(), offset + m.end(), module


def static_variants(block: Block, original: str) -> list[tuple[str, str, str]]:
    """(kind, mutated text, description) for a block: the appended mistakes above, and the first
    imported module misspelt (in a Python block, or in the Python a shell block embeds)."""
    text = original + ("" if original.endswith("\n") else "\n")
    out = [(kind, text + tail, what) for kind, tail, what in STATIC_MUTATIONS["shell" if block.syntax in SHELL else block.syntax]]
    codes = (
        [original] if block.syntax == "python" else [r.value for r in shell.python_runs(original) if r.kind in ("code", "stdin")]
    )
    for code in codes:
        found, at = _first_import(code), original.find(code)
        if found and at >= 0:
            start, end, module = found
            out.append(
                ("bad-import", original[: at + end] + "z" + original[at + end :], f"imported module {module} misspelt {module}z")
            )
            break
    return out


def static_mutants(page: Page) -> list[Mutant]:
    out = []
    for block in filter(static.not_executed, page.blocks):
        original = block.snippet.read_text(encoding="utf-8")
        for kind, mutated, what in static_variants(block, original):
            m = Mutant(kind, block, what)
            with restored(block.snippet, mutated):
                block.code = mutated
                try:
                    m.killed = static.page_problems(page, only=block).get(block.lineno) is not None
                finally:
                    block.code = original
            m.reason = "" if m.killed else "the static check still passes"
            out.append(m)
    return out


AMBIGUOUS: list[str] = []  # traced numbers whose last digit + 1 is also a figure the page produces


def _unproduced(number, line: str, produced: list) -> str | None:
    """The file line with the number changed so that it states a figure no output, code or
    generator of the page produced (the mistake the check exists for): one digit changed, else
    (a one-digit number whose every change the page prints somewhere) one digit added after it.
    None if no such change exists."""
    digits = [i for i in range(number.col, number.end) if line[i].isdigit()]
    last = digits[-1]
    candidates = [line[:i] + str((int(line[i]) + step) % 10) + line[i + 1 :] for i in reversed(digits) for step in range(1, 10)]
    candidates += [line[: last + 1] + str(d) + line[last + 1 :] for d in range(10)]
    for changed in candidates:
        end = number.end + len(changed) - len(line)
        value = prose_numbers.value_of(changed[number.col : end], number.lang)
        if value is not None and not any(prose_numbers.same_figure(value, v, number.percent) for v in produced):
            return changed
    return None


def prose_mutants(page: Page) -> list[Mutant]:
    """Each number the prose restates (from an output, the code, a bench program or the generator),
    changed to a figure no run produced."""
    out = []
    lines = page.path.read_text(encoding="utf-8").split("\n")
    produced = prose_numbers.produced_figures(page)
    for number in prose_numbers.numbers(page):
        if number.how not in ("output", "code", "bench", "generator"):  # what a run or a file can contradict
            continue
        where = f"{rel(page.path)}:{number.line} [{page.lang}]"
        line = lines[number.line - 1]
        last = max(i for i in range(number.col, number.end) if line[i].isdigit())
        neighbour = prose_numbers.value_of(
            line[number.col : last] + str((int(line[last]) + 1) % 10) + line[last + 1 : number.end], page.lang
        )
        if neighbour is not None and any(prose_numbers.same_figure(neighbour, v, number.percent) for v in produced):
            AMBIGUOUS.append(f"{where} {number.text!r}: {neighbour} is also a figure of the page")
        changed = _unproduced(number, line, produced)
        if changed is None:
            m = Mutant("prose-number", where, f"{number.text!r}: every one-digit change is a figure the page produces")
            m.killed, m.reason = False, "nothing to mutate (not a hole)"
            out.append(m)
            continue
        m = Mutant(
            "prose-number",
            where,
            f"{number.text!r} ({number.how}) -> {changed[number.col : number.end + len(changed) - len(line)]!r}",
        )
        with restored(page.path, "\n".join(lines[: number.line - 1] + [changed] + lines[number.line :])):
            found = prose_numbers.problems(load_page(page.path))
        m.killed = any(p.startswith(f"{rel(page.path)}:{number.line} ") for p in found)
        m.reason = "" if m.killed else "the changed number is still traced"
        out.append(m)
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
            m.killed = code_parity.block_problem(original, translated, text_b=cm.text) is not None
            m.reason = "" if m.killed else "the two languages still compare equal"
            out.append(m)
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
            m.killed, m.reason = False, "not a hole: the page is knowingly marked behind (its readers see the notice)"
        else:
            text = source.read_text(encoding="utf-8")
            with restored(source, text.rstrip("\n") + "\n\nUna frase nueva que la traducción no tiene.\n"):
                m.killed = any(rel(target) in p for p in translations.problems(target))
            m.reason = "" if m.killed else "the translation record still passes"
        out.append(m)
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
    log(f"{page.id}: baseline run")
    blocks, results, stderr = run_page_tier(page, CI_TIER) if page.has(CI_TIER) else ([], [], "")
    problems = check_outputs(blocks, results, stderr, record=False, nodeid="mutation")
    if problems:
        raise SystemExit(f"{page.id}: the unmutated page already fails; fix it first:\n" + "\n".join(problems))
    mutants = output_mutants(page, blocks, results, stderr)
    log(f"{page.id}: code mutants")
    mutants += code_mutants(page)
    log(f"{page.id}: done in {time.perf_counter() - started:.0f} s")
    return mutants


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
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            mutants += [m for ms in pool.map(check_page, pages) for m in ms]

    lines = []
    for kind in KINDS:
        idle = [m for m in mutants if m.kind == kind and "not a hole" in m.reason]
        group = [m for m in mutants if m.kind == kind and m not in idle]
        if group or idle:
            killed = sum(bool(m.killed) for m in group)
            rate = f"{100 * killed / len(group):.0f} %" if group else "-"
            lines.append(
                f"{kind:<17} {killed}/{len(group)} killed ({rate})" + (f"; {len(idle)} with nothing to mutate" if idle else "")
            )
    lines.append("what no offline check can kill, and why:")
    runtime = [f"{b.where} ({b.tier})" for p in pages for b in p.blocks if static.not_executed(b)]
    lines.append(
        f"  what {len(runtime)} gpu, network and lint blocks do when they run: CI has no GPU, no network and no root; "
        "their syntax, names and imports are checked above, their behaviour only by make test-gpu / "
        "make test-online or by hand"
    )
    lines += [f"    {o}" for o in runtime]
    labelled = [
        f"{rel(p.path)}:{n.line} [{p.lang}] {n.text!r}" for p in pages for n in prose_numbers.numbers(p) if n.how == "source"
    ]
    lines.append(
        f"  {len(labelled)} prose numbers labelled as the source's figures: the source documents are not in the "
        "repository, so a changed source figure is caught only by review (the label tells the reader)"
    )
    exempt = sum((n.how or "").startswith("exempt") for p in pages for n in prose_numbers.numbers(p))
    lines.append(
        f"  {exempt} prose numbers exempt by rule (versions, dates, years, steps, issue numbers): not figures a "
        "run produces; the pinned versions are checked where they are installed (resolve tier, test_install_lines)"
    )
    lines.append(
        f"  {len(AMBIGUOUS)} traced prose numbers whose last digit + 1 is also a figure of the page (e.g. the next "
        "epoch's loss in the same output): a trace by value cannot tell them apart, so the prose-number mutants "
        "change them to a figure no run produced"
    )
    lines += [f"    {a}" for a in AMBIGUOUS]
    behind = [rel(p) for p in translations.translated_paths() if translations.status(p).marked_behind]
    if behind:
        lines.append(
            f"  translations marked behind (a further change to their original is shown to readers, not failed): {behind}"
        )
    survivors = [m for m in mutants if not m.killed and "not a hole" not in m.reason]
    lines.append(f"survivors: {len(survivors)}")
    lines += [f"  {m.line()}" for m in survivors]
    lines.append(f"wall time: {time.perf_counter() - started:.0f} s")
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text("\n".join([m.line() for m in mutants] + [""] + lines) + "\n")
    print("\n".join(lines))
    print(f"full list: {rel(REPORT)}")
    return 0 if all(m.killed or "not a hole" in m.reason for m in mutants) else 1


if __name__ == "__main__":
    sys.exit(main())
