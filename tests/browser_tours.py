"""The browser suite's machinery: Debian's Chromium driven by Playwright, one *tour* per page.

A tour opens one page once and runs there, in a fixed order, every check that
tests/test_browser.py registers (`@tour_check`) for each of its views, going through the views as
a reader would: VIEW_ORDER, each step changing one thing. Resizing lays the page out as a fresh
load at that width does (full desktop screenshots after a resize and after a fresh load were
pixel-identical for the lesson, distribution and rocm pages). The colour scheme changes with the
header's palette toggle, clicked as a reader clicks it (and the browser's `prefers-color-scheme`
changed with it): Material then sets the palette's attributes on the page that a load in that
scheme sets, and the site's styles, the diagrams' two drawings included, follow those attributes
only. A load in the dark scheme is checked once (test_code_colours_are_legible_in_both_themes);
the toggle saves a page load per page, about 1.4 s of CPU of the 2 s a load of a long page takes
here. Checks that change the page (order >= CHANGES_PAGE: search, copy, the switcher that leaves
it) run only in a tour's last view. Tours run in the background on TOUR_WORKERS
threads, each with its own Playwright and Chromium, from the moment the first site test starts;
each test then reads its own check's result (`Tours.result`). A tour that gives no result within
TOUR_TIMEOUT_S of starting (a hung browser or page) fails the tests waiting on it, named.
"""

from __future__ import annotations

import os
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from verified_docs.pages import Page, readable_pages
from verified_docs.project import rel

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))  # the Makefile passes its choice
# Headless, as root, on a machine with no way out: without the background-networking flags Chromium
# keeps trying to reach Google's hosts, and those attempts would be reported as leaks.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LOCALHOST = {"127.0.0.1", "localhost"}
VIEWPORTS = {"phone": {"width": 360, "height": 780}, "desktop": {"width": 1280, "height": 900}}
TOUR_WORKERS = 2  # browsers at once: 3 were no faster on 2 cores (213 s against 196-211 s)
TOUR_TIMEOUT_S = 180  # one tour, from its page's load: every view and check of it; the longest took about 30 s here
CHANGES_PAGE = 4  # a check of this order or later changes the page (see the module's docstring)
# A tour's views, in order: the weight check's first view first, then one change at a time, and
# the view of the checks that change the page (the tests' default view) last.
VIEW_ORDER = (("light", "phone"), ("dark", "phone"), ("dark", "desktop"), ("light", "desktop"))  # (scheme, width)
MATERIAL_SCHEME = {"light": "default", "dark": "slate"}  # mkdocs.yml's palette for each scheme
PALETTE_TOGGLE = "form[data-md-component=palette] label:not([hidden])"  # the header's button
PAGES = readable_pages()


def missing_browser() -> str | None:
    if not CHROMIUM.is_file():
        return f"{CHROMIUM} is missing: `make test` installs Debian's chromium (or run `sudo apt-get install chromium`)"
    return None


def launch(pw):
    return pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


def page_url(server: str, site: Path, page: Page) -> str:
    folder = page.html_path(site).parent.relative_to(site).as_posix()
    return server if folder == "." else f"{server}{folder}/"


