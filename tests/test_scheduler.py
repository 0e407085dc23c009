"""The engine's scheduler does repeated work once, and only work that is really the same."""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path
from types import SimpleNamespace

from verified_docs import pytest_plugin, verdict_cache
from verified_docs.project import ROOT


def block(page: str, line: int, code: str, **options):
    return SimpleNamespace(
        code=code,
        options=options,
        lineno=line,
        where=f"docs/{page}.md [{page[-2:]}], block at line {line} (snippets/{page}/{line}.sh)",
    )


def test_an_install_line_resolves_in_the_sessions_environment_not_a_tests(monkeypatch):
    """Install lines resolve on the resolvers' threads while the tests run: a variable a test sets
    meanwhile (monkeypatch) does not reach them. The block's own shell says what it saw."""
    scheduler = pytest_plugin.Scheduler(SimpleNamespace(getoption={"--page-jobs": 1}.get))
    monkeypatch.setenv("A_TESTS_OWN_VARIABLE", "set after the session began")
    scheduler.records = SimpleNamespace(write_passed=lambda *a, **k: None, forget=lambda *a, **k: None)
    probe = block(
        "v.es",
        9,
        'test -z "$A_TESTS_OWN_VARIABLE" || { echo "saw $A_TESTS_OWN_VARIABLE" >&2; exit 1; }\npip install --help > /dev/null\n',
    )
    try:
        problem = scheduler._submit_resolution("v.es", probe).result(timeout=120)
    finally:
        scheduler.resolvers.shutdown()
        scheduler.pool.shutdown()
    assert problem is None, f"an install line resolved in a test's environment: {problem}"


def test_an_install_line_is_resolved_once_for_every_block_that_has_it():
    resolved, written = [], []
    lock = threading.Lock()

    def resolve(b, environ=None):
        with lock:
            resolved.append(b.where)
        return f"{b.where}: install line does not resolve" if "bad" in b.code else None

    scheduler = pytest_plugin.Scheduler(SimpleNamespace(getoption={"--page-jobs": 1}.get))
    # The fakes go to this scheduler only: the session's own scheduler is recording real pages meanwhile.
    scheduler.resolve_line = resolve
    scheduler.records = SimpleNamespace(
        write_passed=lambda page, kind, key=None: written.append((page, kind)),
        forget=lambda page, kind=None: written.append((page, "forgot " + kind)),
    )
    es, en = block("x.es", 10, "pip install bad==1\n"), block("x.en", 12, "pip install bad==1\n")
    other = block("y.en", 12, "pip install bad==1\n", python="3.13")  # same text, another Python: its own check
    fine = block("z.es", 3, "# lo que hace falta\npip install good==1 \\\n    'two#2'  # y esto\n")
    # A translation's line: its comments in its own language, the same command (a quoted # is no comment).
    translated = block("z.en", 4, "# what it needs\npip install good==1 \\\n    'two#2'  # and this\n")
    changed = block("w.en", 5, "# lo que hace falta\npip install good==1 \\\n    'two#3'  # y esto\n")
    # A heredoc's text is data, not a comment: the same lines with other comments are one command.
    doc = "# {}\ncat > req.txt <<'END'\ngood==1  # {}\nEND\npip install -r req.txt\n"
    heredoc, heredoc_en = block("h.es", 6, doc.format("es", "kept")), block("h.en", 7, doc.format("en", "kept"))
    heredoc_other = block("g.en", 8, doc.format("en", "other"))
    submitted = [("x.es", es), ("x.en", en), ("y.en", other), ("z.es", fine), ("z.en", translated), ("w.en", changed)]
    submitted += [("h.es", heredoc), ("h.en", heredoc_en), ("g.en", heredoc_other)]
    futures = [scheduler._submit_resolution(page, b) for page, b in submitted]
    problems = [f.result(timeout=30) for f in futures]
    scheduler.resolvers.shutdown()
    scheduler.pool.shutdown()
    assert sorted(resolved) == sorted([es.where, other.where, fine.where, changed.where, heredoc.where, heredoc_other.where]), (
        resolved
    )
    assert problems[0].startswith(es.where) and problems[1].startswith(en.where), problems  # each names its own block
    assert problems[2].startswith(other.where) and problems[3] is None and problems[4] is None
    assert ("x.en", "forgot resolve.12") in written and ("z.es", "resolve.3") in written and ("z.en", "resolve.4") in written


