"""`make test-latest`: every page's blocks against the newest releases, before a reader finds the break.

    python -m verified_docs.latest [--python python3.12] [--only torch] [--venv .venv-latest]

Builds a second environment (`.venv-latest`, on Python 3.12 by default: the newest JAX needs it)
from pyproject.toml's `site` group with the pins of LATEST dropped (every other direct pin kept,
constraints.txt not used), so pip takes the newest release of each that installs beside the rest;
`--only NAME` drops only that one's pin (the weekly workflow runs one leg per package, and one with
all). Then it generates the fixtures with that environment and runs every page's run tier there
(`pytest docs -m run`), with everything it leaves under build/latest/ (VERIFIED_DOCS_BUILD): no
record, recording, pin or bench figure of the pinned environment is touched. It prints a table,
page x pass/fail, with the versions that differ from the pins and, for a failing page, the release
whose code raised (the innermost frame of its traceback inside an installed package) beside the
failure's first line. Exit status 1 when a page fails, 2 when the environment cannot be installed.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

from .project import ROOT

LATEST = ("keras", "torch", "jax", "jaxlib", "tensorflow", "tensorflow-datasets", "mkdocs-material")
OUT = ROOT / "build" / "latest"


def requirements(only: str | None = None) -> list[str]:
    """The site group's requirements, with the pins of LATEST (or of `only`, and jaxlib with jax) dropped."""
    group = tomllib.loads((ROOT / "pyproject.toml").read_text())["dependency-groups"]["site"]
    free = set(LATEST) if only is None else {only, *(["jaxlib"] if only == "jax" else [])}
    out = []
    for line in group:
        name = re.split(r"[=<>!~\[; ]", line, maxsplit=1)[0].lower()
        out.append(name if name in free else line)
    return out


def pins() -> dict[str, str]:
    """LATEST's pinned versions (pyproject.toml)."""
    group = tomllib.loads((ROOT / "pyproject.toml").read_text())["dependency-groups"]["site"]
    found = dict(line.split("==", 1) for line in group if "==" in line)
    return {name: found[name] for name in LATEST if name in found}


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    print("+", " ".join(cmd), flush=True)
    return subprocess.run(cmd, cwd=ROOT, text=True, **kw)


def install(venv: Path, python: str, only: str | None) -> str | None:
    """The second environment; None, or why it could not be installed (pip's message)."""
    if not (venv / "bin" / "python").exists():
        made = run([python, "-m", "venv", str(venv)], capture_output=True)
        if made.returncode:
            return (
                f"{python} -m venv failed: name a Python 3.12, e.g. make test-latest "
                f"LATEST_PYTHON=$(pyenv root)/versions/3.12.1/bin/python (pyenv) or python3.12 from "
                f"actions/setup-python:\n{made.stderr[-2000:]}"
            )
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--upgrade"]
    OUT.mkdir(parents=True, exist_ok=True)
    reqs = OUT / "requirements.txt"
    reqs.write_text("\n".join(requirements(only)) + "\n")
    done = run([*pip, "-r", str(reqs)], capture_output=True)
    if done.returncode:
        return f"pip could not install the newest releases beside the other pins:\n{done.stderr[-4000:]}"
    # The engine is pure Python; requires-python is the pinned environment's (3.11).
    run([*pip, "--no-deps", "--ignore-requires-python", "--editable", "."], check=True)
    return None


def versions(venv: Path) -> dict[str, str]:
    code = "import importlib.metadata as m, sys\nfor n in sys.argv[1:]:\n    print(n, m.version(n))"
    out = run([str(venv / "bin" / "python"), "-c", code, *LATEST], capture_output=True, check=True).stdout
    return dict(line.split() for line in out.splitlines())


def _read_diffs(text: str):
    """A failure's lines, each with what it is: "@@" (a hunk begins), "hunk" (a hunk's line) or
    "text" (anything else: a problem's first line, a diff's ---/+++ header, a traceback). Only
    lines after a hunk's `@@` are hunk lines, so an output line that itself starts with `--` or
    `++` is not taken for a header; a hunk ends at its first line that is not one."""
    inside = False
    for line in text.splitlines():
        if line.startswith("@@"):
            inside = True
            yield "@@", line
        elif inside and line[:1] in " -+" and line:
            yield "hunk", line
        else:
            inside = False
            yield "text", line


