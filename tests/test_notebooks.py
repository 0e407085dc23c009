"""The notebooks the built site offers: one per tutorial page and language, and they run.

A page's run-tier item executes the page's notebook in a kernel, its data cell included (fetching
the page's data from docs/ served locally, into a folder that holds nothing else), compares every
cell's output with the page's recording and keeps the executed copy (verified_docs.execute). These
tests prove that the notebook a reader downloads is that executed notebook: the same code cells, in
the same order, with the same tags, storing what the run printed, and fetching from the site the
same bytes the run fetched. So one execution per page proves the page and the download.
"""

from __future__ import annotations

import base64
import re
import subprocess
import sys
import urllib.request

import nbformat
import pytest

from verified_docs import diagrams, records, translation_proof
from verified_docs.execute import executed_copy, normalize
from verified_docs.notebooks import DATA_TAG, cell_blocks, code_cells
from verified_docs.pages import load_page, readable_pages
from verified_docs.project import DOCS, ROOT, rel
from verified_docs.tiers import TIERS

NOTEBOOK_PAGES = [p for p in readable_pages() if p.has("run")]


def offered(site, page):
    return page.html_path(site).parent / f"{page.slug.rsplit('/', 1)[-1]}.ipynb"


def proven_by(page):
    """The original whose run proved this translation's (verified_docs.translation_proof), or None."""
    through = records.proven_through(page)
    return load_page(ROOT / through) if through else None


def executed(page):
    """The notebook as the run that verified the page executed it (verified_docs.execute): its
    own, or for a translation proven by its original's run, the original's."""
    page = proven_by(page) or page
    path = executed_copy(page, "run")
    if not path.is_file():
        pytest.fail(
            f"{rel(page.path)} [{page.lang}]: no executed notebook at {rel(path)}: run the page first "
            f'(.venv/bin/python -m pytest "{rel(page.path)}::run")',
            pytrace=False,
        )
    return nbformat.read(path, as_version=4)


def sources(nb, page) -> list[str]:
    """Every code cell's source, the data cell's addresses reduced to the site path they fetch."""
    out = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        text = cell.source
        for target in (page.meta.get("notebook_data") or {}).values():
            text = re.sub(r"'[^']*/" + re.escape(target) + "'", repr(target), text)
        out.append(text)
    return out


def stdout(cell) -> str:
    return normalize(
        "".join(
            o.get("text", "")
            for o in cell.get("outputs", [])
            if o.get("output_type") == "stream" and o.get("name", "stdout") == "stdout"
        )
    )


