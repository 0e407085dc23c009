"""Run a page by executing its notebook in a Jupyter kernel, and check what it printed.

The notebook is `notebooks.build(page)`: the cells the site offers for download, in page order,
in one kernel (one namespace, `__name__ == "__main__"`). So a single execution proves both the
page's recorded outputs and that the reader's notebook runs top to bottom. For a tier, the cells
of that tier run; cells that save a file (`%%writefile`) always run, since later cells use the
file; the rest are skipped, as nbclient skips `skip-execution` cells.

The kernel runs in a child process (`python -m verified_docs.execute PAGE TIER RESULT WORKDIR`)
with the offline layer on PYTHONPATH (offline/sitecustomize.py: network guard and fixtures),
unless the tier requires the network, and, before it, quick_gc/sitecustomize.py (a collector tuned
for short programs), unless the run makes a recording. The parent (`run_page_tier`) reads its JSON results.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

from .local_server import serve
from .pages import Block, Page, load_page
from .project import BUILD, DOCS, FIXTURES, OFFLINE, QUICK_GC, rel, snippet_options, warm_start
from .tiers import CI_TIER, TIERS

WORK = BUILD / "run"
WARM_START = warm_start()  # quick_gc/warm_start.py: its WARM variable and ENGINES
# A hung kernel fails its page, naming the block, instead of holding a CI job until it is killed:
# about 4x the slowest cell (74 s, the lesson's grid search) and 6x the slowest page (155 s) here.
# run_page_tier(cell_timeout=) shortens it for the harness's own test (an argument, not the
# environment: other pages start their kernels meanwhile).
CELL_TIMEOUT_S = 300
PAGE_TIMEOUT_S = 900
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def rerun_hint(nodeid: str) -> str:
    return f'rerun just this: .venv/bin/python -m pytest "{nodeid}"'


def runner_env(tier: str, workdir: Path, quick_gc: bool = True, base: dict | None = None) -> dict:
    """The environment of a page's processes, from `base` (os.environ when None); quick_gc=False:
    Python's own collector, as a reader's (a recording is made so: see run_page_tier)."""
    env = dict(os.environ if base is None else base)
    env.pop("KERAS_BACKEND", None)  # each page chooses its own backend, as a reader would
    # pytest names the test its main thread is running, whichever it is when a page starts: not the
    # page's, and it would make every page's environment differ (warm_start.refusal).
    env.pop("PYTEST_CURRENT_TEST", None)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["KERAS_HOME"] = str(workdir / ".keras")  # no user keras.json leaks into a page
    env["PYTHONHASHSEED"] = "0"
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    env["OFFLINE_FIXTURES"] = str(FIXTURES)
    # Pages run side by side (--page-jobs): each gets its share of the cores, or the math
    # libraries' thread pools (OpenMP spins) oversubscribe them and every page runs slower.
    threads = env.get("VERIFIED_DOCS_THREADS")
    if threads:
        for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS", "TF_NUM_INTRAOP_THREADS"):
            env.setdefault(var, threads)
    if cache := env.get("VERIFIED_DOCS_JAX_CACHE"):  # share_compilations
        env.setdefault("JAX_COMPILATION_CACHE_DIR", cache)
        env.setdefault("JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS", "0")  # JAX keeps only compiles over 1 s by default
        env.setdefault("JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES", "0")
    # A program run by a page starts from the session's warm interpreter of its engine, where it
    # can (share_interpreters); never in a recording, whose processes start as a reader's do.
    if not quick_gc or TIERS[tier].requires is not None:  # not on a GPU either (CUDA does not survive a fork)
        env.pop(WARM_START.WARM, None)
    # Every Python process: the collector tuned for short programs (quick_gc/sitecustomize.py), then,
    # offline, the network guard and fixtures (offline/sitecustomize.py, which quick_gc's runs).
    start = ([QUICK_GC] if quick_gc else []) + ([OFFLINE] if TIERS[tier].requires != "online" else [])
    inherited = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and Path(p).resolve() != QUICK_GC]
    env["PYTHONPATH"] = os.pathsep.join([str(p) for p in start] + inherited)  # quick_gc only where asked for
    return env


def share_cores(jobs: int) -> None:
    """Pages about to run `jobs` at a time: give each page's math libraries its share of cores."""
    os.environ.setdefault("VERIFIED_DOCS_THREADS", str(max(1, (os.cpu_count() or 1) // max(1, jobs))))


def share_compilations(folder: Path) -> None:
    """Pages about to run in one session: their JAX processes keep the programs XLA compiles in one
    folder, and a later process that compiles the same program (jax2onnx's start-up, a net another
    block also fits) loads it instead. Only compiling is skipped: JAX still traces the Python code,
    so what a page prints is the same. The folder is the session's own (the caller makes it empty
    and removes it), so a page's time is what a fresh clone's run gives, not a warm cache's."""
    os.environ.setdefault("VERIFIED_DOCS_JAX_CACHE", str(folder))


def share_interpreters(folder: Path) -> list[subprocess.Popen]:
    """Pages about to run in one session: start a warm interpreter per engine (quick_gc/warm_start.py).
    Each imports Keras on its engine for the first program that asks, as that program would have,
    and forks a copy of itself for every later one that would start the same way, instead of it
    importing everything again. The folder (empty, the caller's) holds their sockets and logs; the
    caller names it in VERIFIED_DOCS_WARM for the pages' processes, and stops them with
    stop_interpreters."""
    env = runner_env(CI_TIER, folder)
    env["PYTHONPATH"] = ""  # its start-up code is the first program's, run when it asks (warm_start._prepare)
    servers = []
    for engine in WARM_START.ENGINES:
        with open(folder / f"{engine}.log", "w") as log:
            servers.append(
                subprocess.Popen(
                    [sys.executable, str(QUICK_GC / "warm_start.py"), engine, str(folder / f"{engine}.sock")],
                    env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log, cwd=folder,
                    start_new_session=True,  # a Ctrl-C meant for pytest is not theirs
                )
            )  # fmt: skip
    return servers


def stop_interpreters(servers: list[subprocess.Popen], folder: Path) -> dict[str, list[str]]:
    """Stop the warm interpreters and wait for them (so that their programs' CPU is counted); return
    each one's log lines (`warm: FILE`, `cold: FILE: why`), and under "cold" the programs the
    start-up code sent to none."""
    for server in servers:
        server.terminate()
    for server in servers:
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    names = [*WARM_START.ENGINES, "cold"]  # cold.log: programs the start-up code sent to no server
    return {name: (folder / f"{name}.log").read_text().splitlines() for name in names if (folder / f"{name}.log").is_file()}


def workdir_of(page_id: str, tier: str) -> Path:
    """Where a page's tier runs (page_id: `<slug>.<lang>`, Page.id / Block.page_id)."""
    return WORK / f"{page_id}.{tier}"


def link_workdir(page: Page, workdir: Path, fixtures: Path = FIXTURES) -> None:
    """Put in the working directory what the reader has beside the page's files (front matter
    `test_workdir:`): their venv, a prepared dataset, the lesson's data."""
    for name, target in page.workdir_links.items():
        source = Path(sys.prefix) if target == "venv" else fixtures / target.removeprefix("fixtures/")
        if not source.exists():
            raise SystemExit(f"{rel(page.path)}: test_workdir link {name} -> {source} is missing: run `make fixtures`")
        (workdir / name).symlink_to(source, target_is_directory=source.is_dir())


# ------------------------------------------------------------------- in the child process


def _cell_line_offset(block: Block) -> int:
    """Lines a cell adds before the snippet's first line (its %% magic line)."""
    from .notebooks import cell_source

    return cell_source(block).count("\n") - block.code.rstrip("\n").count("\n")


def _traceback(output: dict, by_count: dict[int, Block], saved: dict[str, Path], workdir: Path) -> str:
    """A cell's error as text, with its cells' and saved files' names turned into snippet paths."""
    text = ANSI.sub("", "\n".join(output.get("traceback") or [f"{output.get('ename')}: {output.get('evalue')}"]))

    def cell(m):
        block = by_count.get(int(m[1]))
        if block is None:
            return m[0]
        return f'File "{block.snippet}", line {int(m[2]) - _cell_line_offset(block)}'

    text = re.sub(r"Cell In\[(\d+)\], line (\d+)", cell, text)
    for name, snippet in saved.items():
        text = text.replace(f'File "{workdir / name}"', f'File "{snippet}"').replace(f'File "{name}"', f'File "{snippet}"')
    return text


def executed_copy(page: Page, tier: str) -> Path:
    """The notebook as the page's run executed it (cells, sources, outputs)."""
    return workdir_of(page.id, tier) / f"{page.id}.{tier}.executed.ipynb"


def run_notebook(page: Page, tier: str, workdir: Path, cell_timeout: float = CELL_TIMEOUT_S, quick_gc: bool = True) -> list[dict]:
    """Execute the page's notebook for `tier` in `workdir`; one result per block of the tier."""
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

    from .notebooks import DATA_TAG, build, cell_blocks, code_cells

    data = serve(DOCS) if page.meta.get("notebook_data") else None  # the site's assets are docs/'s files
    nb = build(page, data_link=(lambda target: data.url + target) if data else None)
    pairs = list(zip(code_cells(nb), cell_blocks(page)))
    data_cells = [c for c in nb.cells if DATA_TAG in c.metadata.get("tags", [])]
    for cell, block in pairs:
        tags = set(cell.metadata.get("tags", [])) - {"skip-execution"}
        if not (block.tier == tier or block.is_file):
            tags.add("skip-execution")
        cell.metadata["tags"] = sorted(tags)
        cell.outputs = []
    timeout = cell_timeout
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(workdir)}},
        skip_cells_with_tag="skip-execution",
    )
    started = []  # the cells in the order the kernel was given them: the last is the one a crash stopped
    client.on_cell_execute = lambda cell, cell_index: started.append(cell)
    crash = None
    try:
        client.execute(env=runner_env(tier, workdir, quick_gc), cwd=str(workdir))
    except CellExecutionError:
        pass  # the failing cell carries its error output
    except CellTimeoutError:
        crash = f"it did not finish within {timeout:g} s (CELL_TIMEOUT_S in verified_docs/execute.py): the kernel was stopped"
    except (DeadKernelError, RuntimeError) as exc:
        crash = f"{type(exc).__name__}: {exc}"
    finally:
        if data:
            data.shutdown()
        nbformat.write(nb, workdir / executed_copy(page, tier).name)  # to look at after a failure; the site's is compared with it
    saved = {b.title: b.snippet for _, b in pairs if b.is_file}
    by_count = {c.execution_count: b for c, b in pairs if c.get("execution_count")}
    results = []
    for cell in data_cells:  # its failure stops the page before any block: report it on the first
        errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
        if errors:
            first = next(b for _, b in pairs if b.tier == tier)
            return [
                {
                    "lineno": first.lineno,
                    "ran": False,
                    "stdout": "",
                    "saved": None,
                    "error": f"the notebook's data cell failed before it:\n{_traceback(errors[0], {}, {}, workdir)}",
                }
            ]
    for cell, block in pairs:
        if block.tier != tier:
            continue
        outputs = cell.get("outputs", [])
        entry = {
            "lineno": block.lineno,
            "ran": cell.get("execution_count") is not None,
            "stdout": "".join(
                o.get("text", "") for o in outputs if o.get("output_type") == "stream" and o.get("name") == "stdout"
            ),
            "error": None,
            "saved": block.title if block.is_file else None,
            "seconds": _cell_seconds(cell),
        }
        errors = [o for o in outputs if o.get("output_type") == "error"]
        if errors:
            stderr = "".join(o.get("text", "") for o in outputs if o.get("output_type") == "stream" and o.get("name") == "stderr")
            entry["error"] = _traceback(errors[0], by_count, saved, workdir) + (
                f"\n--- the cell's stderr ---\n{_traceback({'traceback': [stderr]}, by_count, saved, workdir)}"
                if stderr.strip()
                else ""
            )
        if crash and started and cell is started[-1]:  # where it was stopped (a timeout interrupts it first)
            entry["error"] = (crash if crash.startswith("it did not finish") else f"the kernel stopped in this cell: {crash}") + (
                f"\n{entry['error']}" if entry["error"] else ""
            )
        elif crash and not errors and entry["ran"] is False and not any(r["error"] for r in results):
            entry["error"] = f"the kernel stopped before this cell: {crash}"
        if entry["ran"] or entry["error"]:
            results.append(entry)
        if entry["error"]:
            break
    return results