def hunks(problem: str) -> list[list[tuple[str, str]]]:
    """A changed recording's unified diff (execute.check_outputs), hunk by hunk: its lines as
    (tag, text), tag " " (kept), "-" (recorded only) or "+" (this run only)."""
    out: list[list[tuple[str, str]]] = []
    for kind, line in _read_diffs(problem):
        if kind == "@@":
            out.append([])
        elif kind == "hunk":
            out[-1].append((line[:1], line[1:]))
    return out


def outside_hunks(text: str) -> list[str]:
    """The failure's lines that are not a diff's hunk lines: a recording's own text (one that
    shows an error the page teaches) is not the failure's error."""
    return [line for kind, line in _read_diffs(text) if kind == "text"]


def culprit(text: str, installed: dict[str, str], moved: set[str] = frozenset()) -> str:
    """Whom a failure is laid at: for a translation, its original; for a changed output, the first
    line that differs; otherwise the innermost traceback frame in an installed package that moved
    (or, when none did, the innermost installed package, said to be unchanged)."""
    if " is proven by " in text:
        return "fails with its original (the same programs)"
    if "output differs from its recording" in text:
        changed = [line for hunk in hunks(text) for line in hunk]
        was = next((t for tag, t in changed if tag == "-"), "")
        now = next((t for tag, t in changed if tag == "+"), "")
        return f"output differs from its recording: {was!r} is now {now!r}"
    names = {"tensorflow_datasets": "tensorflow-datasets", "material": "mkdocs-material"}
    frames = [names.get(m, m) for m in re.findall(r"site-packages/([A-Za-z0-9_]+)/", text)]
    if not frames:
        return "the page's own code (no frame in an installed package)"
    changed = [f for f in frames if f in moved]
    if changed:
        return f"{changed[-1]} {installed[changed[-1]]}"
    name = frames[-1]
    # Raised by a package that did not move, so maybe fed by one that did (a JAX export that
    # TensorFlow cannot read): name those; the weekly one-package legs say which.
    others = ", ".join(f"{n} {installed[n]}" for n in sorted(moved) if n in installed)
    also = f"; moved: {others}" if others else ""
    return f"raised in {name} {installed.get(name, '')} (unchanged{also})".replace("  ", " ")


def _masked(line: str, moved_versions: dict[str, tuple[str, str]]) -> str:
    for name, pair in moved_versions.items():
        for v in sorted(set(pair), key=len, reverse=True):  # with or without a local tag: 2.13.0+cpu
            # A whole version only: not 2.13.0 inside 12.13.01, nor 0.10.2 inside 0.10.20.
            number = re.escape(v.split("+")[0])
            line = re.sub(rf"(?<![\w.]){number}(?:\+[\w.]*\w)?(?!\w|\.\d)", f"<{name}>", line)
    return line


def volatile_parts() -> dict[str, str]:
    """Each recording whose block masks what no two runs share (`volatile=`, a timing), by the path
    the harness's diff names it with: its pattern."""
    from .pages import readable_pages
    from .project import rel

    return {
        rel(b.output_file): b.options["volatile"]
        for page in readable_pages()
        for b in page.blocks
        if b.output_file is not None and b.options.get("volatile")
    }


def prints_versions_only(text: str, moved_versions: dict[str, tuple[str, str]], volatile: dict[str, str] | None = None) -> bool:
    """A failure whose every problem is a changed recording, each hunk of each the same once the
    moved packages' versions are masked: the page prints `torch.__version__`, nothing broke.
    moved_versions: name -> (pinned, installed), for the packages that moved. volatile: a
    recording's `volatile=` pattern (volatile_parts), masked first, as the harness compares: its
    diff shows the raw lines."""
    from .execute import mask_volatile

    problems = [p for p in text.split("\n\n") if p.strip() and not p.startswith("rerun just this")]
    if not moved_versions or not problems or not all("output differs from its recording" in p for p in problems):
        return False
    for problem in problems:
        changed = hunks(problem)
        named = re.search(r"^--- recorded (\S+)", problem, re.M)
        pattern = (volatile or {}).get(named.group(1)) if named else None
        if not changed:
            return False
        for hunk in changed:  # each side in its order, kept lines included: a line that moved differs
            sides = ["\n".join(t for tag, t in hunk if tag != drop) for drop in "+-"]
            sides = [mask_volatile(side, pattern) for side in sides]  # as the harness compares
            recorded, now = ([_masked(t, moved_versions) for t in side.split("\n")] for side in sides)
            if recorded != now:
                return False
    return True