def test_a_cached_site_test_reruns_when_what_it_runs_with_changes(tmp_path):
    """Under --cached a site test is skipped only when nothing it depends on changed: the site,
    its module, its folder's conftest.py and helpers, axe-core's lock and the browser's build."""
    (tmp_path / "tests").mkdir()
    test_file = tmp_path / "tests" / "test_x.py"
    test_file.write_text("def test_x(site): pass\n")
    (tmp_path / "tests" / "conftest.py").write_text("# fixtures\n")
    (tmp_path / "package-lock.json").write_text('{"axe-core": "4.10.0"}\n')

    def key(**kw):
        args = dict(site_hash="s1", nodeid="tests/test_x.py::test_x", test_file=test_file, root=tmp_path, browser="140.0.1.2")
        return verdict_cache.site_test_key(**(args | kw))

    before = key()
    assert key() == before, "the same inputs gave another key: every cached site test would rerun"
    assert key(site_hash="s2") != before, "a rebuilt site kept the cached verdicts"
    assert key(browser="141.0.1.2") != before, "another browser build kept the cached verdicts"
    (tmp_path / "package-lock.json").write_text('{"axe-core": "4.11.0"}\n')
    assert key() != before, "a new axe-core (package-lock.json) kept the cached verdicts"
    changed = key()
    (tmp_path / "tests" / "conftest.py").write_text("# fixtures, changed\n")
    assert key() != changed, "a changed tests/conftest.py kept the cached verdicts"


def test_a_cached_engine_test_reruns_when_any_file_of_the_checkout_changes(tmp_path):
    """Under --cached an engine test (no built site) is skipped only on a checkout whose every
    file git knows of is the same: a tracked file edited or an untracked one added changes the
    key; an ignored file (build output) does not."""
    import subprocess

    def git(*args):
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)

    git("init", "-q")
    (tmp_path / ".gitignore").write_text("build/\n")
    (tmp_path / "page.md").write_text("# one\n")
    git("add", ".")

    def key():
        verdict_cache.checkout_hash.cache_clear()
        return verdict_cache.checkout_hash(tmp_path)

    before = key()
    assert before and key() == before, "the same checkout gave another key: every cached engine test would rerun"
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "out.json").write_text("{}")
    assert key() == before, "an ignored build output reran the engine tests"
    (tmp_path / "page.md").write_text("# two\n")
    assert key() != before, "an edited tracked file kept the cached verdicts"
    (tmp_path / "page.md").write_text("# one\n")
    (tmp_path / "new_snippet.py").write_text("print(1)\n")
    assert key() != before, "a new untracked file kept the cached verdicts"
    verdict_cache.checkout_hash.cache_clear()  # the session's own key is computed afresh


def test_a_page_site_tests_key_holds_its_page_and_what_no_page_owns():
    """A one-page change reruns that page's site tests only: a page test's site hash holds its own
    folders (every language) and the files no page owns, not the other pages' HTML."""
    from verified_docs.site_build import site_hash

    files = {
        "uno/index.html": "u1",
        "en/uno/index.html": "ue1",
        "dos/index.html": "d1",
        "index.html": "i1",
        "search/search_index.json": "s1",
        "assets/site.css": "c1",
    }
    mine, pages = frozenset({"uno", "en/uno"}), frozenset({"uno", "en/uno", "dos", "en/dos", "", "en"})
    before = site_hash(files, mine, pages)
    assert site_hash(files | {"dos/index.html": "d2", "index.html": "i2"}, mine, pages) == before, (
        "another page's HTML changed a page test's site hash: a one-page change reruns every page's site tests"
    )
    for name in ["en/uno/index.html", "search/search_index.json", "assets/site.css"]:
        assert site_hash(files | {name: "changed"}, mine, pages) != before, f"a changed {name} kept the page's cached verdicts"
    assert site_hash(files | {"en/uno/uno.ipynb": "n"}, mine, pages) != before, "a new file of the page kept its verdicts"
    assert site_hash(files) != site_hash(files | {"dos/index.html": "d2"}), "a site-wide test missed a page's change"


