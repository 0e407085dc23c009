"""The notebooks the built site offers: one per tutorial page and language, and they run.

Each `.ipynb` is taken from the built site (what a reader downloads) and executed top to bottom
with nbclient, in a working directory prepared like the page's (its `test_workdir:` links) and
offline (tests/offline on PYTHONPATH). Cells tagged `skip-execution` (GPU, network) are skipped
by nbclient itself. A failing cell fails the test, naming the page, the language and the cell.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import re
import shutil
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from scripts.notebooks import RUN_IN_NOTEBOOK
from scripts.tiers import TIERS
from tests.page_runner import link_workdir
from tests.pages import ROOT, Page, rel
from tests.test_pages import CACHE, PAGES, page_key, runner_env
from tests.test_site import html_path

NOTEBOOK_PAGES = [p for p in PAGES if any(b.tier == "run" for b in p.blocks)]
WORK = ROOT / "build" / "notebooks"
CELL_TIMEOUT_S = 900
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def offered_notebook(site: Path, page: Page) -> Path:
    return html_path(site, page).parent / f"{Path(page.slug).name}.ipynb"


@pytest.mark.parametrize("page", NOTEBOOK_PAGES, ids=[p.id for p in NOTEBOOK_PAGES])
def test_notebook_is_offered_with_the_pages_blocks(site, page):
    path = offered_notebook(site, page)
    assert path.is_file(), f"{rel(page.path)} [{page.lang}]: the site offers no {rel(path)}"
    assert f'href="{path.name}" download' in html_path(site, page).read_text(encoding="utf-8"), (
        f"{rel(page.path)} [{page.lang}]: no download link to {path.name} on the page"
    )
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    expected = [b for b in page.blocks if b.tier in RUN_IN_NOTEBOOK]
    assert len(code) == len(expected), f"{rel(path)}: {len(code)} code cells for {len(expected)} runnable blocks"
    for cell, block in zip(code, expected):
        assert block.code.rstrip("\n") in cell, f"{rel(path)}: a cell differs from {block.where}"
    # In the reader's language: the tier labels are the page language's.
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert TIERS["run"][page.lang][0] in text, f"{rel(path)}: tier labels not in {page.lang}"


@pytest.mark.parametrize("page", NOTEBOOK_PAGES, ids=[p.id for p in NOTEBOOK_PAGES])
def test_notebook_runs_top_to_bottom(site, page, cached):
    path = offered_notebook(site, page)
    if not path.is_file():
        pytest.fail(f"{rel(page.path)} [{page.lang}]: the site offers no {rel(path)}", pytrace=False)
    # `make test-fast`: skip a notebook whose bytes, page, harness and environment are unchanged.
    entry = CACHE / f"{page.id}.notebook.json"
    key = hashlib.sha256((page_key(page) + path.read_text(encoding="utf-8") + Path(__file__).read_text()).encode()).hexdigest()
    if cached and entry.is_file() and json.loads(entry.read_text()).get("key") == key:
        pytest.skip(f"cache hit: {page.id} notebook unchanged since it ran on {json.loads(entry.read_text())['date']}")
    entry.unlink(missing_ok=True)
    workdir = WORK / page.id
    shutil.rmtree(workdir, ignore_errors=True)
    workdir.mkdir(parents=True)
    env = runner_env("run", workdir)
    link_workdir(page, workdir, Path(env["OFFLINE_FIXTURES"]))
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, timeout=CELL_TIMEOUT_S, kernel_name="python3", resources={"metadata": {"path": str(workdir)}}
    )
    failure = None
    try:
        client.execute(env=env)
    except CellExecutionError as err:
        failure = ANSI.sub("", str(err))
    finally:
        nbformat.write(nb, workdir / path.name)  # the executed copy, to look at
    if failure:
        code_cells = [c for c in nb.cells if c.cell_type == "code"]
        broken = next((k for k, c in enumerate(code_cells) if any(o.get("output_type") == "error" for o in c.get("outputs", []))), None)
        blocks = [b for b in page.blocks if b.tier in RUN_IN_NOTEBOOK]
        where = blocks[broken].where if broken is not None else f"{rel(page.path)} [{page.lang}]"
        pytest.fail(f"notebook {rel(path)}, the cell of {where}, failed:\n{failure[-6000:]}", pytrace=False)
    skipped = sum("skip-execution" in c.metadata.get("tags", []) for c in nb.cells)
    ran = sum(c.cell_type == "code" and c.get("execution_count") is not None for c in nb.cells)
    assert ran + skipped == sum(c.cell_type == "code" for c in nb.cells), json.dumps(
        [c.source[:60] for c in nb.cells if c.cell_type == "code" and c.get("execution_count") is None]
    )
    entry.parent.mkdir(parents=True, exist_ok=True)
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    entry.write_text(json.dumps({"key": key, "date": date}))
