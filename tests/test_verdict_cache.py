"""`make test-fast` (--cached) gives the verdicts `make test` gives on the same tree, whatever ran
before it: full runs, cached runs, `pytest -k` runs of one page, edits and restores, an
interrupted run. Driven on a small fixture site (tests/fixture_site.py), each step in a pytest
process of its own, as a maintainer runs them."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fixture_site import SITE_TESTS, add_page, env_for, make_site, pytest_in

# Makes its own pages (or none): --cached keeps its verdict when a page of the site changes.
pytestmark = pytest.mark.independent_of_pages


def verdicts(outcomes: dict[str, str]) -> dict[str, str]:
    """passed / failed per test; a cache hit is the verdict it stands for (passed)."""
    out = {}
    for name, outcome in outcomes.items():
        if name.startswith("pytest::internal") or name == "None::None":
            out[name] = outcome
        elif outcome.startswith("skipped: cache hit") or "unchanged since" in outcome or "same built site" in outcome:
            out[name] = "passed"
        else:
            out[name] = outcome.split(":")[0]
    return out


def check_against_full_run(root: Path, tmp_path: Path, step: str, expected: dict | None = None) -> tuple[dict, dict]:
    """make test-fast's verdicts on root now against make test's (`expected`, or a full run on a
    copy of the tree without build/, which knows nothing of what ran before); returns make test's
    verdicts and the cached run's outcomes."""
    if expected is None:
        reference = tmp_path / "reference"
        shutil.rmtree(reference, ignore_errors=True)
        shutil.copytree(root, reference, ignore=shutil.ignore_patterns("build"))
        expected = verdicts(pytest_in(reference))
    raw = pytest_in(root, "--cached")
    got = verdicts(raw)
    wrong = {name: (raw.get(name), verdict) for name, verdict in expected.items() if got.get(name) != verdict}
    wrong |= {name: (raw[name], None) for name in got if name not in expected}
    assert not wrong, f"after {step}: make test-fast's verdicts differ from make test's on the same tree: " + "; ".join(
        f"{name}: {g!r} under --cached, {e!r} in a full run" for name, (g, e) in wrong.items()
    )
    return expected, raw


def interrupted_run(root: Path) -> None:
    """A full run stopped with Ctrl-C once its first page record is written."""
    records = root / "build" / "cache" / "pages"
    before = {p: p.stat().st_mtime for p in records.glob("*.json")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "pytest", "docs", *SITE_TESTS, "-q"],
        cwd=root,
        env=env_for(root),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.time() + 120
    while time.time() < deadline and proc.poll() is None:
        if any(before.get(p) != p.stat().st_mtime for p in records.glob("*.json")):
            break
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=120)


@pytest.fixture(scope="module")
def fixture_template(tmp_path_factory) -> Path:
    return make_site(tmp_path_factory.mktemp("fixture") / "site")