def test_pages_start_longest_first_by_their_record_else_by_the_committed_durations():
    """A fresh clone has no page records: .test_durations orders its runs, so the longest page does
    not start last and leave one core idle at the end; a record, where there is one, comes first."""
    run = lambda name: SimpleNamespace(nodeid=f"docs/{name}.es.md::run")  # noqa: E731
    runs = [run("short"), run("long"), run("new"), run("recorded")]
    records = {"docs/recorded.es.md::run": {"seconds": 70.0}}
    durations = {"docs/short.es.md::run": 20.0, "docs/long.es.md::run": 120.0, "docs/recorded.es.md::run": 5.0}
    order = pytest_plugin.longest_first(runs, lambda item: records.get(item.nodeid), durations)
    assert [item.nodeid.split("/")[1].split(".")[0] for item in order] == ["new", "long", "recorded", "short"]


def test_a_program_one_page_process_compiled_with_jax_is_loaded_not_compiled_by_the_next(tmp_path, monkeypatch):
    """The session's page processes share XLA's compiled programs (execute.share_compilations),
    small ones included: the first process keeps what it compiled, the next one compiles nothing new
    and prints the same."""
    import subprocess
    import sys

    from verified_docs.execute import runner_env

    folder = tmp_path / "compiled"
    monkeypatch.setenv("VERIFIED_DOCS_JAX_CACHE", str(folder))
    env = runner_env("run", tmp_path) | {"JAX_PLATFORMS": "cpu"}
    code = "import jax, jax.numpy as jnp; print(jax.jit(lambda x: jnp.tanh(x) * 3)(jnp.arange(4.0)).sum())"

    def run():
        proc = subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout, sorted(p.name for p in folder.rglob("*") if p.is_file()) if folder.exists() else []

    printed, kept = run()
    assert kept, f"a page's JAX process kept no compiled program in {folder}: JAX_COMPILATION_CACHE_DIR is not set from it"
    again, kept_again = run()
    assert again == printed and kept_again == kept, f"the next process compiled again: {sorted(set(kept_again) - set(kept))}"


def test_the_run_time_summary_tells_a_page_over_budget_alone_from_one_sharing_the_cores():
    """A page's budget is for its run alone: timed beside other work, the summary says so and gives
    the command that times it alone, instead of calling it over its budget."""
    options = {"--page-jobs": 2, "--cached": False, "--record-outputs": False}
    lines = []
    reporter = SimpleNamespace(section=lambda title: lines.append(title), write_line=lines.append, stats={})

    def summary(times, beside_tests):
        scheduler = pytest_plugin.Scheduler(SimpleNamespace(getoption=options.get))
        scheduler.times, scheduler.beside_tests = times, beside_tests
        lines.clear()
        scheduler.pytest_terminal_summary(reporter)
        scheduler.resolvers.shutdown()
        scheduler.pool.shutdown()
        return next(line for line in lines if "docs/slow.es.md::run" in line)

    slow = (95.0, "docs/slow.es.md::run", "")
    assert "(over its 90 s budget)" in summary([slow], beside_tests=False)
    for times, beside in (([slow], True), ([slow, (10.0, "docs/quick.es.md::run", "")], False)):
        line = summary(times, beside)
        assert "sharing the cores" in line and '.venv/bin/python -m pytest "docs/slow.es.md::run"' in line, line


