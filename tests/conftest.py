import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.pages import ROOT


def pytest_addoption(parser):
    parser.addoption(
        "--record-outputs",
        action="store_true",
        help="write each run-tier block's output into its recorded file instead of comparing",
    )
    parser.addoption(
        "--cached",
        action="store_true",
        help="skip a page whose inputs (snippets, outputs, fixtures, harness, package versions) are "
        "unchanged since it last passed (local use; CI runs everything)",
    )
    parser.addoption(
        "--online",
        action="store_true",
        help="also run the network tier (real downloads)",
    )


@pytest.fixture
def record_outputs(request):
    return request.config.getoption("--record-outputs")


@pytest.fixture
def cached(request):
    return request.config.getoption("--cached")


@pytest.fixture
def online(request):
    return request.config.getoption("--online")


def pytest_collection_modifyitems(items):
    # Pages run first: they write the records whose verification stamps the built site shows, and
    # the site (test_browser, test_notebooks, test_site) is built once, when first needed.
    items.sort(key=lambda item: 0 if item.nodeid.startswith("tests/test_pages.py") else 1)


@pytest.fixture(scope="session")
def site() -> Path:
    """The site built with `mkdocs build --strict`, once per session (test_site, test_browser)."""
    # One build per pytest-xdist worker, so parallel workers never share a directory.
    out = ROOT / "build" / f"site-test-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}"
    shutil.rmtree(out, ignore_errors=True)
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        env=dict(os.environ, NO_MKDOCS_2_WARNING="1"),
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed:\n{proc.stderr[-6000:]}", pytrace=False)
    return out


# Per-page execution times, slowest first (what a maintainer reads first, as in sphinx-gallery).
_PAGE_TIMES: list[tuple[float, str, str]] = []


def pytest_runtest_logreport(report):
    if report.when == "call" and re.search(r"::test_(run|gpu|network)_tier\[", report.nodeid):
        _PAGE_TIMES.append((report.duration, report.outcome, report.nodeid))


def pytest_terminal_summary(terminalreporter):
    if not _PAGE_TIMES:
        return
    terminalreporter.section("page execution times (slowest first)")
    for seconds, outcome, nodeid in sorted(_PAGE_TIMES, reverse=True):
        terminalreporter.write_line(f"{seconds:7.1f} s  {outcome:<7}  {nodeid}")
    total = sum(t for t, _, _ in _PAGE_TIMES)
    terminalreporter.write_line(f"{total:7.1f} s  total")
    hits = [r for r in terminalreporter.stats.get("skipped", []) if "cache hit" in str(r.longrepr)]
    if hits or terminalreporter.config.getoption("--cached"):
        terminalreporter.write_line(f"content-hash cache: {len(hits)} page run(s) or install resolutions skipped (unchanged since they passed)")