class Visit:
    """One page opened in a fresh browser context, with everything that went wrong recorded."""

    def __init__(
        self, browser, url: str, where: str, viewport=VIEWPORTS["desktop"], scheme: str = "light", base: str | None = None
    ):
        self.where = where
        self.base = base or url  # requests outside it leave the site
        self.problems: list[str] = []
        self.responses: list = []
        self.context = browser.new_context(
            viewport=viewport, color_scheme=scheme, permissions=["clipboard-read", "clipboard-write"]
        )
        self.context.set_default_timeout(15_000)
        self.context.route("**/*", self._route)
        self.tab = self.context.new_page()
        self.tab.on("console", lambda m: m.type == "error" and self.problems.append(f"console error: {m.text}"))
        self.tab.on("pageerror", lambda e: self.problems.append(f"uncaught exception: {e}"))
        self.tab.on("response", self._response)
        self.tab.goto(url, wait_until="load")

    def switch_scheme(self, scheme: str) -> None:
        """Into the other colour scheme as a reader does: the system's preference, and the header's
        palette toggle clicked until Material shows the scheme's palette."""
        self.tab.emulate_media(color_scheme=scheme)
        if not self.tab.locator(PALETTE_TOGGLE).count():
            self.fail(f"no palette toggle ({PALETTE_TOGGLE}) to switch to the {scheme} scheme with")
        wanted = MATERIAL_SCHEME[scheme]
        current = "document.body.getAttribute('data-md-color-scheme')"
        for _ in range(len(MATERIAL_SCHEME)):
            if self.tab.evaluate(current) == wanted:
                return
            self.tab.click(PALETTE_TOGGLE, timeout=5_000)
            self.tab.mouse.move(0, 0)  # off the button: a screenshot shows it as a fresh load does, not hovered
        if self.tab.evaluate(current) != wanted:
            self.fail(f"the palette toggle did not switch the page to the {scheme} scheme ({wanted!r})")

    def _response(self, response):
        self.responses.append(response)
        if response.status >= 400:
            self.problems.append(f"HTTP {response.status}: {response.url}")

    def loaded(self) -> dict[str, int]:
        """Every resource the page loaded so far (its workers' included), URL -> bytes, uncompressed."""
        return {url: len(body) for url, body in self.bodies().items()}

    def bodies(self) -> dict[str, bytes]:
        """Every resource the page loaded so far (its workers' included), URL -> its bytes."""
        self.tab.wait_for_load_state("networkidle")
        return {r.url: r.body() for r in self.responses if r.ok and r.status != 204}

    def _route(self, route):
        url = route.request.url
        if urlsplit(url).scheme in ("http", "https", "ws", "wss") and urlsplit(url).hostname not in LOCALHOST:
            self.problems.append(f"request leaves localhost: {url}")
            return route.abort()
        if urlsplit(url).scheme in ("http", "https") and not url.startswith(self.base):
            self.problems.append(f"request outside the site ({self.base}): {url}")
        return route.continue_()

    def assert_clean(self):
        """Nothing went wrong while the page was open: console, exceptions, HTTP, leaks."""
        if self.problems:
            self.fail("\n  " + "\n  ".join(self.problems))

    def fail(self, message: str):
        pytest.fail(f"{self.where} at {self.tab.url}: {message}", pytrace=False)

    def close(self):
        self.context.close()


# ------------------------------------------------------------------------------ the checks


@dataclass(frozen=True)
class Check:
    name: str
    order: int  # place in a tour: checks that change the page (clicks, navigation) come last
    run: Callable  # run(visit, page, view, tours) -> None, or pytest.fail(...) with what is wrong


CHECKS: dict[str, Check] = {}


def tour_check(name: str, order: int):
    """Registers a check that runs inside a tour (see the module's docstring)."""

    def register(run):
        CHECKS[name] = Check(name, order, run)
        return run

    return register


@dataclass(frozen=True)
class View:
    page_id: str
    width: str
    scheme: str


