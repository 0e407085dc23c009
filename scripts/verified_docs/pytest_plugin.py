"""The engine's pytest plugin (entry point `pytest11`): every page is collected and checked.

`pytest docs/rocm.es.md` collects one page; its items are
    docs/<page>.<lang>.md::read              the page reads into blocks, its bench placeholders resolve
    docs/<page>.<lang>.md::run               its run-tier blocks execute (the page's notebook, in a
                                             kernel) and print their recorded outputs
    docs/<page>.<lang>.md::gpu | ::network   the same for those tiers, where a GPU / --online exists
    docs/<page>.<lang>.md::resolve[line N]   one install line, resolved with pip --dry-run
    docs/<page>.<lang>.md::static[line N]    one block CI does not execute (gpu, network, lint):
                                             its syntax, names and imports, checked offline (static.py)
Each item carries its tier as a marker (`-m gpu`). Tiers come from tiers.py.

Page executions are started when collection ends, up to --page-jobs at a time, each in its own
process; an item waits for its own. The `site` fixture builds the site only after every selected
page has run, because the pages' records are what the site's stamps show — a dependency, not an
ordering of tests.
"""

from __future__ import annotations

import ast
import functools
import gc
import json
import os
import resource
import shutil
import subprocess
import tempfile
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest

from . import build, checks, execute, reading_time, records, shards, site_build, static, translation_proof, verdict_cache
from .figures import FigureError
from .pages import Page, PageError, load_page, readable_pages
from .project import BUILD, DOCS, ROOT, default_language, quick_gc, rel
from .tiers import CI_TIER, TIERS
from .translations import source_of


def pytest_addoption(parser):
    group = parser.getgroup("verified_docs", "verified pages")
    group.addoption(
        "--record-outputs",
        action="store_true",
        help="write each run-tier block's output into its recorded file instead of comparing",
    )
    group.addoption(
        "--cached",
        action="store_true",
        help="skip a page whose content, engine and packages are unchanged since it passed (make test-fast)",
    )
    group.addoption("--online", action="store_true", help="also run the network tier (real downloads)")
    group.addoption(
        "--shard-dir",
        type=Path,
        metavar="DIR",
        help="a shard of a split run (pytest-split): leave in DIR the page records and executed "
        "notebooks this run made, for the final job's merge (verified_docs.shards)",
    )
    group.addoption(
        "--page-jobs",
        type=int,
        default=min(2, os.cpu_count() or 1),
        help="pages executed at once (default: 2, or 1 on a one-core machine)",
    )


def one_ast_parse_at_a_time() -> None:
    """Python 3.11 keeps the AST converter's recursion counter per interpreter, not per thread, so
    ast.parse in two threads at once can fail with "SystemError: AST constructor recursion depth
    mismatch" (python/cpython#106905). This session parses in several (the static checks' pool, the
    tests' thread), and a static check failed so once, in a fresh clone's `.ci/run` here. One lock
    around ast.parse, for every caller in this process."""
    if getattr(ast.parse, "one_at_a_time", False):
        return
    parse, lock = ast.parse, threading.RLock()

    @functools.wraps(parse)
    def locked_parse(*args, **kwargs):
        with lock:
            return parse(*args, **kwargs)

    locked_parse.one_at_a_time = True
    ast.parse = locked_parse


def pytest_configure(config):
    quick_gc().tune()  # this process's collector as its page processes have it: same verdicts, less time
    one_ast_parse_at_a_time()
    for tier in TIERS.values():
        config.addinivalue_line("markers", f"{tier.name}: {tier.marker_help}")
    config.addinivalue_line(
        "markers",
        f"{verdict_cache.INDEPENDENT}: an engine test that reads none of this checkout's pages (docs/*.md, "
        "snippets/): --cached keys it without them, and it fails if it opens one",
    )
    config.addinivalue_line(
        "markers",
        f"{verdict_cache.WHOLE_SEARCH_INDEX}: a test of one page that reads every page's search entries (it searches), "
        "so its --cached verdict is keyed by the whole index, not by its page's entries",
    )
    config.addinivalue_line(
        "markers",
        "site: needs the built site, so runs after every selected page (given to each "
        "test that uses the `site` fixture; a sharded run's final job runs `-m site`)",
    )
    out = config.getoption("--shard-dir")
    if out and out.exists() and any(out.iterdir()):  # a shard's folder holds that shard's run only
        raise pytest.UsageError(f"--shard-dir {out} is not empty: remove it first (make test-shard does)")
    config.pluginmanager.register(Scheduler(config), "verified_docs_scheduler")


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session):
    gc.freeze()  # what collection built lives to the end: the collector stops walking it again and again


