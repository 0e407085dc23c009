"""make test-latest (verified_docs.latest): which pins it drops, and whom a failure is laid at."""

from __future__ import annotations

from pathlib import PurePosixPath

from verified_docs import latest


def test_only_the_named_packages_move_to_their_newest_release():
    every = latest.requirements()
    for name in latest.LATEST:
        assert name in every, f"{name} keeps its pin in make test-latest's environment: {every}"
    assert "numpy==" in " ".join(every), "a package make test-latest does not name lost its pin"
    one = latest.requirements("jax")
    assert "jax" in one and "jaxlib" in one, "jax moved without its jaxlib"
    assert any(r.startswith("torch==") for r in one), "--only jax moved torch too"


def test_a_failure_is_laid_at_the_innermost_installed_package():
    trace = (
        'File "/x/.venv-latest/lib/python3.12/site-packages/keras/src/trainers/trainer.py", line 3\n'
        'File "/x/.venv-latest/lib/python3.12/site-packages/torch/nn/modules/module.py", line 9\n'
        "RuntimeError: boom\n"
    )
    installed = {"torch": "2.15.0", "keras": "3.16.0"}
    assert latest.culprit(trace, installed, {"torch", "keras"}) == "torch 2.15.0"
    assert latest.culprit(trace, installed, {"keras"}) == "keras 3.16.0", "a failure laid at a package that did not move"
    assert "unchanged" in latest.culprit(trace, installed, set())
    tf = trace.replace("torch/nn/modules/module.py", "tensorflow/python/eager/execute.py")
    installed["tensorflow"] = "2.21.0"
    assert latest.culprit(tf, installed, {"torch"}) == "raised in tensorflow 2.21.0 (unchanged; moved: torch 2.15.0)"
    diff = "output differs from its recording\n--- recorded x.out\n+++ this run\n@@ -1 +1 @@\n-torch 2.13.0+cpu\n+torch 2.15.0\n"
    assert latest.culprit(diff, installed) == "output differs from its recording: 'torch 2.13.0+cpu' is now 'torch 2.15.0'"
    assert latest.culprit('Traceback\n  File "<cell>", line 1\nValueError\n', {}).startswith("the page's own code")


def _report(tmp_path, cases: dict[str, str | None]):
    """A junit report as pytest writes it: page run -> its failure's text (None: passed)."""
    import xml.etree.ElementTree as ET

    suite = ET.Element("testsuite")
    for nodeid, failure in cases.items():
        case = ET.SubElement(suite, "testcase", classname=nodeid.split("::")[0].replace("/", "."), name="run")
        if failure is not None:
            ET.SubElement(case, "failure", message="failed").text = failure
    path = tmp_path / "report.xml"
    ET.ElementTree(suite).write(path)
    return path


def _differs(was: list[str], now: list[str]) -> str:
    import difflib

    diff = "\n".join(difflib.unified_diff(was, now, "recorded snippets/p/es/01.out", "this run", lineterm=""))
    return f"docs/p.es.md:12 [es]: output differs from its recording. If the change is intended, run `make outputs` and review the diff.\n{diff}"


def test_a_recording_that_only_prints_the_moved_versions_passes_and_one_more_change_fails(tmp_path, monkeypatch):
    monkeypatch.setattr(latest, "pins", lambda: {"torch": "2.13.0", "keras": "3.15.1"})
    installed, moved = {"torch": "2.15.0+cu132", "keras": "3.15.1"}, {"torch": "2.13.0 -> 2.15.0+cu132"}
    hint = 'rerun just this: .venv/bin/python -m pytest "docs/x.es.md::run"'
    version = _differs(["torch 2.13.0+cpu | GPU: False", "pérdida 0.41"], ["torch 2.15.0+cu132 | GPU: False", "pérdida 0.41"])
    also = _differs(["torch 2.13.0+cpu", "pérdida 0.41"], ["torch 2.15.0+cu132", "pérdida 0.42"])
    crash = "docs/v.es.md:30 [es]: the cell raised\nTraceback ...\nRuntimeError: boom"
    report = _report(
        tmp_path,
        {
            "docs/v.es.md::run": f"{version}\n\n{hint}",
            "docs/v.en.md::run": "docs/v.en.md::run is proven by docs/v.es.md::run (the same programs: code parity), which failed",
            "docs/w.es.md::run": f"{also}\n\n{hint}",
            "docs/w.en.md::run": "docs/w.en.md::run is proven by docs/w.es.md::run (the same programs: code parity), which failed",
            "docs/c.es.md::run": f"{version}\n\n{crash}\n\n{hint}",
            "docs/k.es.md::run": _differs(["keras 3.15.1"], ["keras 3.15.2"]),  # keras did not move here
            "docs/s.es.md::run": "CalledProcessError: Command 'python abrir.py' returned non-zero exit status 139.\n"
            "bash: line 2: 18316 Segmentation fault      python abrir.py",
            # Not a version: the digits of a moved version inside a longer number.
            "docs/n.es.md::run": _differs(["torch 2.13.0", "id 12.13.01"], ["torch 2.15.0", "id 12.15.01"]),
            # A vanished line that starts like a diff header, and a line that moved.
            "docs/h.es.md::run": _differs(["torch 2.13.0", "----------", "loss 0.41"], ["torch 2.15.0", "loss 0.41"]),
            "docs/o.es.md::run": _differs(["a", "torch 2.13.0", "b"], ["torch 2.15.0", "a", "b"]),
            # The recording itself shows an error (the page teaches it): not the failure's error.
            "docs/t.es.md::run": _differs(
                ["torch 2.13.0", "TypeError: as taught"], ["torch 2.15.0", "x", "TypeError: as taught"]
            ),
            "docs/ok.es.md::run": None,
        },
    )
    rows = {page: (verdict, why) for page, verdict, why in latest.table(report, installed, moved)}
    assert rows["v.es.md::run"] == ("pass", latest.VERSIONS_ONLY), rows["v.es.md::run"]
    assert rows["v.en.md::run"] == ("pass", latest.VERSIONS_ONLY), "a translation of a page that passes on versions"
    assert rows["w.es.md::run"][0] == "FAIL", "a recording with a changed number beside the version passed"
    assert rows["w.en.md::run"][0] == "FAIL"
    assert rows["c.es.md::run"][0] == "FAIL", "a page that crashed after printing the version passed"
    assert rows["k.es.md::run"][0] == "FAIL", "a version that is not a moved package's was masked"
    two = _differs(["torch 2.13.0"], ["torch 2.15.0"]) + "\n\n" + _differs(["x 1"], ["x 2"])
    assert latest.culprit(two, installed) == "output differs from its recording: 'torch 2.13.0' is now 'torch 2.15.0'"
    assert [len(h) for h in latest.hunks(two)] == [2, 2], "the second diff's ---/+++ header was read as its hunk's lines"
    assert rows["t.es.md::run"][0] == "FAIL" and "TypeError" not in rows["t.es.md::run"][1], rows["t.es.md::run"]
    assert rows["n.es.md::run"][0] == "FAIL", "a number holding a moved version's digits was masked as the version"
    assert rows["h.es.md::run"][0] == "FAIL", "a vanished '----------' line was read as the diff's header"
    assert rows["o.es.md::run"][0] == "FAIL", "a version line that moved to another place passed"
    assert "Segmentation fault      python abrir.py" in rows["s.es.md::run"][1], "a crash's own line left out of the table"
    assert rows["ok.es.md::run"] == ("pass", "")