def test_the_summary_names_the_slowest_blocks_slowest_first_from_the_kernels_own_timing():
    """Where a cut would pay: each block's seconds come from nbclient's timestamps of its cell, and
    the summary lists the slowest blocks first, named as a failure names them."""
    from verified_docs import execute

    def cell(begun, done):
        return {"metadata": {"execution": {"iopub.execute_input": begun, "shell.execute_reply": done}}}

    assert execute._cell_seconds(cell("2026-12-06T10:00:00.000000Z", "2026-12-06T10:00:42.500000Z")) == 42.5
    assert execute._cell_seconds({"metadata": {}}) is None, "a cell the kernel never ran has no time"
    lines = []
    reporter = SimpleNamespace(section=lines.append, write_line=lines.append, stats={})
    scheduler = pytest_plugin.Scheduler(SimpleNamespace(getoption={"--page-jobs": 2, "--cached": False}.get))
    scheduler.times = [(60.0, "docs/a.es.md::run", "")]
    quick, slow = "docs/a.es.md [es], block at line 5 (a/01.sh)", "docs/a.es.md [es], block at line 9 (a/02.sh)"
    scheduler.block_times = [(3.0, quick), (42.5, slow)]
    scheduler.pytest_terminal_summary(reporter)
    scheduler.resolvers.shutdown()
    scheduler.pool.shutdown()
    named = [line for line in lines if line.endswith(("(a/01.sh)", "(a/02.sh)"))]
    assert named == [f"     42.5 s  {slow}", f"      3.0 s  {quick}"], lines


def test_a_scheduler_inside_a_session_shares_its_compilation_folder_and_makes_none():
    """Only the session's own scheduler makes (and removes) the JAX compilation folder: one a test
    makes, or a pytest the session starts, shares it, leaving no folder behind in the temp dir."""
    import os
    import tempfile
    from pathlib import Path

    assert os.environ.get("VERIFIED_DOCS_JAX_CACHE"), "this session's scheduler shares no compilation folder"
    before = set(Path(tempfile.gettempdir()).glob("verified-docs-jax-*"))
    scheduler = pytest_plugin.Scheduler(SimpleNamespace(getoption={"--page-jobs": 1}.get))
    scheduler.resolvers.shutdown()
    scheduler.pool.shutdown()
    assert scheduler.compilations is None and set(Path(tempfile.gettempdir()).glob("verified-docs-jax-*")) == before


def test_a_test_independent_of_pages_keeps_its_key_when_a_page_changes(tmp_path):
    """A test marked independent_of_pages is keyed by the checkout less the pages' sources and
    snippets; any other file still changes its key."""
    import subprocess

    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    for name, text in {
        "docs/page.es.md": "# uno\n",
        "snippets/page/es/01_a.py": "print(1)\n",
        "scripts/engine.py": "x = 1\n",
    }.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)

    def keys():
        verdict_cache.checkout_hash.cache_clear()
        return verdict_cache.checkout_hash(tmp_path), verdict_cache.checkout_hash(tmp_path, without_pages=True)

    whole, independent = keys()
    (tmp_path / "docs/page.es.md").write_text("# dos\n")
    (tmp_path / "snippets/page/es/01_a.py").write_text("print(2)\n")
    whole2, independent2 = keys()
    assert whole2 != whole, "a page edit kept every engine test's verdict"
    assert independent2 == independent, "a page edit reran a test that reads no page"
    (tmp_path / "scripts/engine.py").write_text("x = 2\n")
    assert keys()[1] != independent, "an engine edit kept the verdict of a test marked independent_of_pages"
    verdict_cache.checkout_hash.cache_clear()


def test_a_test_marked_independent_of_pages_is_caught_opening_one():
    """The marker is checked: what the test's own thread opens of the checkout's pages is noted (a
    page run's thread reading pages meanwhile is not)."""
    import threading

    page = next(p for p in (ROOT / "docs").glob("*.md"))
    with verdict_cache.pages_opened() as opened:
        page.read_text()
        (ROOT / "mkdocs.yml").read_text()  # not a page
        other = threading.Thread(target=lambda: (ROOT / "docs" / page.name).read_bytes())
        other.start()
        other.join()
    assert opened == [f"docs/{page.name}"], opened
    with verdict_cache.pages_opened() as later:
        pass
    page.read_text()  # outside the block: not noted
    assert later == []