VERSIONS_ONLY = "its recordings print the moved versions, nothing else changed: re-record when the pins move"


def table(
    report: Path,
    installed: dict[str, str],
    moved: dict[str, str],
    pinned: dict[str, str] | None = None,
    volatile: dict[str, str] | None = None,
) -> list[tuple[str, str, str]]:
    """(page run, pass/FAIL/skipped, a note) per test: for a failure, whom it is laid at and its
    last error line; for a pass on printed versions only, VERSIONS_ONLY. pinned: pins() by
    default; volatile: volatile_parts() by default."""
    pinned = pins() if pinned is None else pinned
    moved_versions = {n: (pinned.get(n, v), v) for n, v in installed.items() if n in moved}
    volatile = volatile_parts() if volatile is None else volatile
    rows, originals = [], {}
    for case in ET.parse(report).getroot().iter("testcase"):
        bad = case.find("failure") if case.find("failure") is not None else case.find("error")
        page = case.get("classname", "").removeprefix("docs.") + "::" + case.get("name", "")
        if bad is None:
            rows.append((page, "pass" if case.find("skipped") is None else "skipped", ""))
            continue
        text = (bad.text or "") + (bad.get("message") or "")
        if prints_versions_only(bad.text or "", moved_versions, volatile):
            rows.append((page, "pass", VERSIONS_ONLY))
            continue
        if m := re.search(r" is proven by docs/(\S+) ", text):
            originals[page] = m.group(1).replace("/", ".")  # a node id, as the report's class name spells it
        why = culprit(text, installed, set(moved))
        # The last error line: a crashed cell's own stderr (a Python error, LLVM's abort, bash's
        # report of a segfault) comes after the CalledProcessError.
        last = next(
            (
                l.strip()
                for l in reversed(outside_hunks(bad.text or ""))
                if re.search(r"\w+Error\b|registered more than once|Segmentation fault", l)
            ),
            "",
        )
        rows.append((page, "FAIL", why + (f"; {last[:160]}" if last and last not in why else "")))
    # A translation proven by its original fails with it: it passes with it when only versions differ.
    passed_on_versions = {page for page, verdict, why in rows if why == VERSIONS_ONLY}
    return [(row[0], "pass", VERSIONS_ONLY) if originals.get(row[0]) in passed_on_versions else row for row in rows]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", default="python3.12")
    parser.add_argument("--venv", type=Path, default=ROOT / ".venv-latest")
    parser.add_argument("--only", choices=LATEST, help="move this package alone to its newest release")
    parser.add_argument("--table-only", action="store_true", help="print the last run's table again (build/latest/report.xml)")
    args = parser.parse_args(argv)
    if not args.table_only and (why := install(args.venv, args.python, args.only)):
        print(why, file=sys.stderr)
        return 2
    installed, pinned = versions(args.venv), pins()
    moved = {n: f"{pinned.get(n, 'unpinned')} -> {v}" for n, v in installed.items() if pinned.get(n) != v}
    env = dict(os.environ, VERIFIED_DOCS_BUILD=str(OUT), PYTHONPATH=str(ROOT / "scripts/verified_docs/offline"))
    py = str(args.venv / "bin" / "python")
    if not args.table_only:
        run([py, "scripts/make_fixtures.py", str(OUT / "fixtures")], env=env, check=True)
    env.pop("PYTHONPATH")
    report = OUT / "report.xml"
    if not args.table_only:
        run([py, "-m", "pytest", "docs", "-m", "run", "-p", "no:cacheprovider", "-q", f"--junitxml={report}"], env=env)
    rows = table(report, installed, moved, pinned)
    print(
        f"\nnewest releases (Python {args.python}): "
        + (", ".join(f"{n} {v}" for n, v in moved.items()) or "the pins are the newest")
    )
    width = max(len(r[0]) for r in rows)
    for page, verdict, why in sorted(rows):
        print(f"  {page:<{width}}  {verdict:<7} {why}")
    return 1 if any(r[1] == "FAIL" for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