class Tours:
    """Every selected check's view visited once, in the background; `result` waits for one."""

    def __init__(self, server: str, served: Path, wanted: dict[View, set[str]], page_weights: dict):
        self.server, self.served, self.page_weights = server, served, page_weights
        self.pages = {p.id: p for p in PAGES}
        self.futures = {(view, name): Future() for view, names in wanted.items() for name in names}
        self.started: dict[View, float] = {}
        self.seconds: dict[View, float] = {}  # how long each tour took, for the summary
        self.check_seconds: dict[str, float] = dict.fromkeys(["open", *CHECKS], 0.0)  # likewise, per check
        self.ended = 0.0  # when the last browser finished its last tour (time.monotonic())
        self._timing = threading.Lock()  # the tours' threads add to check_seconds
        self.todo: queue.Queue = queue.Queue()
        self.visits = visits(wanted)
        for views in self.visits:
            self.todo.put(views)
        self.wanted = wanted
        self.threads = [
            threading.Thread(target=self._work, daemon=True, name=f"tour-{i}") for i in range(min(TOUR_WORKERS, len(self.visits)))
        ]
        for t in self.threads:
            t.start()

    def _work(self):
        from playwright.sync_api import sync_playwright

        try:
            with sync_playwright() as pw:
                browser = launch(pw)
                while True:
                    try:
                        views = self.todo.get_nowait()
                    except queue.Empty:
                        break
                    self._tour(browser, views)
                browser.close()
                with self._timing:
                    self.ended = max(self.ended, time.monotonic())
        except Exception as exc:  # noqa: BLE001 - every test still waiting is told why
            for future in self.futures.values():
                if not future.done():
                    future.set_exception(exc)

    def _tour(self, browser, views: tuple[View, ...]):
        first = views[0]
        opened = time.monotonic()
        for view in views:  # a hang anywhere in the visit times out every view still waiting on it
            self.started[view] = opened
        page = self.pages[first.page_id]
        try:
            v = Visit(
                browser,
                page_url(self.server, self.served, page),
                f"{rel(page.path)} [{page.lang}]",
                VIEWPORTS[first.width],
                first.scheme,
                base=self.server,
            )
            self._took("open", opened)
        except Exception as exc:  # noqa: BLE001 - the page did not even open
            for view in views:
                for name in self.wanted[view]:
                    self.futures[(view, name)].set_result(f"{rel(page.path)} [{page.lang}] did not open: {exc}")
            return
        try:
            width, scheme = first.width, first.scheme
            for view in views:
                begun_view = opened if view == first else time.monotonic()  # the first view's time includes the load
                if view.width != width:
                    v.tab.set_viewport_size(VIEWPORTS[view.width])
                    width = view.width
                if view.scheme != scheme:
                    try:
                        v.switch_scheme(view.scheme)
                    # pytest.fail's exception is no Exception (a BaseException): named apart
                    except (Exception, pytest.fail.Exception) as exc:  # noqa: BLE001 - the checks left are told why
                        problem = exc.msg if isinstance(exc, pytest.fail.Exception) else f"{v.where}: {type(exc).__name__}: {exc}"
                        for later in views[views.index(view) :]:
                            for name in self.wanted[later]:
                                self.futures[(later, name)].set_result(f"({later.width}, {later.scheme}) {problem}")
                        return
                    scheme = view.scheme
                for name in sorted(self.wanted[view], key=lambda n: CHECKS[n].order):
                    begun = time.monotonic()
                    try:
                        CHECKS[name].run(v, page, view, self)
                        problem = None
                    except pytest.fail.Exception as exc:
                        problem = exc.msg
                    except Exception as exc:  # noqa: BLE001 - a Playwright timeout or error, with the view named
                        problem = f"{v.where} ({view.width}, {view.scheme}), check {name}: {type(exc).__name__}: {exc}"
                    self._took(name, begun)
                    self.futures[(view, name)].set_result(problem)
                self.seconds[view] = time.monotonic() - begun_view
        finally:
            v.close()

    def wall_seconds(self) -> float:
        """From the first page load to the end of the last tour: the tours' share of the session."""
        return max(0.0, self.ended - min(self.started.values())) if self.started and self.ended else 0.0

    def _took(self, step: str, since: float) -> None:
        with self._timing:
            self.check_seconds[step] += time.monotonic() - since

    def result(self, page: Page, width: str, scheme: str, name: str) -> str | None:
        """The check's problem (None when it passed); fails the test if its tour hangs."""
        view = View(page.id, width, scheme)
        future = self.futures[(view, name)]
        while True:
            try:
                return future.result(timeout=1)
            except TimeoutError:
                started = self.started.get(view)
                if started is not None and time.monotonic() - started > TOUR_TIMEOUT_S:
                    pytest.fail(
                        f"{rel(page.path)} [{page.lang}] at {width} width, {scheme} theme: the browser gave "
                        f"no result for {name!r} within {TOUR_TIMEOUT_S} s of opening the page (hung?)",
                        pytrace=False,
                    )
                if not any(t.is_alive() for t in self.threads) and not future.done():
                    pytest.fail(f"{rel(page.path)} [{page.lang}]: no browser is left to run {name!r}", pytrace=False)


def visits(wanted: dict[View, set[str]]) -> list[tuple[View, ...]]:
    """The tours: each page is one visit through its views in VIEW_ORDER; a view that changes the
    page (a check of order >= CHANGES_PAGE) ends its visit, so a view after it opens the page again."""
    out: list[tuple[View, ...]] = []
    for page_id in dict.fromkeys(v.page_id for v in wanted):
        current: list[View] = []
        for scheme, width in VIEW_ORDER:
            view = View(page_id, width, scheme)
            if view not in wanted:
                continue
            current.append(view)
            if max(CHECKS[n].order for n in wanted[view]) >= CHANGES_PAGE:
                out.append(tuple(current))
                current = []
        if current:
            out.append(tuple(current))
    return out


def wanted_views(items) -> dict[View, set[str]]:
    """The views and checks the selected tests read, in their order: a test's `tour` marker names
    its check, its `page`, `width` and `scheme` parameters the view (desktop and light if absent)."""
    wanted: dict[View, set[str]] = {}
    for item in items:
        marker = item.get_closest_marker("tour")
        if marker is None:
            continue
        params = item.callspec.params
        view = View(params["page"].id, params.get("width", "desktop"), params.get("scheme", "light"))
        wanted.setdefault(view, set()).add(marker.args[0])
    return wanted
