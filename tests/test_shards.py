"""A sharded run's final job builds the site from the shards' records only when they are exactly
the records one unsharded run leaves (verified_docs.shards): every page's, fresh, none twice."""

import json

import pytest

from verified_docs import execute, records, shards
from verified_docs.pages import readable_pages
from verified_docs.tiers import CI_TIER

PAGES = readable_pages()


@pytest.fixture
def world(tmp_path, monkeypatch):
    """Two shard folders holding, between them, what every page's passing run leaves; and the
    checkout they are merged into (all under tmp_path: the real build/ is never touched)."""
    checkout, one, two = tmp_path / "checkout", tmp_path / "shards/1", tmp_path / "shards/2"
    monkeypatch.setattr(records, "WRITTEN", set())  # this session's own records stay what a shard packs

    def at(root):
        monkeypatch.setattr(records, "RECORDS", root / "build/cache/pages")
        monkeypatch.setattr(execute, "WORK", root / "build/run")

    for i, page in enumerate(PAGES):
        at(one if i % 2 else two)  # as pytest-split deals them: each page to one shard
        for kind, key in shards.expected(page):
            records.write_passed(page, kind, key=key)
        if any(b.tier == CI_TIER for b in page.blocks):
            execute.executed_copy(page, CI_TIER).parent.mkdir(parents=True)
            execute.executed_copy(page, CI_TIER).write_text("{}")
    at(checkout)
    return checkout, one, two


def test_a_whole_partition_merges_into_a_whole_run(world):
    checkout, one, two = world
    assert shards.merge([one, two], into=checkout) == []
    assert sorted(p.name for p in (checkout / "build/cache/pages").iterdir()) == sorted(
        p.name for s in (one, two) for p in (s / "build/cache/pages").iterdir())


def test_a_page_no_shard_ran_is_named(world):
    checkout, one, two = world
    page = next(p for p in PAGES if any(b.tier == CI_TIER for b in p.blocks))
    lost = next(s for s in (one, two) if (s / "build/cache/pages" / f"{page.id}.run.json").is_file())
    (lost / "build/cache/pages" / f"{page.id}.run.json").unlink()
    problems = shards.merge([one, two], into=checkout)
    assert problems == [f"docs/{page.path.name} [{page.lang}]: no fresh run record: no shard left it"]


def test_a_shard_that_ran_with_other_packages_is_not_fresh(world):
    checkout, one, two = world
    page = next(p for p in PAGES if any(b.tier == CI_TIER for b in p.blocks))
    path = next(s / "build/cache/pages" / f"{page.id}.run.json" for s in (one, two)
                if (s / "build/cache/pages" / f"{page.id}.run.json").is_file())
    path.write_text(json.dumps(json.loads(path.read_text()) | {"key": "another environment"}))
    problems = shards.merge([one, two], into=checkout)
    assert len(problems) == 1 and f"docs/{page.path.name} [{page.lang}]: no fresh run record: left by a run of other" in problems[0]


def test_a_missing_shard_and_a_page_run_twice_are_refused(world):
    checkout, one, two = world
    page = next(p for p in PAGES if any(b.tier == CI_TIER for b in p.blocks))
    name = f"build/cache/pages/{page.id}.run.json"
    here, there = (one, two) if (one / name).is_file() else (two, one)
    (there / name).write_text(json.dumps(json.loads((here / name).read_text()) | {"key": "a second run"}))
    problems = shards.merge([one, two, checkout.parent / "shards/3"], into=checkout)
    assert any(p.startswith(f"{name}: written differently by ") for p in problems), problems
    assert any("shards/3: no such shard folder" in p for p in problems), problems
    assert not (checkout / name).exists(), "nothing is merged when the shards disagree"


def test_one_pages_static_check_in_two_shards_is_one_verdict(world):
    """pytest-split may deal a page's static blocks to two shards: both check the whole page and
    leave the same record (same key, another date)."""
    checkout, one, two = world
    page = next(p for p in PAGES if any(k == "static" for k, _ in shards.expected(p)))
    name = f"build/cache/pages/{page.id}.static.json"
    here, there = (one, two) if (one / name).is_file() else (two, one)
    (there / name).parent.mkdir(parents=True, exist_ok=True)
    (there / name).write_text(json.dumps(json.loads((here / name).read_text()) | {"date": "another day"}))
    assert shards.merge([one, two], into=checkout) == []


def test_a_shard_packs_the_records_it_wrote_and_the_pages_it_ran(tmp_path, monkeypatch):
    """What this session wrote, at its path under the checkout; not an older record, not a file
    outside the checkout."""
    checkout = tmp_path / "checkout"
    monkeypatch.setattr(shards, "ROOT", checkout)
    monkeypatch.setattr(records, "RECORDS", checkout / "build/cache/pages")
    monkeypatch.setattr(execute, "WORK", checkout / "build/run")
    monkeypatch.setattr(records, "WRITTEN", set())
    page, older = [p for p in PAGES if any(b.tier == CI_TIER for b in p.blocks)][:2]
    records.write_passed(older, "run")
    records.WRITTEN.clear()  # written by an earlier session: not this shard's
    records.write_passed(page, "run")
    records.WRITTEN.add(tmp_path / "outside.json")
    (tmp_path / "outside.json").write_text("{}")
    for p in (page, older):
        execute.executed_copy(p, CI_TIER).parent.mkdir(parents=True)
        execute.executed_copy(p, CI_TIER).write_text("{}")
    shards.pack(tmp_path / "shard", [page])
    assert sorted(f.relative_to(tmp_path / "shard").as_posix() for f in (tmp_path / "shard").rglob("*") if f.is_file()) == [
        f"build/cache/pages/{page.id}.run.json", f"build/run/{page.id}.run/{page.id}.run.executed.ipynb"]