def pytest_collect_file(file_path: Path, parent):
    # Every Markdown file under docs/ is a page: one whose name is not <slug>.<lang>.md fails its
    # ::read item, as it fails `mkdocs build`.
    if file_path.suffix == ".md" and file_path.resolve().is_relative_to(DOCS):
        return PageFile.from_parent(parent, path=file_path)
    return None


# ------------------------------------------------------------------------------ collection


class PageFile(pytest.File):
    def collect(self):
        try:
            page = load_page(self.path, missing_outputs_ok=self.config.getoption("--record-outputs"))
            build.with_figures(page)  # unknown bench keys fail here as in `mkdocs build`
        except (PageError, FigureError) as exc:
            yield ReadItem.from_parent(self, name="read", error=str(exc))
            return
        yield ReadItem.from_parent(self, name="read", error=None)
        for tier in TIERS.values():
            blocks = [b for b in page.blocks if b.tier == tier.name]
            if not blocks:
                continue
            if tier.check == "execute":
                item = PageRunItem.from_parent(self, name=tier.name, page=page, tier=tier.name)
                item.add_marker(tier.name)
                yield item
            if tier.check == "resolve":
                for block in blocks:
                    item = BlockItem.from_parent(self, name=f"{tier.name}[line {block.lineno}]", page=page, block=block)
                    item.add_marker(tier.name)
                    yield item
        for block in filter(static.not_executed, page.blocks):
            item = StaticItem.from_parent(self, name=f"static[line {block.lineno}]", page=page, block=block)
            item.add_marker(block.tier)
            yield item


class Failed(Exception):
    pass


