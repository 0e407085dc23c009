"""A sharded run's final job builds the site from the shards' records only when they are exactly
the records one unsharded run leaves (verified_docs.shards): every page's, fresh, none twice.

Everything here happens in folders under tmp_path laid out like the checkout, passed to the
functions: nothing global is patched, because the pages run in background threads meanwhile."""

import json

import pytest

from verified_docs import records, shards
from verified_docs.execute import executed_copy
from verified_docs.pages import readable_pages
from verified_docs.project import ROOT, languages
from verified_docs.tiers import CI_TIER

PAGES = readable_pages()
RUN_PAGES = [p for p in PAGES if any(b.tier == CI_TIER for b in p.blocks)]
LANGS = languages()


def record_at(root, page, kind):
    return root / records.path_of(page, kind).relative_to(ROOT)


def notebook_at(root, page):
    return root / executed_copy(page, CI_TIER).relative_to(ROOT)


def leave(root, page, kind, key, date="2026-12-01 00:00 UTC"):
    """What records.write_passed leaves for a page that passed (the fields the merge reads)."""
    path = record_at(root, page, kind)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"key": key, "date": date}))


@pytest.fixture
def world(tmp_path):
    """Two shard folders holding, between them, what every page's passing run leaves, and an
    empty tree to merge them into."""
    checkout, one, two = tmp_path / "checkout", tmp_path / "shards/1", tmp_path / "shards/2"
    for i, page in enumerate(PAGES):
        shard = one if i % 2 else two  # as pytest-split deals them: each page to one shard
        for kind, key in shards.expected(page):
            leave(shard, page, kind, key)
        if page in RUN_PAGES:
            notebook_at(shard, page).parent.mkdir(parents=True)
            notebook_at(shard, page).write_text("{}")
    return checkout, one, two


def holder(page, kind, *shard_folders):
    return next(s for s in shard_folders if record_at(s, page, kind).is_file())


def test_a_whole_partition_merges_into_a_whole_run(world):
    checkout, one, two = world
    assert shards.merge([one, two], into=checkout) == []
    assert sorted(p.name for p in (checkout / "build/cache/pages").iterdir()) == sorted(
        p.name for s in (one, two) for p in (s / "build/cache/pages").iterdir()
    )


def test_a_page_no_shard_ran_is_named(world):
    checkout, one, two = world
    page = RUN_PAGES[0]
    record_at(holder(page, "run", one, two), page, "run").unlink()
    problems = shards.merge([one, two], into=checkout)
    assert problems == [f"docs/{page.path.name} [{page.lang}]: no fresh run record: no shard left it"]


def test_a_shard_that_ran_with_other_packages_is_not_fresh(world):
    checkout, one, two = world
    page = RUN_PAGES[0]
    leave(holder(page, "run", one, two), page, "run", "the key of another environment")
    problems = shards.merge([one, two], into=checkout)
    assert (
        len(problems) == 1 and f"docs/{page.path.name} [{page.lang}]: no fresh run record: left by a run of other" in problems[0]
    )


def test_a_missing_shard_and_a_page_run_twice_are_refused(world):
    checkout, one, two = world
    page = RUN_PAGES[0]
    here = holder(page, "run", one, two)
    leave(two if here == one else one, page, "run", "a second run's key")
    problems = shards.merge([one, two, checkout.parent / "shards/3"], into=checkout)
    name = f"build/cache/pages/{page.id}.run.json"
    assert any(p.startswith(f"{name}: written differently by ") for p in problems), problems
    assert any("shards/3: no such shard folder" in p for p in problems), problems
    assert not (checkout / name).exists(), "nothing is merged when the shards disagree"


def test_one_pages_static_check_in_two_shards_is_one_verdict(world):
    """pytest-split may deal a page's static blocks to two shards: both check the whole page and
    leave the same record (same key, another date)."""
    checkout, one, two = world
    page = next(p for p in PAGES if any(k == "static" for k, _ in shards.expected(p)))
    here = holder(page, "static", one, two)
    key = json.loads(record_at(here, page, "static").read_text())["key"]
    leave(two if here == one else one, page, "static", key, date="another day")
    assert shards.merge([one, two], into=checkout) == []


