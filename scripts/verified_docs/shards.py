"""The suite split across CI machines, and put back together for one site build.

A shard (`make test-shard SHARD=i SHARDS=n`) runs its share — chosen by pytest-split from the
durations in `.test_durations` — of every check that does not need the built site (pytest `-m "not
site"`). It leaves in `build/shards/<i>/`, at their paths under the checkout, the page records it
wrote (build/cache/pages/) and the executed notebooks of the pages it ran (build/run/), which the
notebook tests of the site compare with the notebooks the site offers: `pack`.

The final job (`make test-merged`) puts every shard's files in the checkout (`merge`) and refuses:
- a file that two shards wrote differently (a page run in two shards: the split is not a partition);
- a page whose records are not all there and fresh (a shard that did not run, failed or was skipped,
  or ran with other packages or another engine), each named with what is missing;
so that the site it then builds once (`pytest -m site`) shows exactly the stamps an unsharded
`make test` leaves. A page record's key (records.page_key) is its content, the engine and the
installed packages; a shard on another image does not count as fresh.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import shutil
import sys
from pathlib import Path

from . import records, static
from .execute import executed_copy
from .pages import Page, readable_pages
from .project import ROOT, rel
from .tiers import CI_TIER, TIERS


def expected(page: Page) -> list[tuple[str, str]]:
    """(kind, key) of every record a passing unsharded run leaves for the page (what --cached skips on)."""
    out = []
    if any(b.tier == CI_TIER for b in page.blocks):
        out.append(("run", records.page_key(page, "run")))
    out += [(f"resolve.{b.lineno}", records.resolve_key(b)) for b in page.blocks if TIERS[b.tier].check == "resolve"]
    if any(static.not_executed(b) for b in page.blocks):
        out.append(("static", records.page_key(page, "static")))
    return out


def _at(root: Path, path: Path) -> Path:
    """The same file in another tree laid out like the checkout (a shard's folder, a test's).
    Paths are passed, never patched in: pages run in background threads while tests run."""
    return root / path.relative_to(ROOT)


def pack(dest: Path, pages_run: list[Page], written: set[Path] | None = None, root: Path = ROOT) -> list[Path]:
    """Copy what this shard leaves for the final job into dest, at the same relative paths: the
    records this session wrote (records.WRITTEN) and the executed notebooks of the pages it ran."""
    written = records.WRITTEN if written is None else written
    files = sorted(p for p in written if p.is_file() and p.is_relative_to(root))  # a record outside the checkout is not its
    files += [f for page in pages_run if (f := _at(root, executed_copy(page, CI_TIER))).is_file()]
    for f in files:
        target = dest / f.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(f, target)
    return files


def _same(a: Path, b: Path) -> bool:
    """Two shards may both check one page's static blocks (its items were split): the same record
    key is the same verdict, whatever its date."""
    if a.suffix == ".json" and a.parent.name == "pages":
        return json.loads(a.read_text()).get("key") == json.loads(b.read_text()).get("key")
    return filecmp.cmp(a, b, shallow=False)


def merge(shards: list[Path], into: Path = ROOT) -> list[str]:
    """Put the shards' files into the checkout; the problems that make the merged run not equal an
    unsharded one (empty when it does)."""
    problems, owner = [], {}
    for shard in shards:
        if not shard.is_dir():
            problems.append(f"{rel(shard)}: no such shard folder (did its job upload its artifact?)")
            continue
        for f in sorted(p for p in shard.rglob("*") if p.is_file()):
            name = f.relative_to(shard)
            if name in owner and not _same(owner[name] / name, f):
                problems.append(
                    f"{name}: written differently by {rel(owner[name])} and {rel(shard)}: "
                    "a check ran in two shards (pytest-split must select each test once)"
                )
                continue
            owner.setdefault(name, shard)
    if problems:
        return problems
    for name, shard in sorted(owner.items()):
        (into / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(shard / name, into / name)
    return missing(into)


def missing(root: Path = ROOT) -> list[str]:
    """Each page record an unsharded passing run would have left that is absent or not fresh in
    the tree at root (the test --cached skips on, on that tree)."""
    out, folder = [], _at(root, records.RECORDS)
    for page in readable_pages():
        for kind, key in expected(page):
            if not records.unchanged_since_passed(page, kind, key=key, folder=folder):
                found = records.read(page, kind, folder)
                why = (
                    "no shard left it"
                    if found is None
                    else f"left by a run of other content, engine or packages ({found.get('date')})"
                )
                out.append(f"{rel(page.path)} [{page.lang}]: no fresh {kind} record: {why}")
        notebook = executed_copy(page, CI_TIER)
        proven = records.proven_through(page, folder)  # a translation proven by its original's run executes nothing
        if any(b.tier == CI_TIER for b in page.blocks) and not proven and not _at(root, notebook).is_file():
            out.append(f"{rel(page.path)} [{page.lang}]: its executed notebook {rel(notebook)} is missing")
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m verified_docs.shards", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("merge", help="put the shards' records in the checkout; fail unless they equal an unsharded run's")
    m.add_argument("shards", nargs="+", type=Path, help="the shards' folders (build/shards/<i>)")
    args = parser.parse_args(argv)
    problems = merge(args.shards)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(
            f"\n{len(problems)} problem(s): the merged records are not those of a whole run; "
            "rerun the failed shard (make test-shard SHARD=i SHARDS=n) or the whole suite (make test)",
            file=sys.stderr,
        )
        return 1
    print(f"merged {len(args.shards)} shard(s): every page's records are there and fresh")
    return 0


if __name__ == "__main__":
    sys.exit(main())