class VerifiedItem(pytest.Item):
    def repr_failure(self, excinfo):
        if excinfo.errisinstance(Failed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def fail(self, message: str):
        raise Failed(f"{message}\n{execute.rerun_hint(self.nodeid)}")


class ReadItem(VerifiedItem):
    """The page reads into blocks: every fence a tier and an include, every option and key known."""

    def __init__(self, *, error: str | None, **kw):
        super().__init__(**kw)
        self.error = error

    def runtest(self):
        if self.error:
            self.fail(self.error)

    def reportinfo(self):
        return self.path, None, f"{rel(self.path)}: read"


class PageRunItem(VerifiedItem):
    """One page's blocks of one executed tier, run once in page order (the page's notebook)."""

    def __init__(self, *, page: Page, tier: str, **kw):
        super().__init__(**kw)
        self.page, self.tier = page, tier

    def reportinfo(self):
        return self.path, None, f"{rel(self.path)}: {self.tier} tier"

    @property
    def original_id(self) -> str | None:
        """A translation's run: its original's run item, whose run may prove it (translation_proof)."""
        if self.tier != CI_TIER or self.page.lang == default_language():
            return None
        return f"{rel(source_of(self.page))}::{self.tier}"

    def run_and_check(self, environ: dict | None = None):
        """The background job: run the page (in `environ`, os.environ when None), compare its
        outputs and, when it passed, write its record (the stamp the site shows) before the job
        counts as done."""
        started = time.perf_counter()
        record = self.config.getoption("--record-outputs")
        try:
            blocks, results, stderr = execute.run_page_tier(self.page, self.tier, quick_gc=not record, environ=environ)
            problems = execute.check_outputs(blocks, results, stderr, record, self.nodeid)
        except execute.RunnerDied as exc:
            blocks, results, problems, record = [], [], [f"{exc}\n{execute.rerun_hint(self.nodeid)}"], False
        except Exception as exc:  # noqa: BLE001 - reported by the item, with the page named
            blocks, results, problems, record = [], [], [f"{rel(self.path)}: the run could not be checked: {exc!r}"], False
        seconds = time.perf_counter() - started
        if self.tier == CI_TIER:
            if problems:
                records.forget(self.page)
            elif not record:
                records.write_passed(self.page, seconds=seconds)
        return seconds, blocks, results, problems

    def runtest(self):
        scheduler: Scheduler = self.config.pluginmanager.get_plugin("verified_docs_scheduler")
        outcome = scheduler.outcome(self)
        if isinstance(outcome, str):
            pytest.skip(outcome)
        if isinstance(outcome, Exception):
            raise Failed(f"{rel(self.path)}: {outcome!r}")
        _, blocks, results, problems = outcome
        if problems:
            raise Failed("\n\n".join(problems))
        for block, res in zip(blocks, results):
            if not TIERS[self.tier].compare:
                print(f"--- {block.where}\n{res['stdout']}")  # shown with -s; depends on the machine


class BlockItem(VerifiedItem):
    """One install line of the resolve tier."""

    def __init__(self, *, page: Page, block, **kw):
        super().__init__(**kw)
        self.page, self.block = page, block

    def reportinfo(self):
        return self.path, self.block.lineno - 1, f"{rel(self.path)}: {self.block.tier} block at line {self.block.lineno}"

    def runtest(self):
        scheduler: Scheduler = self.config.pluginmanager.get_plugin("verified_docs_scheduler")
        problem = scheduler.outcome(self)
        if isinstance(problem, Exception):
            raise Failed(f"{self.block.where}: the check could not run: {problem!r}")
        if problem and problem.startswith("cache hit"):
            pytest.skip(problem)
        if problem:
            self.fail(problem)


class StaticItem(VerifiedItem):
    """One block CI does not execute, checked offline; the page's blocks are checked together
    (one namespace, one import probe), in the background, and each item reports its own."""

    def __init__(self, *, page: Page, block, **kw):
        super().__init__(**kw)
        self.page, self.block = page, block

    def reportinfo(self):
        return (
            self.path,
            self.block.lineno - 1,
            f"{rel(self.path)}: static check of the {self.block.tier} block at line {self.block.lineno}",
        )

    def runtest(self):
        scheduler: Scheduler = self.config.pluginmanager.get_plugin("verified_docs_scheduler")
        outcome = scheduler.static_outcome(self.page)
        if isinstance(outcome, str):
            pytest.skip(outcome)
        if isinstance(outcome, Exception):
            raise Failed(f"{self.block.where}: the static check could not run: {outcome!r}")
        if outcome.get(self.block.lineno):
            self.fail(outcome[self.block.lineno])


# ------------------------------------------------------------------------------ scheduling


def _resolve_line(block, environ: dict | None = None) -> str | None:
    try:
        with tempfile.TemporaryDirectory() as tmp:
            return checks.resolve_problem(block, Path(tmp), environ)
    except checks.MissingTool as exc:  # the Python the page states is not installed: say which
        return f"{block.where}: {exc}"
    except subprocess.TimeoutExpired:
        return (
            f"{block.where}: pip did not resolve the line within {checks.RESOLVE_TIMEOUT_S} s (is the package index reachable?)"
        )


def _record_resolution(page: Page, block, first, problem: str | None, store=records) -> str | None:
    """A line resolved once for every block that has it (a translation's install line is the
    original's): each block's record, and its problem under its own name."""
    if problem and first is not block:
        problem = problem.replace(first.where, block.where, 1)
    kind = f"resolve.{block.lineno}"
    if problem:
        store.forget(page, kind)
    else:
        store.write_passed(page, kind, key=records.resolve_key(block))
    return problem


def _static(page: Page) -> dict:
    found = static.page_problems(page)
    if any(found.values()):
        records.forget(page, "static")
    else:
        records.write_passed(page, "static")
    return found


# How long a page's run may take alone on the 2-core CI machine (DEVELOPERS.md): a measured figure
# the summary marks, not a timed assertion (a loaded machine would fail it for no fault of the page).
RUN_BUDGET_S = {None: 90, "lesson-5-6-1": 150}


def machine_cpu(stat: Path = Path("/proc/stat")) -> tuple[float, float] | None:
    """(busy, total) CPU seconds of the whole machine since it booted, every process counted (Linux's
    /proc/stat); None where there is no such file. pytest's own rusage misses the processes no
    process of its own waits for (Chromium's renderers: a probe of three page loads counted 6 s of
    CPU where sampling /proc saw 12), and the cores are shared with all of them."""
    try:
        fields = [int(v) for v in stat.read_text().split("\n", 1)[0].split()[1:]]
    except (OSError, ValueError):
        return None
    tick = os.sysconf("SC_CLK_TCK")
    user, nice, system, idle, iowait, irq, softirq, steal = (fields + [0] * 8)[:8]
    busy = user + nice + system + irq + softirq  # guest time is already inside user and nice
    return busy / tick, (busy + idle + iowait + steal) / tick  # steal: the host's, not ours


class Scheduler:
    """Starts every selected page execution and install resolution when collection ends."""

    def __init__(self, config):
        self.config = config
        self.began = time.time()  # records this session writes are newer (the stamp test checks)
        self.machine_began = machine_cpu()  # the session line's whole-machine figure
        # The environment the install lines resolve in, taken before any test runs: they resolve on
        # the resolvers' threads while tests of the main thread set variables of their own.
        self.environ = dict(os.environ)
        jobs = max(1, config.getoption("--page-jobs"))
        self.pool = ThreadPoolExecutor(max_workers=jobs)
        self.resolvers = ThreadPoolExecutor(max_workers=2)
        execute.share_cores(jobs)
        # The session's JAX compilation folder, unless one is already shared (a pytest this session
        # starts, or a scheduler a test makes): only the one who made it removes it.
        self.compilations = None
        if not os.environ.get("VERIFIED_DOCS_JAX_CACHE"):
            self.compilations = Path(tempfile.mkdtemp(prefix="verified-docs-jax-"))
            execute.share_compilations(self.compilations)
        # The environment every page run starts from, taken when the runs are scheduled: a variable
        # a test of the main thread sets meanwhile (monkeypatch) is that test's, not the pages'.
        self.page_environ: dict | None = None
        self.interpreters: list = []  # warm interpreters this session started (_warm_up)
        self.interpreters_dir: Path | None = None
        self.warm_logs: dict[str, list[str]] = {}  # engine -> its warm interpreter's log lines
        self.futures: dict[str, Future] = {}
        self.static: dict[str, Future] = {}  # page path -> its static check (static.page_problems)
        self.lines: dict[tuple, tuple] = {}  # install line -> (first block with it, its resolution)
        self.skips: dict[str, str] = {}
        self.times: list[tuple[float, str, str]] = []
        self.block_times: list[tuple[float, str]] = []  # (seconds, block) of every block run: where to cut
        self.pages_ended: float | None = None  # when the last page run of this session ended (time.time())
        self._ending = threading.Lock()  # page runs end on the pool's threads
        self.ran: list[Page] = []  # pages whose CI tier this session executed
        self.proven: dict[str, str] = {}  # a translation's run item -> its original's, whose run proves it
        self.unproven: dict[str, str] = {}  # a translation's run item that runs itself -> why
        self.why_ran: dict[str, str] = {}  # under --cached, a page run that was not reused -> why
        self.beside_tests = False  # engine tests run in this session, sharing the cores with the pages
        # What resolves a line and where its verdict is kept: attributes, so that a test can give
        # its own scheduler fakes without patching the module the running session uses.
        self.resolve_line, self.records = _resolve_line, records

    def _timed(self, item):
        outcome = item.run_and_check(self.page_environ)
        self.times.append((outcome[0], item.nodeid, ""))
        with self._ending:
            self.pages_ended = max(self.pages_ended or 0.0, time.time())
        _, blocks, results, _ = outcome
        self.block_times += [(r["seconds"], b.where) for b, r in zip(blocks, results) if r.get("seconds")]
        return outcome

    def skip_reason(self, item) -> str | None:
        cached = self.config.getoption("--cached") and not self.config.getoption("--record-outputs")
        if isinstance(item, PageRunItem):
            requires = TIERS[item.tier].requires
            if requires == "gpu":
                reason = checks.gpu_visible()
                if reason:
                    return f"{rel(item.page.path)} [{item.page.lang}]: {reason}"
            if requires == "online" and not self.config.getoption("--online"):
                return f"{rel(item.page.path)} [{item.page.lang}]: the network tier runs only with --online (make test-online)"
            if cached and item.tier == CI_TIER:
                hit = records.unchanged_since_passed(item.page)
                if hit:
                    return f"cache hit: {item.page.id} unchanged since it passed on {hit['date']}"
                self.why_ran[item.nodeid] = records.why_not_reused(item.page)
        if isinstance(item, BlockItem) and cached:
            hit = records.unchanged_since_passed(item.page, f"resolve.{item.block.lineno}", key=records.resolve_key(item.block))
            if hit:
                return f"cache hit: {item.block.where} resolved before with the same line and environment"
        return None

    @pytest.hookimpl(trylast=True)
    def pytest_collection_finish(self, session):
        if session.config.option.collectonly:
            return
        self.beside_tests = any(item.nodeid.startswith("tests/") for item in session.items)  # they share the cores
        runs = []
        for item in session.items:
            if isinstance(item, StaticItem) and str(item.page.path) not in self.static:
                self.static[str(item.page.path)] = self._submit_static(item.page)
            elif isinstance(item, PageRunItem) or (isinstance(item, BlockItem) and TIERS[item.block.tier].check == "resolve"):
                reason = self.skip_reason(item)
                if reason:
                    self.skips[item.nodeid] = reason
                elif isinstance(item, PageRunItem):
                    runs.append(item)
                else:  # pip's resolver mostly waits on the index: its own pool, not a page's core
                    self.futures[item.nodeid] = self._submit_resolution(item.page, item.block)
        runs, proofs = self._prove_translations(runs)
        runs = longest_first(runs, lambda item: records.read(item.page, item.tier), durations_file())
        self._warm_up(runs)
        self.page_environ = dict(os.environ)
        for item in runs:
            self.futures[item.nodeid] = self.pool.submit(self._timed, item)
            if item.tier == CI_TIER:
                self.ran.append(item.page)
        for item, original in proofs:
            self.futures[item.nodeid] = self._proven_by(item, original)

    def _warm_up(self, runs: list) -> None:
        """Warm interpreters for the pages' programs (execute.share_interpreters), unless this session
        records (a reader's processes), runs no page, or one started it (a pytest a test starts)."""
        if runs and not self.config.getoption("--record-outputs") and not os.environ.get(execute.WARM_START.WARM):
            self.interpreters_dir = Path(tempfile.mkdtemp(prefix="verified-docs-warm-"))
            self.interpreters = execute.share_interpreters(self.interpreters_dir)
            os.environ[execute.WARM_START.WARM] = str(self.interpreters_dir)  # for execute.runner_env

    def _prove_translations(self, runs: list) -> tuple[list, list]:
        """Split the runs into those that execute and the translations that their original's run,
        in this session, proves (translation_proof): [(translation's item, original's item)]."""
        if self.config.getoption("--record-outputs"):  # a recording is made only by running
            return runs, []
        by_page = {str(item.page.path): item for item in runs if item.tier == CI_TIER}
        keep, proofs = [], []
        for item in runs:
            original = translation_proof.original_of(item.page) if item.tier == CI_TIER else None
            if original is None:
                keep.append(item)
                continue
            twin = by_page.get(str(original.path))
            # Under --cached, an original unchanged since it passed proves as a run would: its
            # verdict is that run's, on the same inputs (records.unchanged_since_passed).
            twin_id = f"{rel(original.path)}::{CI_TIER}"
            hit = twin is None and self.skips.get(twin_id, "").startswith("cache hit")
            why = (
                f"{twin_id} is not part of this session"
                if twin is None and not hit
                else translation_proof.why_not(item.page, original)
            )
            if why:
                self.unproven[item.nodeid] = why
                keep.append(item)
            elif hit:
                self.proven[item.nodeid] = f"{twin_id}, unchanged since it passed"
                self.why_ran.pop(item.nodeid, None)
                on_record = self.records.read(original)  # the run that proves it, and its stamp's date
                self.records.write_passed(item.page, seconds=on_record["seconds"], through=original, date=on_record["date"])
                self.futures[item.nodeid] = done = Future()
                done.set_result((0.0, [], [], []))
            else:
                self.proven[item.nodeid] = twin.nodeid
                proofs.append((item, twin))
        return keep, proofs

    def _proven_by(self, item, original) -> Future:
        """The translation's outcome once its original's run is done: passed with it (its record
        says through which page) or failed naming it."""
        mine: Future = Future()

        def done(f: Future):
            try:
                seconds, _, _, problems = f.result()
            except Exception as exc:  # noqa: BLE001 - the original's item reports its own
                problems = [repr(exc)]
            if problems:
                self.records.forget(item.page)
                mine.set_result(
                    (
                        0.0,
                        [],
                        [],
                        [f"{item.nodeid} is proven by {original.nodeid} (the same programs: code parity), which failed"],
                    )
                )
            else:
                self.records.write_passed(item.page, seconds=seconds, through=original.page)
                mine.set_result((0.0, [], [], []))

        self.futures[original.nodeid].add_done_callback(done)
        return mine

    def _submit_resolution(self, page: Page, block) -> Future:
        """Each distinct install line (its commands, comments aside, and options) is resolved once;
        a block with the same line gets that answer as its own."""
        key = (checks.command_of(block.code), repr(sorted(block.options.items())))
        if key not in self.lines:
            self.lines[key] = (block, self.resolvers.submit(self.resolve_line, block, self.environ))
        first, line = self.lines[key]
        mine: Future = Future()

        def done(f: Future):
            try:
                mine.set_result(_record_resolution(page, block, first, f.result(), self.records))
            except Exception as exc:  # noqa: BLE001 - the item reports it
                mine.set_exception(exc)

        line.add_done_callback(done)
        return mine

    def outcome(self, item):
        """The item's result: a skip reason (str), an exception, or what its job returned."""
        if item.nodeid in self.skips:
            return self.skips[item.nodeid]
        if item.nodeid not in self.futures:
            return Failed(f"{item.nodeid} was not scheduled")
        try:
            return self.futures[item.nodeid].result()
        except Exception as exc:  # noqa: BLE001 - the item reports it
            return exc

    def verdict(self, page: Page) -> str | None:
        """What this session found of the page's CI run: "passed" (or unchanged since it passed,
        under --cached), "failed", or None when its run was not part of this session."""
        nodeid = f"{page.path.relative_to(ROOT).as_posix()}::{CI_TIER}"
        if self.skips.get(nodeid, "").startswith("cache hit"):
            return "passed"
        if nodeid not in self.futures:
            return None
        try:
            problems = self.futures[nodeid].result()[3]
        except Exception:  # noqa: BLE001 - the run's own item reports it
            return "failed"
        return "failed" if problems else "passed"

    def proven_by(self, page: Page) -> str | None:
        """The original (docs/<slug>.<lang>.md) whose run this session's passing verdict on the
        page rests on: the one that proved it in this session, or, for a cache hit, the one its
        record names (the cached verdict is that earlier run's, and so is the page's stamp)."""
        nodeid = f"{page.path.relative_to(ROOT).as_posix()}::{CI_TIER}"
        if nodeid in self.proven:
            return self.proven[nodeid].split("::")[0]
        if self.skips.get(nodeid, "").startswith("cache hit"):
            return self.records.proven_through(page)
        return None

    def _submit_static(self, page: Page) -> Future:
        if self.config.getoption("--cached") and (hit := records.unchanged_since_passed(page, "static")):
            done: Future = Future()
            done.set_result(f"cache hit: {page.id}'s static checks passed on {hit['date']} with the same page and environment")
            return done
        return self.resolvers.submit(_static, page)

    def static_outcome(self, page: Page):
        if str(page.path) not in self.static:  # collected without a session (e.g. --collect-only)
            self.static[str(page.path)] = self._submit_static(page)
        try:
            return self.static[str(page.path)].result()
        except Exception as exc:  # noqa: BLE001 - the item reports it
            return exc

    def wait_for_pages(self) -> None:
        for future in list(self.futures.values()):
            future.exception()

    def pytest_sessionfinish(self, session):
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.resolvers.shutdown(wait=False, cancel_futures=True)
        execute.stop_all()  # pages still running after -x or Ctrl-C; none after a full run
        if self.compilations:
            shutil.rmtree(self.compilations, ignore_errors=True)
        if self.interpreters_dir:
            os.environ.pop(execute.WARM_START.WARM, None)
            self.warm_logs = execute.stop_interpreters(self.interpreters, self.interpreters_dir)
            shutil.rmtree(self.interpreters_dir, ignore_errors=True)
        if out := self.config.getoption("--shard-dir"):
            files = shards.pack(out.resolve(), self.ran)
            session.config.get_terminal_writer().line(
                f"\nshard: {len(files)} record(s) and executed notebook(s) left in {rel(out)}"
            )

    def warm_lines(self) -> list[str]:
        """How many of the pages' programs started warm (execute.share_interpreters), per engine,
        and why the others started cold."""
        lines = []
        for engine, log in self.warm_logs.items():
            warm = sum(line.startswith("warm: ") for line in log)
            refused = [line.removeprefix("cold: ") for line in log if line.startswith("cold: ")]
            cold = sorted(set(refused))
            if engine == "cold":
                lines.append(f"  not sent to a warm interpreter: {len(refused)} program(s), started cold")
            else:
                lines.append(f"  warm interpreter {engine}: {warm} program(s) started from it, {len(refused)} cold")
            lines += [f"    cold: {line.replace(f'{ROOT}/', '')}" for line in cold]
            lines += [f"    {line}" for line in log if line.startswith("note: ")]
        return lines

    def session_line(self, now: float, machine: tuple[float, float] | None = None) -> str:
        """Where the session's time went, for the 8-minute budget of `make test` (DEVELOPERS.md): how
        long the page runs took from its start, what came after them (the site phase), and the CPU
        spent, which is what the cores run out of when everything runs at once. `machine`: the
        machine's (busy, total) CPU seconds now, read from /proc/stat when not given."""
        cpu = sum(
            usage.ru_utime + usage.ru_stime
            for usage in (resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN))
        )
        pages = (self.pages_ended or now) - self.began
        line = (
            f"  session: the page runs ended {pages:.0f} s after its start, {now - self.began:.0f} s in all "
            f"(the rest is the site phase); {cpu:.0f} s of CPU in pytest and the processes it waited for"
        )
        end = machine_cpu() if machine is None else machine
        if self.machine_began and end:
            busy, total = (b - a for a, b in zip(self.machine_began, end))
            # What the cores had to give: busy near all of it, only less CPU shortens the session.
            line += (
                f"; the machine's {os.cpu_count()} cores were busy {busy / max(total, 1e-9):.0%} of the time "
                f"({busy:.0f} s of CPU, every process counted)"
            )
        return line

    def pytest_terminal_summary(self, terminalreporter):
        if self.times:
            terminalreporter.section("page execution times (slowest first), against each page's budget")
            # Beside another page or the engine's tests, a page's time is not its time alone.
            shared = len(self.times) > 1 or self.beside_tests
            for seconds, nodeid, _ in sorted(self.times, reverse=True):
                budget = RUN_BUDGET_S.get(nodeid.split("/")[-1].split(".")[0], RUN_BUDGET_S[None])
                # The budget is for a page alone: timed beside other work, over it only asks for a timing alone.
                over = f'over {budget} s here, sharing the cores; time it alone: .venv/bin/python -m pytest "{nodeid}"'
                mark = (over if shared else f"over its {budget} s budget") if seconds > budget else f"within {budget} s"
                terminalreporter.write_line(f"{seconds:7.1f} s  {nodeid}  ({mark})")
            terminalreporter.write_line(f"{sum(t for t, _, _ in self.times):7.1f} s  total, {self.pool._max_workers} at a time")
            if self.block_times:
                terminalreporter.write_line("  the slowest blocks (where a cut would pay):")
                for seconds, where in sorted(self.block_times, reverse=True)[:12]:
                    terminalreporter.write_line(f"  {seconds:7.1f} s  {where}")
            terminalreporter.write_line(self.session_line(time.time()))
            for line in self.warm_lines():
                terminalreporter.write_line(line)
        if self.times:
            terminalreporter.section(
                f"reading time at {reading_time.WORDS_PER_MINUTE} words a minute, code and outputs included; "
                "a stated target is held by tests/test_reading_path.py"
            )
            for line in reading_time.report(readable_pages()):
                terminalreporter.write_line(line)
        if self.proven or self.unproven:
            terminalreporter.section("translations: proven by their original's run, or run themselves")
            for nodeid, original in sorted(self.proven.items()):
                terminalreporter.write_line(f"  proven   {nodeid}  by {original} (code parity, recordings translated)")
            for nodeid, why in sorted(self.unproven.items()):
                terminalreporter.write_line(f"  ran      {nodeid}: {why}")
        hits = [r for r in self.skips.values() if r.startswith("cache hit")]
        if hits or self.config.getoption("--cached"):
            skipped = [str(r.longrepr) for r in terminalreporter.stats.get("skipped", [])]
            site_hits = sum("same built site" in r for r in skipped)
            engine_hits = sum("same checkout" in r for r in skipped)
            terminalreporter.write_line(
                f"content-hash cache: {len(hits)} page run(s) or install resolutions, {site_hits} site test(s) "
                f"and {engine_hits} engine test(s) reused (unchanged since they passed)"
            )
            for nodeid, why in sorted(self.why_ran.items()):
                terminalreporter.write_line(f"  ran {nodeid}: {why}")