def _cell_seconds(cell) -> float | None:
    """How long the kernel took over the cell (nbclient's own timestamps), for the summary's profile."""
    from datetime import datetime

    timing = cell.get("metadata", {}).get("execution", {})
    begun, done = timing.get("iopub.execute_input"), timing.get("shell.execute_reply")
    if not (begun and done):
        return None
    return (datetime.fromisoformat(done) - datetime.fromisoformat(begun)).total_seconds()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="execute one page's notebook for one tier")
    parser.add_argument("page", type=Path)
    parser.add_argument("tier", choices=[t for t in TIERS if TIERS[t].check == "execute"])
    parser.add_argument("result", type=Path)
    parser.add_argument("workdir", type=Path)
    parser.add_argument("--snippets", type=Path, help="replaces mkdocs.yml's snippet base_path (the harness self-test)")
    parser.add_argument(
        "--cell-timeout", type=float, default=CELL_TIMEOUT_S, help="seconds a cell may run (the harness self-test)"
    )
    parser.add_argument("--readers-gc", action="store_true", help="Python's own collector, not quick_gc's (a recording)")
    args = parser.parse_args(argv)
    options = dict(snippet_options()) | ({"base_path": [str(args.snippets.resolve())]} if args.snippets else {})
    page = load_page(args.page.resolve(), options, missing_outputs_ok=True)  # `make outputs` writes them
    link_workdir(page, args.workdir)
    results = run_notebook(page, args.tier, args.workdir.resolve(), args.cell_timeout, quick_gc=not args.readers_gc)
    args.result.write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