def test_a_shard_packs_the_records_it_wrote_and_the_pages_it_ran(tmp_path):
    """What this session wrote, at its path under the checkout; not an older record, not a file
    outside the checkout."""
    checkout = tmp_path / "checkout"
    page, older = RUN_PAGES[:2]
    for p in (page, older):
        leave(checkout, p, "run", "k")
        notebook_at(checkout, p).parent.mkdir(parents=True)
        notebook_at(checkout, p).write_text("{}")
    (tmp_path / "outside.json").write_text("{}")
    written = {record_at(checkout, page, "run"), tmp_path / "outside.json"}  # `older` was written by an earlier session
    shards.pack(tmp_path / "shard", [page], written=written, root=checkout)
    assert sorted(f.relative_to(tmp_path / "shard").as_posix() for f in (tmp_path / "shard").rglob("*") if f.is_file()) == [
        f"build/cache/pages/{page.id}.run.json",
        f"build/run/{page.id}.run/{page.id}.run.executed.ipynb",
    ]


def test_a_shard_folder_that_holds_anything_is_refused_before_the_run(tmp_path):
    """A shard's folder holds that shard's run only: the run does not start into a folder that has
    something in it (nor empties it: --shard-dir . must not cost a checkout)."""
    import subprocess
    import sys

    (tmp_path / "keep.txt").write_text("mine")
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--shard-dir", str(tmp_path), "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 4 and f"--shard-dir {tmp_path} is not empty" in proc.stderr, proc.stderr[-2000:]
    assert (tmp_path / "keep.txt").read_text() == "mine"


def test_a_translation_runs_in_the_shard_of_its_original():
    """pytest-split deals items by their durations, and a proven translation's run costs nothing,
    so it could land apart from its original and run itself there, leaving another stamp than one
    unsharded session. Collected as CI shards them, every translation's run is in its original's
    shard, and the shards together hold every run exactly once."""
    import subprocess
    import sys

    def runs(group: int) -> list[str]:
        listed = subprocess.run(
            [sys.executable, "-m", "pytest", "docs", "-m", "not site", "--co", "-q", "-p", "no:cacheprovider"]
            + ["--splits", "2", "--group", str(group), "--splitting-algorithm", "least_duration"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        ).stdout.splitlines()
        return [line for line in listed if line.endswith(f"::{CI_TIER}")]

    one, two = runs(1), runs(2)
    assert sorted(one + two) == sorted(f"docs/{p.path.name}::{CI_TIER}" for p in RUN_PAGES), "a run lost or dealt twice"
    apart = [
        f"docs/{p.path.name}"
        for p in RUN_PAGES
        if (f"docs/{p.path.name}::{CI_TIER}" in one) != (f"docs/{p.slug}.{LANGS[0]}.md::{CI_TIER}" in one)
    ]
    assert not apart, f"translations dealt to another shard than their original's run: {apart}"


def test_follow_originals_moves_a_translation_to_its_original_and_leaves_the_rest():
    from types import SimpleNamespace as Item

    from verified_docs.pytest_plugin import follow_originals

    es, en = Item(nodeid="docs/a.es.md::run", original_id=None), Item(nodeid="docs/a.en.md::run", original_id="docs/a.es.md::run")
    orphan = Item(nodeid="docs/b.en.md::run", original_id="docs/b.es.md::run")  # its original is not collected
    other = Item(nodeid="tests/test_x.py::test_y")
    collected = [es, en, orphan, other]
    assert follow_originals(collected, [es, orphan]) == ([en], [])
    assert follow_originals(collected, [en, other]) == ([], [en])
    assert follow_originals(collected, [es, en]) == ([], [])
