"""Run one page's blocks of one tier in order, as a reader would, in a fresh process.

Usage: python tests/page_runner.py PAGE.md RESULT.json WORKDIR TIER [SNIPPET_BASE]
(TIER: run, gpu, network; SNIPPET_BASE replaces mkdocs.yml's base_path, for the harness self-test)

Python blocks share one namespace with ``__name__ == "__main__"`` (notebook semantics), compiled
under the snippet's own file name so tracebacks show its real lines. A titled Python block
(``title="x.py"``) is saved into the working directory as that file, whatever its tier, since
later blocks run it. Shell blocks run with bash
in the same directory. Each block's stdout is captured on its own; the first failure stops the
page, since later blocks depend on earlier ones. tests/test_pages.py starts this script with
tests/offline on PYTHONPATH, so this process and every child get the network guard and the
offline fixtures (tests/offline/sitecustomize.py).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scripts.tiers import SHELL  # noqa: E402
from tests.pages import load_page, snippet_options  # noqa: E402

BLOCK_TIMEOUT_S = 900


def run_python(code: str, filename: str, namespace: dict) -> tuple[str, str | None]:
    out = io.StringIO()
    try:
        compiled = compile(code, filename, "exec")
        with contextlib.redirect_stdout(out):
            exec(compiled, namespace)
    except BaseException as exc:  # noqa: BLE001 - report everything, SystemExit included
        if isinstance(exc, SystemExit) and exc.code in (0, None):
            return out.getvalue(), None
        tb = exc.__traceback__
        # Drop this function's own frame: the reader's code starts at the snippet.
        if tb is not None and tb.tb_frame.f_code is run_python.__code__:
            tb = tb.tb_next
        return out.getvalue(), "".join(traceback.format_exception(type(exc), exc, tb))
    return out.getvalue(), None


def run_shell(code: str, saved: dict[str, Path]) -> tuple[str, str | None]:
    proc = subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", code],
        capture_output=True,
        text=True,
        timeout=BLOCK_TIMEOUT_S,
    )
    if proc.returncode != 0:
        stderr = proc.stderr
        # A traceback in a file the page had the reader save names the snippet it came from
        # (same text, same line numbers).
        for name, snippet in saved.items():
            stderr = stderr.replace(f'File "{Path.cwd() / name}"', f'File "{snippet}"')
            stderr = stderr.replace(f'File "{name}"', f'File "{snippet}"')
        return proc.stdout, (
            f"shell block exited with status {proc.returncode}\n"
            f"--- its stderr ---\n{stderr}"
        )
    return proc.stdout, None


def link_workdir(page, workdir: Path, fixtures: Path) -> None:
    """Put in the working directory what the reader has beside the page's files (front matter
    `test_workdir:`): their venv, a prepared dataset, the lesson's data."""
    for name, target in page.workdir_links.items():
        source = Path(sys.prefix) if target == "venv" else fixtures / target.removeprefix("fixtures/")
        if not source.exists():
            raise SystemExit(f"{page.path}: test_workdir link {name} -> {source} is missing: run `make fixtures`")
        (workdir / name).symlink_to(source, target_is_directory=source.is_dir())


def main() -> int:
    page_path, result_path = Path(sys.argv[1]).resolve(), Path(sys.argv[2])
    workdir, tier = Path(sys.argv[3]), sys.argv[4]
    options = None
    if len(sys.argv) > 5:
        options = dict(snippet_options()) | {"base_path": [str(Path(sys.argv[5]).resolve())]}
    page = load_page(page_path, options)
    os.chdir(workdir)
    link_workdir(page, workdir, Path(os.environ["OFFLINE_FIXTURES"]))
    namespace: dict = {"__name__": "__main__", "__builtins__": __builtins__}
    results = []
    saved: dict[str, Path] = {}
    for block in page.blocks:
        if block.is_file:
            Path(block.title).write_text(block.code, encoding="utf-8")
            saved[block.title] = block.snippet
        if block.tier != tier:
            continue
        entry = {"lineno": block.lineno, "stdout": "", "error": None, "saved": None}
        if block.is_file:
            entry["saved"] = block.title
        elif block.syntax == "python":
            sys.argv = [block.snippet.name]
            entry["stdout"], entry["error"] = run_python(block.code, str(block.snippet), namespace)
        elif block.syntax in SHELL:
            entry["stdout"], entry["error"] = run_shell(block.code, saved)
        else:
            entry["error"] = f"no way to run a '{block.syntax}' block at the {tier} tier"
        results.append(entry)
        Path(result_path).write_text(json.dumps(results, indent=1), encoding="utf-8")
        if entry["error"]:
            break
    Path(result_path).write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