# ------------------------------------------------------------------- in the test process


class RunnerDied(Exception):
    pass


RUNNING: set = set()  # page processes under way (run_page_tier), for stop_all()


def stop(proc) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass


def stop_all() -> None:
    """Stop every page process still running (an interrupted or -x test session)."""
    for proc in list(RUNNING):
        stop(proc)


def run_page_tier(
    page: Page,
    tier: str,
    snippet_base: Path | None = None,
    cell_timeout: float = CELL_TIMEOUT_S,
    quick_gc: bool = True,
    environ: dict | None = None,
) -> tuple[list[Block], list[dict], str]:
    """Run the page's blocks of one tier; return them, their results and the runner's stderr.
    quick_gc=False (a recording): Python's own collector, so that what a reader's run prints at exit
    is in the recording, and the suite's quicker runs go red if they print something else."""
    workdir = workdir_of(page.id, tier)
    shutil.rmtree(workdir, ignore_errors=True)
    workdir.mkdir(parents=True)
    result = workdir / ".results.json"
    # Its own process group, so that an interrupted test session can stop it and its kernel.
    proc = subprocess.Popen(
        [sys.executable, "-m", "verified_docs.execute", str(page.path), tier, str(result), str(workdir)]
        + (["--snippets", str(snippet_base)] if snippet_base else [])
        + ["--cell-timeout", str(cell_timeout)]
        + ([] if quick_gc else ["--readers-gc"]),
        env=runner_env(tier, workdir, quick_gc, base=environ),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=workdir,
        start_new_session=True,
    )
    RUNNING.add(proc)
    try:
        proc.stdout_text, proc.stderr = proc.communicate(timeout=PAGE_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        stop(proc)
        proc.stdout_text, proc.stderr = proc.communicate()
        proc.stderr += f"\n(stopped after {PAGE_TIMEOUT_S} s)"
    finally:
        RUNNING.discard(proc)
    results = json.loads(result.read_text()) if result.is_file() else []
    blocks = [b for b in page.blocks if b.tier == tier]
    if proc.returncode != 0 or len(results) < len(blocks) and not (results and results[-1]["error"]):
        stopped = blocks[len(results)].where if len(results) < len(blocks) else "the end"
        raise RunnerDied(
            f"{rel(page.path)} [{page.lang}]: the page's kernel run died (exit {proc.returncode}) "
            f"before finishing {stopped}\n--- runner stderr ---\n{proc.stderr[-5000:]}"
        )
    return blocks, results, proc.stderr


def normalize(text: str | None) -> str:
    lines = [ln.rstrip() for ln in (text or "").splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)


def check_outputs(blocks, results, stderr, record: bool, nodeid: str) -> list[str]:
    """Compare each block's printed output with its recording (or rewrite the recording)."""
    problems = []
    for block, res in zip(blocks, results):
        if res["error"]:
            problems.append(f"{block.where} failed:\n{res['error']}")
            break
        if not TIERS[block.tier].compare or block.is_file:
            continue
        actual = normalize(res["stdout"])
        if block.output_file is None:
            if actual:
                problems.append(
                    f"{block.where} prints output but the page shows none: add an "
                    f"expected-output block that includes {rel(block.snippet.with_suffix('.out'))} "
                    f"and run `make outputs`.\n--- it printed ---\n{actual}"
                )
            continue
        if record:
            block.output_file.write_text(actual + "\n", encoding="utf-8")
            continue
        if block.expected is None:
            problems.append(
                f"{block.where}: its recorded output {rel(block.output_file)} does not exist; run `make outputs` to record it"
            )
            continue
        expected = normalize(block.expected)
        volatile = block.options.get("volatile")  # declared on the page: e.g. timings, which no two runs share
        actual_cmp, expected_cmp = (mask_volatile(t, volatile) for t in (actual, expected))
        if actual_cmp != expected_cmp:
            diff = "\n".join(
                difflib.unified_diff(
                    expected.splitlines(), actual.splitlines(), f"recorded {rel(block.output_file)}", "this run", lineterm=""
                )
            )
            problems.append(
                f"{block.where}: output differs from its recording. If the change is intended, "
                f"run `make outputs` and review the diff.\n{diff}"
            )
    for block, res in zip(blocks, results):
        if not res["error"] and block.options.get("figure"):
            problems += check_figure(block, record)
    if problems:
        problems.append(rerun_hint(nodeid))
    return problems


def mask_volatile(text: str, pattern: str | None) -> str:
    """An output as it is compared with its recording: its block's `volatile=` spans masked."""
    return re.sub(pattern, "…", text) if pattern else text


def check_figure(block: Block, record: bool) -> list[str]:
    """A figure the block draws (mark option `figure="assets/...svg"`, a path under docs/): the
    block writes it under that file's name in its working directory; `make outputs` copies it
    into docs/ and the test compares it, like a recorded output."""
    recorded = DOCS / block.options["figure"]
    made = workdir_of(block.page_id, block.tier) / recorded.name
    if not made.is_file():
        return [f"{block.where}: it should draw {recorded.name} in its working directory, and did not"]
    if record:
        recorded.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(made, recorded)
        return []
    if not recorded.is_file():
        return [f"{block.where}: figure {rel(recorded)} was never recorded; run `make outputs`"]
    difference = figure_difference(recorded.read_bytes(), made.read_bytes())
    if difference:
        return [f"{block.where}: the figure it draws differs from {rel(recorded)}; if intended, run `make outputs`\n{difference}"]
    return []


# A drawing's coordinates carry the float noise of the numbers plotted (another CPU's or another
# run's last bits): coordinates that agree to FIGURE_TOLERANCE px draw the same picture.
FIGURE_TOLERANCE = 0.01
_NUMBER = re.compile(r"(?<![\w#.])-?\d+(?:\.\d+)?(?:e[-+]?\d+)?(?![\w.])")


def figure_difference(recorded: bytes, made: bytes) -> str | None:
    """None when two drawings are the same picture; otherwise what differs, for the failure.

    A text drawing (SVG) is the same picture when everything but its numbers is equal and every
    number is within FIGURE_TOLERANCE; any other file (PNG) must be byte for byte equal."""
    if recorded == made:
        return None
    try:
        a, b = recorded.decode("utf-8"), made.decode("utf-8")
    except UnicodeDecodeError:
        return f"(binary files: {len(recorded)} bytes recorded, {len(made)} bytes drawn, not the same bytes)"
    if _NUMBER.split(a) == _NUMBER.split(b):  # the same drawing but for its numbers
        for x, y in zip(_NUMBER.finditer(a), _NUMBER.finditer(b)):
            if abs(float(x[0]) - float(y[0])) > FIGURE_TOLERANCE:
                line = a.count("\n", 0, x.start()) + 1
                return (
                    f"line {line}: {x[0]} recorded, {y[0]} drawn (more than {FIGURE_TOLERANCE} apart)\n"
                    f"  recorded: {a.splitlines()[line - 1].strip()[:200]}\n"
                    f"  drawn:    {b.splitlines()[b.count(chr(10), 0, y.start())].strip()[:200]}"
                )
        return None
    diff = difflib.unified_diff(a.splitlines(), b.splitlines(), "recorded", "this run", lineterm="")
    return "\n".join(list(diff)[:30])


if __name__ == "__main__":
    sys.exit(main())