# ------------------------------------------------------------------------------ fixtures


@pytest.fixture(scope="session")
def site(request) -> Path:
    """The site built with `mkdocs build --strict`, once, after every selected page has run."""
    request.config.pluginmanager.get_plugin("verified_docs_scheduler").wait_for_pages()
    out = BUILD / "site-test"
    shutil.rmtree(out, ignore_errors=True)
    proc = site_build.mkdocs_build("--site-dir", str(out))
    if proc.returncode != 0:
        pytest.fail(f"mkdocs build --strict failed:\n{proc.stderr[-6000:]}", pytrace=False)
    request.config._verified_site_files = site_build.file_digests(out)
    request.config._verified_search_parts = site_build.search_index_parts(out)
    return out


@pytest.fixture(autouse=True)
def _skip_unchanged_test(request):
    if not request.config.getoption("--cached"):
        return
    if "site" not in request.fixturenames:
        key = verdict_cache.engine_test_key(request.node)
        if key and verdict_cache.verdicts(verdict_cache.TEST_CACHE).get(request.node.nodeid) == key:
            pytest.skip("cache hit: passed before on this same checkout")
        return
    request.getfixturevalue("site")
    if verdict_cache.cached_site_test(request.node):
        pytest.skip("cache hit: passed before on this same built site")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    if item.get_closest_marker(verdict_cache.INDEPENDENT) is None:
        return (yield)
    with verdict_cache.pages_opened() as opened:
        result = yield
    if opened:
        pytest.fail(
            f"{item.nodeid} is marked {verdict_cache.INDEPENDENT} (make test-fast reuses its verdict when a page "
            f"changes) but opened {', '.join(sorted(set(opened))[:3])}"
            + (f" and {len(set(opened)) - 3} more" if len(set(opened)) > 3 else "")
            + ": remove the marker",
            pytrace=False,
        )
    return result


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and isinstance(item, PageRunItem):
        # The page ran in the background; its item only waited. Its duration is the run's own, for
        # --durations and for pytest-split's .test_durations (how shards are balanced).
        done = item.config.pluginmanager.get_plugin("verified_docs_scheduler").outcome(item)
        if isinstance(done, tuple):
            report.duration = done[0]
    if report.when == "call" and (key := verdict_cache.engine_test_key(item)):
        verdict_cache.remember(verdict_cache.TEST_CACHE, item.nodeid, key, report.passed)
    if report.when == "call" and "site" in getattr(item, "fixturenames", ()):
        verdict_cache.remember(verdict_cache.SITE_CACHE, item.nodeid, verdict_cache.site_test_key_of(item), report.passed)


