"""Fixtures the browser suite and the notebook tests share, and what the suite prints at the end."""

from __future__ import annotations

import os
import shutil
import threading
from concurrent.futures import Future
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from browser_tours import Tours, missing_browser, wanted_views
from verified_docs.diagrams import NO_DRAWING
from verified_docs.local_server import QuietHandler, serve
from verified_docs.project import BUILD
from verified_docs.site_build import mkdocs_build
from verified_docs.verdict_cache import cached_site_test

# Every site build the tests start checks the committed diagrams and never redraws one: a stale SVG
# fails the suite instead of being quietly rewritten in the checkout (tests/test_diagrams.py).
os.environ[NO_DRAWING] = "1"

WEIGHTS = pytest.StashKey[dict]()
TOURS = pytest.StashKey[Tours]()
SERVED = pytest.StashKey[Future]()  # the sub-path site's build, started early (pytest_collection_finish)
# GitHub Pages serves a project site under /<repository>/: the browser suite reads the site there.
SUBPATH = "/keras3/"


class SubpathHandler(QuietHandler):
    """Serves the site under SUBPATH only: anything outside it is a 404, as on the real host."""

    def translate_path(self, path):
        if not urlsplit(path).path.startswith(SUBPATH):
            return str(Path(self.directory) / "__outside_the_site__")
        return super().translate_path("/" + path[len(SUBPATH) :])


def build_served_site(scheduler, environ: dict | None = None, out: Path = BUILD / "site-subpath") -> tuple:
    """The site built for a sub-path address (SITE_URL) and served at that address, once the pages
    have run (their records are the stamps it shows). The server starts first: the build writes its
    port into every absolute URL (canonical, sitemap, switcher, notebooks), so that they are live.
    In the background, the build starts from `environ`, the session's environment before any test
    ran: a test running when the pages end may have set BENCH_RECORD to a record of its own."""
    if scheduler:
        scheduler.wait_for_pages()
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    httpd = serve(out, SubpathHandler)
    url = f"http://127.0.0.1:{httpd.server_address[1]}{SUBPATH}"
    return httpd, url, out, mkdocs_build("--site-dir", str(out), base=environ, SITE_URL=url)


@pytest.hookimpl(trylast=True)  # after the scheduler has started the pages
def pytest_collection_finish(session):
    """In a full run (not --cached, where whether the tours run at all depends on the built site),
    the sub-path site builds in the background as soon as the pages have run: beside the `site`
    fixture's build (two single-threaded builds on two cores), so that the browser tours, the
    longest part of the site tests, start one build earlier."""
    config = session.config
    if config.getoption("--cached", False) or missing_browser():
        return
    if not any(item.get_closest_marker("tour") for item in session.items):
        return
    scheduler = config.pluginmanager.get_plugin("verified_docs_scheduler")
    future: Future = Future()
    environ = scheduler.environ if scheduler else dict(os.environ)  # before any test runs (build_served_site)

    def build():
        try:
            future.set_result(build_served_site(scheduler, environ))
        except BaseException as exc:  # noqa: BLE001 - served_site raises it in the test that needs it
            future.set_exception(exc)

    threading.Thread(target=build, daemon=True, name="served-site-build").start()
    config.stash[SERVED] = future


@pytest.fixture(scope="session")
def served_site(request, site) -> tuple[str, Path]:
    """(URL, folder): the sub-path site (build_served_site), built after `site` or, in a full run,
    beside it."""
    early = request.config.stash.get(SERVED, None)
    httpd, url, out, proc = early.result() if early else build_served_site(None)
    if proc.returncode != 0:
        httpd.shutdown()
        pytest.fail(f"mkdocs build --strict with SITE_URL={url} failed:\n{proc.stderr[-6000:]}", pytrace=False)
    yield url, out
    httpd.shutdown()


@pytest.fixture(scope="session")
def page_weights(request) -> dict:
    """page id -> (bytes a phone loads, the same gzipped, its three largest resources), filled by
    the browser suite."""
    return request.config.stash.setdefault(WEIGHTS, {})


def pytest_configure(config):
    config.addinivalue_line("markers", "tour(check): a browser check run in its page view's tour (tests/browser_tours.py)")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session, config, items):
    # The browser tests last: their tours run in the background while the other site tests run.
    items.sort(key=lambda item: item.get_closest_marker("tour") is not None)


@pytest.fixture(scope="session")
def browser_tours(request, served_site, page_weights) -> Tours:
    """Every browser check the session selected, run in the background (tests/browser_tours.py)."""
    if missing := missing_browser():
        pytest.fail(missing, pytrace=False)
    items = [i for i in request.session.items if not cached_site_test(i)]
    tours = Tours(*served_site, wanted_views(items), page_weights)
    request.config.stash[TOURS] = tours
    return tours


@pytest.fixture(autouse=True)
def _start_browser_tours_early(request):
    """The first test that reads the built site starts the browser tours, so that they run while
    the other site tests do."""
    if (
        "site" in request.fixturenames
        and not missing_browser()
        and any(i.get_closest_marker("tour") for i in request.session.items)
    ):
        try:
            request.getfixturevalue("browser_tours")
        except pytest.fail.Exception:
            pass  # e.g. the sub-path build failed: the browser tests report it, not every site test


def pytest_terminal_summary(terminalreporter, config):
    tours = config.stash.get(TOURS, None)
    if tours and tours.seconds:
        terminalreporter.section("browser tours (each page view, every check of it; slowest first)")
        for view, seconds in sorted(tours.seconds.items(), key=lambda kv: -kv[1])[:8]:
            checks = ", ".join(sorted(tours.wanted[view]))
            terminalreporter.write_line(f"{seconds:6.1f} s  {view.page_id} {view.width} {view.scheme}: {checks}")
        terminalreporter.write_line(
            f"{sum(tours.seconds.values()):6.1f} s  total, {len(tours.seconds)} views in {len(tours.visits)} page loads, "
            f"{len(tours.threads)} browsers at a time, {tours.wall_seconds():.0f} s of wall time; per step: "
            + ", ".join(f"{name} {s:.0f} s" for name, s in sorted(tours.check_seconds.items(), key=lambda kv: -kv[1]))
        )
    weights = config.stash.get(WEIGHTS, {})
    if not weights:
        return
    from test_browser import MAX_PAGE_BYTES, MAX_PAGE_SENT

    terminalreporter.section(
        f"page weight on a phone, first visit (gzipped as served, limit {MAX_PAGE_SENT / 1e3:.0f} kB; "
        f"uncompressed, limit {MAX_PAGE_BYTES / 1e6:.1f} MB)"
    )
    for page_id, (total, sent, largest, index) in sorted(weights.items(), key=lambda kv: -kv[1][1]):
        top = ", ".join(f"{urlsplit(url).path} {n / 1e3:.0f} kB" for url, n in largest)
        terminalreporter.write_line(
            f"{sent / 1e3:4.0f} kB gzipped, {total / 1e6:5.2f} MB raw  {page_id:<22} "
            f"(+{index / 1e3:.0f} kB gzipped of search index once the reader searches)  largest: {top}"
        )