@pytest.mark.parametrize("page", NOTEBOOK_PAGES, ids=[p.id for p in NOTEBOOK_PAGES])
def test_the_offered_notebook_is_the_executed_one(site, page):
    """The notebook the site offers has the cells the page's run executed, in order, with the same
    tags, and stores as each cell's output its recording, which is what that run printed (timings
    aside)."""
    path = offered(site, page)
    assert path.is_file(), f"{rel(page.path)} [{page.lang}]: the site offers no {rel(path)}"
    assert f'href="{path.name}" download' in page.html_path(site).read_text(encoding="utf-8"), (
        f"{rel(page.path)} [{page.lang}]: no download link to {path.name} on the page"
    )
    nb, ran, original = nbformat.read(path, as_version=4), executed(page), proven_by(page)
    nbformat.validate(nb)
    cells, ran_cells = code_cells(nb), code_cells(ran)
    if original is None:
        assert sources(nb, page) == sources(ran, page), (
            f"{rel(path)}: its code cells are not the ones the page's run executed ({rel(executed_copy(page, 'run'))}); "
            f'if the page changed since, run it again: .venv/bin/python -m pytest "{rel(page.path)}::run"'
        )
    else:  # proven by its original's run: its own blocks (the same programs), cell for cell
        assert len(cells) == len(ran_cells), f"{rel(path)}: not as many code cells as {rel(executed_copy(original, 'run'))}"
        for cell, block in zip(cells, cell_blocks(page)):
            assert block.code.strip() in cell.source, f"{rel(path)}: the cell for {block.where} is not its code"
        table = translation_proof.string_pairs(original, page)
    assert [c.metadata.get("tags", []) for c in cells] == [c.metadata.get("tags", []) for c in ran_cells]
    for cell, ran_cell, block in zip(cells, ran_cells, cell_blocks(page)):
        stored = "".join(o.get("text", "") for o in cell.outputs)
        assert stored == (block.expected if block.expected and block.expected.strip() else ""), (
            f"{rel(path)}: the output stored for {block.where} is not its recording"
        )
        if block.tier != "run" or block.is_file:
            continue
        if original is not None:  # what the original's run printed, translated
            problem = translation_proof.translated_problem(stdout(ran_cell), stdout(cell), table, block.options.get("volatile"))
            assert problem is None, (
                f"{rel(path)}: the output stored for {block.where} is not what {rel(original.path)}'s run printed, translated: {problem}"
            )
            continue
        mask = (lambda t: re.sub(block.options["volatile"], "…", t)) if block.options.get("volatile") else (lambda t: t)
        assert mask(stdout(cell)) == mask(stdout(ran_cell)), (
            f"{rel(path)}: the output stored for {block.where} is not what the page's run printed"
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


WITH_DATA = [p for p in NOTEBOOK_PAGES if p.meta.get("notebook_data")]


@pytest.mark.parametrize("page", WITH_DATA, ids=[p.id for p in WITH_DATA])
def test_a_downloaded_notebook_fetches_what_the_run_fetched(served_site, page):
    """The page's run is the downloaded notebook's run alone in an empty folder: it starts with
    nothing beside the notebook, and its data cell fetched each file from docs/ served locally
    (verified_docs.execute). The notebook the site offers fetches, from the site, the same bytes."""
    url, folder = served_site
    assert not page.workdir_links, (
        f"{rel(page.path)} [{page.lang}]: its run starts with {sorted(page.workdir_links)} beside the notebook, "
        "so it does not prove that the downloaded notebook runs alone"
    )
    printed = "".join(stdout(c) for c in executed(page).cells if DATA_TAG in c.metadata.get("tags", []))
    nb = nbformat.read(offered(folder, page), as_version=4)
    data_cell = "".join(c.source for c in nb.cells if DATA_TAG in c.metadata.get("tags", []))
    for name, target in page.meta["notebook_data"].items():
        assert f"{name}: " in printed and target in printed, (
            f"{rel(page.path)} [{page.lang}]: the run did not fetch {name}: {printed!r}"
        )
        address = re.search(r"'(" + re.escape(url) + r"[^']*)'", data_cell.split(repr(name), 1)[-1])
        assert address and address[1].endswith(target), (
            f"{rel(page.path)}: the offered data cell does not fetch {name} from {url}"
        )
        with urllib.request.urlopen(address[1], timeout=30) as answer:
            assert answer.read() == (DOCS / target).read_bytes(), f"{address[1]}: not the bytes the page's run fetched"


DATA_PAGES = [p for p in NOTEBOOK_PAGES if p.meta.get("notebook_data")]


@pytest.mark.parametrize("damage", ["cut short", "altered"])
@pytest.mark.parametrize("page", DATA_PAGES, ids=[p.id for p in DATA_PAGES])
def test_a_damaged_download_is_refused_and_deleted(page, damage, tmp_path):
    """The notebook's data cell, run alone in an empty folder against a site whose data file is
    damaged, stops with a message in the page's language and leaves no file behind; against the
    intact file it fetches it. (Its SHA-256 is the one the build recorded from docs/.)"""
    from verified_docs.local_server import serve
    from verified_docs.notebooks import build

    site = tmp_path / "site"
    for target in page.meta["notebook_data"].values():
        good = (DOCS / target).read_bytes()
        bad = good[: len(good) // 2] if damage == "cut short" else good[:-1] + bytes([good[-1] ^ 1])
        (site / target).parent.mkdir(parents=True, exist_ok=True)
        (site / target).write_bytes(bad)
    server = serve(site)
    try:
        nb = build(page, data_link=lambda target: server.url + target)
        code = "".join(c.source for c in nb.cells if DATA_TAG in c.metadata.get("tags", []))
        folder = tmp_path / "empty"
        folder.mkdir()
        proc = subprocess.run([sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, timeout=60)
        refused = {"es": "no es el archivo que publicó el sitio", "en": "is not the file the site published"}[page.lang]
        assert proc.returncode != 0 and refused in proc.stderr, (
            f"{rel(page.path)} [{page.lang}]: a download {damage} was not refused:\n{proc.stdout}{proc.stderr[-1500:]}"
        )
        assert not any(folder.iterdir()), f"{rel(page.path)}: a refused download left {sorted(folder.iterdir())}"
        for target in page.meta["notebook_data"].values():
            (site / target).write_bytes((DOCS / target).read_bytes())
        proc = subprocess.run([sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0, f"{rel(page.path)}: the intact file was refused:\n{proc.stderr[-1500:]}"
        assert sorted(f.name for f in folder.iterdir()) == sorted(page.meta["notebook_data"])
    finally:
        server.shutdown()