@pytest.hookimpl(tryfirst=True)
def pytest_itemcollected(item):
    if "site" in getattr(item, "fixturenames", ()):
        item.add_marker("site")


def follow_originals(collected: list, selected: list) -> tuple[list, list]:
    """A shard's items (pytest-split's `selected`, out of `collected`) with every translation's run
    in the shard of its original's run, so that the original's run proves it there as it does in
    one session (the stamps of a sharded run are an unsharded run's). Returns (added, removed)."""
    chosen = {item.nodeid for item in selected}
    known = {item.nodeid for item in collected}
    added, removed = [], []
    for item in collected:
        original = getattr(item, "original_id", None)
        if original is None or original not in known:
            continue  # an original, or a translation whose original is not collected: where pytest-split put it
        if original in chosen and item.nodeid not in chosen:
            added.append(item)
        elif original not in chosen and item.nodeid in chosen:
            removed.append(item)
    return added, removed


def longest_first(runs: list, record_of, durations: dict) -> list:
    """Page runs, longest first, so that no long page starts last: by the last passing run here
    (its record), or, in a fresh clone, by the committed .test_durations; an unmeasured page first."""
    return sorted(runs, key=lambda item: -((record_of(item) or {}).get("seconds") or durations.get(item.nodeid) or 1e9))


def durations_file() -> dict:
    """pytest-split's committed durations (`make durations`), by node id; empty if it is missing."""
    path = ROOT / ".test_durations"
    return json.loads(path.read_text()) if path.is_file() else {}


@pytest.hookimpl(hookwrapper=True)
def pytest_collection_modifyitems(session, config, items):
    collected = list(items)
    yield  # pytest's own -m/-k selection, then pytest-split's share of this shard
    if getattr(config.option, "splits", None):
        added, removed = follow_originals(collected, items)
        gone = {id(item) for item in removed}
        items[:] = [item for item in items if id(item) not in gone] + added
        if removed:
            config.hook.pytest_deselected(items=removed)

    # Only for speed: what does not need the site runs while the pages execute in the background.
    def order(item):
        if "site" in getattr(item, "fixturenames", ()):
            return 2
        return 1 if isinstance(item, (PageRunItem, BlockItem, StaticItem)) else 0

    items.sort(key=order)