@pytest.mark.timeout(600)
def test_cached_verdicts_are_a_full_runs_after_any_sequence(fixture_template, tmp_path):
    root = tmp_path / "site"
    shutil.copytree(fixture_template, root)
    outcomes = pytest_in(root)
    first = verdicts(outcomes)
    failed = {name: outcome for name, outcome in outcomes.items() if first[name] != "passed"}
    assert not failed, f"the fixture site's first full run did not pass: {failed}"
    got = verdicts(pytest_in(root, "--cached"))
    assert got == first, f"after a full run, make test-fast's verdicts differ from it: {got} against {first}"

    # A translation without a run on record beside its original unchanged since it passed (the
    # original run alone): as in a full run, the original's run proves it (the one on record), and
    # its stamp is that run's; it does not run a second time.
    pages = root / "build" / "cache" / "pages"
    (pages / "uno.en.run.json").unlink()
    es_record = pages / "uno.es.run.json"
    es_record.write_text(json.dumps(json.loads(es_record.read_text()) | {"date": "2026-01-02 03:04 UTC"}))  # an earlier run
    assert verdicts(pytest_in(root, "--cached")) == first
    en, es = (json.loads((pages / f"uno.{lang}.run.json").read_text()) for lang in ("en", "es"))
    assert en["through"] == "docs/uno.es.md", f"uno.en ran itself instead of being proven by uno.es's run on record: {en}"
    assert en["date"] == es["date"], f"uno.en's stamp is not the date of the run that proves it: {en} against {es}"

    # One page run alone (pytest -k), then a new page pair, which changes every page's HTML (the
    # nav): a cached translation's stamp is its recorded run's (proven by its original), checked
    # again; and only the new pages run (a new nav entry changes no other page's run).
    assert set(verdicts(pytest_in(root, "-k", "uno and es", targets=("docs",))).values()) == {"passed"}
    add_page(root, "tres", {"es": ("Tres", 'print("tres")\n', "tres\n"), "en": ("Three", 'print("three")\n', "three\n")})
    reference, raw = check_against_full_run(root, tmp_path, "pytest -k one page, then a new page pair")
    ran = sorted(name for name, outcome in raw.items() if name.endswith("::run") and not outcome.startswith("skipped"))
    assert ran == ["docs.tres.en.md::run", "docs.tres.es.md::run"], f"after a new page pair, make test-fast ran {ran}"

    # A snippet broken and run alone (red), restored, then a full run stopped with Ctrl-C.
    snippet = root / "snippets" / "dos" / "es" / "01_dos.py"
    good = snippet.read_text()
    snippet.write_text(good.replace('"=" *', '"-" *'))
    broken = verdicts(pytest_in(root, "-k", "dos", targets=("docs",)))
    assert broken["docs.dos.es.md::run"] == "failed", broken
    snippet.write_text(good)
    interrupted_run(root)
    check_against_full_run(root, tmp_path, "a broken snippet run alone, restored, then an interrupted full run", reference)


def test_tests_that_change_part_of_a_page_work_on_any_page(fixture_template):
    """The tests that edit a character of a recording or a line of code pick what to change from
    the page itself: run on the fixture's pages (a recording that ends in digits) too."""
    got = pytest_in(fixture_template, "-k", "changed", targets=("tests/test_translation_proof.py",))
    assert got and set(got.values()) == {"passed"}, got


def test_one_pages_site_tests_keep_their_key_when_another_pages_search_entries_change(tmp_path):
    """The search index holds every page's text, so a prose change to one page changes it. A test
    of another page keeps its key (it reads its own entries, not the rest); a test marked
    `whole_search_index` (the search itself) and the page's own tests do not."""
    import json

    from verified_docs import site_build

    out = tmp_path / "site"
    for folder in ("", "a", "b"):
        (out / folder).mkdir(parents=True, exist_ok=True)
        (out / folder / "index.html").write_text(f"<h1>{folder or 'home'}</h1>")
    index = out / "search" / "search_index.json"
    index.parent.mkdir()

    def write(b_text: str, lang: str = "es") -> None:
        entries = [("", "Inicio"), ("a/", "Página a"), ("a/#uno", "Sección de a"), ("b/", b_text)]
        docs = [{"location": loc, "title": text, "text": text} for loc, text in entries]
        index.write_text(json.dumps({"config": {"lang": [lang]}, "docs": docs}), encoding="utf-8")

    pages = frozenset({"", "a", "b"})

    def keys() -> dict[str, str]:
        files, parts = site_build.file_digests(out), site_build.search_index_parts(out)
        return {
            "a": site_build.site_hash(files, frozenset({"a"}), pages, search=parts),
            "b": site_build.site_hash(files, frozenset({"b"}), pages, search=parts),
            "a searching": site_build.site_hash(files, frozenset({"a"}), pages),
        }

    write("Página b")
    before = keys()
    write("Página b, con una palabra más")
    after = keys()
    assert after["a"] == before["a"], "page a's site tests would rerun because page b's search entries changed"
    assert after["b"] != before["b"], "page b's own search entries changed and its key did not"
    assert after["a searching"] != before["a searching"], "a test that searches did not see the index change"
    write("Página b, con una palabra más", lang="en")
    assert keys()["a"] != after["a"], "the index's settings changed and page a's key did not"
