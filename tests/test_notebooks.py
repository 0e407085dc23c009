"""The notebooks the built site offers: one per tutorial page and language, and they run.

A page's run-tier item executes `notebooks.build(page)` in a kernel and compares every cell's
output with the page's recording (verified_docs.execute). These tests prove that the notebook a
reader downloads is that same notebook: the same code cells, in the same order, with the same
tags, storing exactly the recorded outputs. So the one execution per page proves both.
"""

from __future__ import annotations

import base64
import re

import nbformat
import pytest

from verified_docs import diagrams
from verified_docs.notebooks import DATA_TAG, build, cell_blocks, code_cells
from verified_docs.pages import readable_pages
from verified_docs.project import rel
from verified_docs.tiers import TIERS

NOTEBOOK_PAGES = [p for p in readable_pages() if p.has("run")]


def offered(site, page):
    return page.html_path(site).parent / f"{page.slug.rsplit('/', 1)[-1]}.ipynb"


@pytest.mark.parametrize("page", NOTEBOOK_PAGES, ids=[p.id for p in NOTEBOOK_PAGES])
def test_the_offered_notebook_is_the_executed_one(site, page):
    path = offered(site, page)
    assert path.is_file(), f"{rel(page.path)} [{page.lang}]: the site offers no {rel(path)}"
    assert f'href="{path.name}" download' in page.html_path(site).read_text(encoding="utf-8"), (
        f"{rel(page.path)} [{page.lang}]: no download link to {path.name} on the page"
    )
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    executed = code_cells(build(page))
    cells = code_cells(nb)
    assert [c.source for c in cells] == [c.source for c in executed], (
        f"{rel(path)}: its code cells are not the ones the page's run executed"
    )
    assert [c.metadata.get("tags", []) for c in cells] == [c.metadata.get("tags", []) for c in executed]
    for cell, block in zip(cells, cell_blocks(page)):
        stored = "".join(o.get("text", "") for o in cell.outputs)
        assert stored == (block.expected if block.expected and block.expected.strip() else ""), (
            f"{rel(path)}: the output stored for {block.where} is not its recording"
        )
    # In the reader's language: the tier labels are the page language's.
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert TIERS["run"].badge[page.lang][0] in text, f"{rel(path)}: tier labels not in {page.lang}"


@pytest.mark.parametrize("page", NOTEBOOK_PAGES, ids=[p.id for p in NOTEBOOK_PAGES])
def test_the_notebook_shows_the_pages_diagrams_and_keeps_its_formulas(site, page):
    """A diagram is the page's own SVG, attached to its cell (no link, no mermaid to render); a
    formula stays LaTeX, which Jupyter typesets."""
    nb = nbformat.read(offered(site, page), as_version=4)
    markdown = [c for c in nb.cells if c.cell_type == "markdown"]
    text = "\n".join(c.source for c in markdown)
    attached = {name: data for c in markdown for name, data in c.get("attachments", {}).items()}
    for fence in diagrams.fences(page):
        name = f"diagram-{fence.number}.svg"
        assert f"![{fence.title}](attachment:{name})" in text, f"{fence.where}: not shown in the notebook"
        svg = base64.b64decode(attached[name]["image/svg+xml"]).decode()
        assert svg == diagrams.on_white(diagrams.committed(fence)), f"{fence.where}: the notebook's image is not the page's SVG"
        assert "background-color: white;" in svg, f"{fence.where}: the notebook's image has no background of its own"
    assert "```mermaid" not in text
    for formula in re.findall(r"\$\$(.+?)\$\$", page.prose, re.S):
        assert formula.strip() in text, f"{rel(page.path)} [{page.lang}]: a formula is not in the notebook as LaTeX"


ALONE = [p for p in NOTEBOOK_PAGES if p.meta.get("notebook_data")]
# The lesson's notebook takes two minutes to run; one language of it proves the download path.
ALONE = [p for p in ALONE if not (p.slug == "lesson-5-6-1" and p.lang != "es")]


@pytest.mark.parametrize("page", ALONE, ids=[p.id for p in ALONE])
def test_a_downloaded_notebook_runs_alone_in_an_empty_folder(served_site, page, tmp_path):
    """The notebook the site offers, copied alone into an empty folder, runs top to bottom: its data
    cell fetches the page's data from the site (served locally, under the network guard, which lets
    only localhost through) and every other cell runs as the reader's Jupyter would run it."""
    from nbclient import NotebookClient

    from verified_docs.execute import runner_env

    url, folder = served_site
    source = offered(folder, page)
    nb = nbformat.read(source, as_version=4)
    (tmp_path / source.name).write_bytes(source.read_bytes())
    client = NotebookClient(nb, timeout=600, kernel_name="python3", skip_cells_with_tag="skip-execution",
                            resources={"metadata": {"path": str(tmp_path)}})
    try:
        client.execute(env=runner_env("run", tmp_path), cwd=str(tmp_path))
    except Exception as exc:  # the failing cell's error, with where the notebook came from
        pytest.fail(f"{rel(source)} (from {url}), run alone in an empty folder: {exc}"[:6000], pytrace=False)
    for name in page.meta["notebook_data"]:
        assert (tmp_path / name).is_file(), f"{rel(source)}: the data cell did not fetch {name}"
    fetched = "".join(o.get("text", "") for c in nb.cells if DATA_TAG in c.metadata.get("tags", []) for o in c.outputs)
    assert url in fetched, f"{rel(source)}: the data cell did not say where it fetched from: {fetched!r}"