def test_the_summary_says_when_the_pages_ended_and_how_long_the_session_took():
    """The 8-minute budget of make test, read from the profile: the page runs' end and the session's
    length are measured from the session's start (the rest is the site phase), with the CPU spent."""
    lines = []
    reporter = SimpleNamespace(section=lines.append, write_line=lines.append, stats={})
    scheduler = pytest_plugin.Scheduler(SimpleNamespace(getoption={"--page-jobs": 2, "--cached": False}.get))
    scheduler.resolvers.shutdown()
    scheduler.pool.shutdown()
    scheduler.began, scheduler.pages_ended = 1_000.0, 1_300.0
    line = scheduler.session_line(now=1_480.0)
    assert "the page runs ended 300 s after its start, 480 s in all" in line, line
    assert re.search(r"; \d+ s of CPU in pytest and the processes it waited for", line), line
    # The machine's figure: every process, Chromium's renderers included, which pytest's rusage
    # never sees. 930 s busy of 960 s of core time between the two readings.
    scheduler.machine_began = (100.0, 1_000.0)
    line = scheduler.session_line(now=1_480.0, machine=(1_030.0, 1_960.0))
    assert f"; the machine's {os.cpu_count()} cores were busy 97% of the time (930 s of CPU, every process counted)" in line, line
    scheduler.times = [(60.0, "docs/a.es.md::run", "")]
    scheduler.pytest_terminal_summary(reporter)
    assert any(line.startswith("  session: the page runs ended") for line in lines), lines


def test_the_machines_cpu_is_read_from_proc_stat_counting_every_process(tmp_path):
    """The machine's figure in the session line: user, nice, system, irq and softirq are busy; idle,
    iowait and the time the host stole are not; the first line (all cores) only."""
    tick = os.sysconf("SC_CLK_TCK")
    stat = tmp_path / "stat"
    # user nice system idle iowait irq softirq steal guest guest_nice
    stat.write_text(f"cpu  {7 * tick} {tick} {2 * tick} {30 * tick} {4 * tick} 0 {tick} {5 * tick} 0 0\ncpu0 1 2 3\n")
    assert pytest_plugin.machine_cpu(stat) == (11.0, 50.0)
    assert pytest_plugin.machine_cpu(tmp_path / "missing") is None
    assert pytest_plugin.machine_cpu(Path("/proc/stat")) is not None or not Path("/proc/stat").exists()


def test_a_page_run_starts_from_the_sessions_environment_not_a_tests(monkeypatch):
    """Pages run beside the engine's tests: a variable a test sets in pytest's environment while a
    page starts (test_bench's BENCH_RECORD did) must not reach the page's processes, which start
    from the environment taken when the runs were scheduled."""
    from verified_docs import execute
    from verified_docs.pages import readable_pages

    seen = []
    me, real = threading.current_thread(), execute.run_page_tier

    def run_page_tier(page, tier, quick_gc=True, environ=None, **kw):
        if threading.current_thread() is not me:  # the session's own page runs, starting meanwhile
            return real(page, tier, quick_gc=quick_gc, environ=environ, **kw)
        seen.append(execute.runner_env(tier, execute.WORK, quick_gc, base=environ))
        return [], [], ""

    monkeypatch.setattr(execute, "run_page_tier", run_page_tier)
    scheduler = pytest_plugin.Scheduler(SimpleNamespace(getoption={"--page-jobs": 1, "--record-outputs": False}.get))
    scheduler.resolvers.shutdown()
    scheduler.pool.shutdown()
    scheduler.page_environ = dict(os.environ)  # as pytest_collection_finish takes it
    monkeypatch.setenv("A_TESTS_OWN_VARIABLE", "1")  # a test of the main thread, meanwhile
    page = readable_pages()[0]
    # The item's own job (PageRunItem.run_and_check) on the network tier, which writes no record.
    item = SimpleNamespace(page=page, tier="network", config=scheduler.config, path=page.path, nodeid="docs/x::network")
    item.run_and_check = lambda environ=None: pytest_plugin.PageRunItem.run_and_check(item, environ)
    scheduler._timed(item)
    assert seen and "A_TESTS_OWN_VARIABLE" not in seen[0], "a page run saw a variable a test set after the runs were scheduled"