def test_every_target_that_runs_pages_makes_the_data_they_read():
    """A page's notebook_data (the lesson's parquet) is served from docs/, where `$(DATA)` writes
    it: a target that runs pages in a fresh clone without it fails those pages for a missing file
    (make test-latest did, on 2026-12-05: three page pairs "not in docs/"). A target runs pages
    when its recipe runs pytest, test-latest or the mutation run (not --quick)."""
    import re

    from verified_docs.pages import readable_pages
    from verified_docs.project import DOCS, ROOT

    text = (ROOT / "Makefile").read_text()
    variables = {name: value.split() for name, value in re.findall(r"^([A-Z_]+)\s*:?=[ \t]*(.*)$", text, re.M)}
    rules = {}  # target -> (its prerequisites, expanded; its recipe)
    for target, prerequisites, recipe in re.findall(r"^([a-z][\w-]*):(?!=)(.*)\n((?:\t.*\n?)*)", text, re.M):
        names = re.findall(r"\$\((\w+)\)|(\S+)", prerequisites)
        rules[target] = ({p for v, word in names for p in (variables.get(v, [v]) if v else [word])}, recipe)
    running = [
        t
        for t, (_, recipe) in rules.items()
        if re.search(r"-m pytest\b|verified_docs\.latest\b", recipe)
        or ("verified_docs.mutation" in recipe and "--quick" not in recipe)
    ]
    assert {"test", "test-fast", "test-latest", "outputs", "mutation"} <= set(running), f"found only {running}"
    docs = DOCS.relative_to(ROOT).as_posix()
    read = {f"{docs}/{t}" for page in readable_pages() for t in (page.meta.get("notebook_data") or {}).values()}
    assert read, "no page reads notebook_data: this test checks nothing"
    for target in running:
        prerequisites = rules[target][0]
        # The data rule writes the parquet and copies its generator beside it: a file in the folder
        # of a prerequisite under docs/ counts as made by that prerequisite.
        folders = {str(PurePosixPath(p).parent) for p in prerequisites if p.startswith(f"{docs}/")}
        missing = sorted(f for f in read if f not in prerequisites and str(PurePosixPath(f).parent) not in folders)
        assert not missing, f"make {target} runs pages but does not make {missing}, which they read: add $(DATA) to it"


def test_a_recordings_volatile_part_is_masked_as_the_harness_masks_it():
    """A block with `volatile=` (a timing) is compared with that part masked, but its diff shows
    the raw lines: a version change beside a new timing is still only the version."""
    moved = {"torch": ("2.13.0", "2.15.0+cu132")}
    text = _differs(
        ["torch 2.13.0+cpu", "trained in 4.2 s", "loss 0.41"], ["torch 2.15.0+cu132", "trained in 3.9 s", "loss 0.41"]
    )
    timing = {"snippets/p/es/01.out": r"\d+\.\d s\b"}
    assert latest.prints_versions_only(text, moved, timing), "a new timing in a volatile part counted as a change"
    assert not latest.prints_versions_only(text, moved, {}), "without the block's pattern a timing must count"
    other = {"snippets/q/es/01.out": r"\d+\.\d s\b"}
    assert not latest.prints_versions_only(text, moved, other), "another recording's pattern was applied"
    assert all(path.endswith(".out") and pattern for path, pattern in latest.volatile_parts().items())
