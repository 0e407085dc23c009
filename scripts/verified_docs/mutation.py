"""Mutation check: does the test suite really catch a broken snippet or a wrong recorded output?

Usage: python -m verified_docs.mutation [--pages SLUG ...] [--jobs N]     (make mutation)

For every page and language, using the engine's own functions (execute.py, checks.py), and
breaking each block the way its tier says (tiers.py, `mutation`):
- code mutants: each run-tier snippet gets a failing first statement (`raise RuntimeError` in
  Python, `exit 97` in shell) and the page is run again; killed if the run reports the failure.
- output mutants: one digit of each recorded output is changed (a letter where it has no digit);
  killed if the comparison with a
  real run of the unchanged page fails. The page runs are deterministic, so one run serves all of
  a page's output mutants (a re-run would print the same text).
- resolve mutants: the first pinned version becomes one that does not exist; lint mutants: a
  syntax error is appended. Killed if the tier's check fails.
- gpu and network blocks cannot run offline: listed apart, not counted.
Every snippet is restored afterwards (also on Ctrl-C). Prints the kill rate and the survivors with
the reason, and writes build/mutation/report.txt.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .checks import lint_problem, resolve_problem
from .execute import check_outputs, run_page_tier, share_cores
from .pages import Block, Page, all_pages
from .project import ROOT, rel
from .tiers import CI_TIER, TIERS

REPORT = ROOT / "build" / "mutation" / "report.txt"


def log(msg: str) -> None:
    print(f"[mutation {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


class Mutant:
    def __init__(self, kind: str, block: Block, what: str):
        self.kind, self.block, self.what = kind, block, what
        self.killed: bool | None = None
        self.reason = ""

    def line(self) -> str:
        state = "killed " if self.killed else "SURVIVED"
        return f"{state} {self.kind:<7} {self.block.where}: {self.what}" + (f" -- {self.reason}" if self.reason else "")


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
    for i, block in enumerate(blocks):
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


def static_mutants(page: Page) -> list[Mutant]:
    out = []
    for block in page.blocks:
        how = TIERS[block.tier].mutation
        if how not in ("bad-pin", "syntax-error"):
            continue
        original = block.snippet.read_text(encoding="utf-8")
        if how == "bad-pin":
            mutated, n = re.subn(r"==[\w.+]+", "==0.0.0.dev999", original, count=1)
            what = "first pin changed to a version that does not exist"
        else:
            mutated, n = original + ("def (:\n" if block.syntax == "python" else "if then fi\n"), 1
            what = "syntax error appended"
        m = Mutant(block.tier, block, what)
        if n == 0:
            m.killed, m.reason = False, "no pinned version to change"
            out.append(m)
            continue
        try:
            block.snippet.write_text(mutated, encoding="utf-8")
            block.code = mutated
            with tempfile.TemporaryDirectory() as tmp:
                problem = resolve_problem(block, Path(tmp)) if how == "bad-pin" else lint_problem(block)
            m.killed = problem is not None
            if not m.killed:
                m.reason = "the check still passes"
        finally:
            block.snippet.write_text(original, encoding="utf-8")
            block.code = original
        out.append(m)
    return out


def check_page(page: Page) -> tuple[list[Mutant], list[str]]:
    started = time.perf_counter()
    log(f"{page.id}: baseline run")
    blocks, results, stderr = run_page_tier(page, CI_TIER) if page.has(CI_TIER) else ([], [], "")
    problems = check_outputs(blocks, results, stderr, record=False, nodeid="mutation")
    if problems:
        raise SystemExit(f"{page.id}: the unmutated page already fails; fix it first:\n" + "\n".join(problems))
    mutants = output_mutants(page, blocks, results, stderr)
    mutants += static_mutants(page)
    log(f"{page.id}: code mutants")
    mutants += code_mutants(page)
    offline = [f"{b.where} ({b.tier})" for b in page.blocks if TIERS[b.tier].mutation is None]
    log(f"{page.id}: done in {time.perf_counter() - started:.0f} s")
    return mutants, offline


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", nargs="*", help="page slugs (default: all)")
    parser.add_argument("--jobs", type=int, default=2, help="pages checked at once")
    args = parser.parse_args(argv)
    pages = [p for p in all_pages() if not args.pages or p.slug in args.pages]
    started = time.perf_counter()
    share_cores(args.jobs)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        outcomes = list(pool.map(check_page, pages))
    mutants = [m for ms, _ in outcomes for m in ms]
    offline = [o for _, os_ in outcomes for o in os_]

    lines = []
    for kind in ("code", "output", *(t for t in TIERS if TIERS[t].mutation in ("bad-pin", "syntax-error"))):
        group = [m for m in mutants if m.kind == kind]
        if group:
            killed = sum(bool(m.killed) for m in group)
            lines.append(f"{kind:<8} {killed}/{len(group)} killed")
    run_tier = [m for m in mutants if m.kind in ("code", "output")]
    rate = 100 * sum(bool(m.killed) for m in run_tier) / max(1, len(run_tier))
    lines.append(f"run-tier kill rate: {rate:.1f} % of {len(run_tier)} mutants")
    lines.append(f"not killable offline ({', '.join(t for t in TIERS if TIERS[t].mutation is None)}): {len(offline)} blocks")
    lines += [f"  {o}" for o in offline]
    survivors = [m for m in mutants if not m.killed]
    lines.append(f"survivors: {len(survivors)}")
    lines += [f"  {m.line()}" for m in survivors]
    lines.append(f"wall time: {time.perf_counter() - started:.0f} s")
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text("\n".join([m.line() for m in mutants] + [""] + lines) + "\n")
    print("\n".join(lines))
    print(f"full list: {rel(REPORT)}")
    return 0 if not [m for m in run_tier if not m.killed and "not a hole" not in m.reason] else 1


if __name__ == "__main__":
    sys.exit(main())
