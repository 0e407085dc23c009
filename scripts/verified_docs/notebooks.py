"""Turn a tutorial page into a runnable Jupyter notebook, in the page's language.

The code cells are the page's own blocks, expanded from snippets/ by the harness reader
(pages.py), so the notebook runs exactly what the page shows and what CI checked:

- run-tier Python blocks become code cells, with the output CI recorded as their stored output;
  a block the page asks to save as a file becomes a `%%writefile` cell; a shell block, `%%bash`;
- gpu and network blocks become code cells tagged `skip-execution` (nbclient skips them; a reader
  with a GPU or a network runs them);
- install lines and system commands (resolve, lint) stay as text: they belong in a terminal.

The prose between blocks becomes Markdown cells: admonitions turn into a bold title (collapsed
ones without code into <details>), links to other pages and to site assets become absolute URLs
under `site_url`, and HTML comments go. A mermaid diagram becomes the SVG the site shows, and an
image of the site (a figure) its file, both attached to their cell: a downloaded notebook shows them
without the site. Formulas stay LaTeX, which Jupyter draws.

The data a page reads (front matter `notebook_data: {file: site path}`) is fetched from the site by
a cell after the introduction, when it is not already next to the notebook; the cell says so, in the
page's language. The page's run executes that cell too, fetching from `docs/` served locally, in a
folder that holds nothing else (verified_docs.execute); tests/test_notebooks.py checks that the
site serves the same bytes at the addresses the offered notebook fetches.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Callable
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from . import diagrams
from .pages import ADMONITION, Block
from .project import DOCS
from .prose_marks import render_text
from .tiers import SHELL, TIERS

IMAGE = re.compile(r"!\[(?P<alt>[^\]]*)\]\((?P<target>[^)\s]+)\)")
MIME = {".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif"}
DATA_TAG = "data-download"  # the cell that fetches the page's data (not one of the page's blocks)
CAPTION = re.compile(r"^[ \t]*/// caption\s*$")  # Jupyter shows it as the caption's italic lines
COMMENT = re.compile(r"<!--.*?-->", re.S)
LINK = re.compile(r"(\]\()(?P<target>[^)\s]+)(\))")

TEXT = {
    "es": {
        "intro": "Notebook generado a partir de la página [{title}]({url}) del sitio. Las salidas guardadas "
        "en él son las que registró la batería de pruebas al ejecutar la página en CPU. Las celdas "
        "marcadas `skip-execution` necesitan una GPU o red (la que descarga los datos de la página, si la hay, "
        "no lo está: los trae del sitio si faltan); las instalaciones y los comandos de sistema "
        "aparecen como texto para tu terminal.",
        "label": "Verificación",
        "data": "*Verificación: red.* La página lee {files}. Si no {verb} junto a este notebook, la celda "
        "siguiente {pron} descarga del sitio ({links}) y comprueba {verb2} SHA-256 con {pron2} que anotó el sitio; la batería de pruebas la ejecuta así, con el notebook "
        "solo en una carpeta vacía y el sitio servido en local.",
        "code": [
            "# Los datos que lee la página: se descargan del sitio si no están junto al notebook, y se",
            "# comprueban con la huella SHA-256 que el sitio anotó al generar este notebook.",
            "for nombre, (url, sha256) in {files}.items():",
            "    if Path(nombre).exists():",
            "        continue",
            "    parcial = Path(nombre + '.parcial')",
            "    urlretrieve(url, parcial)",
            "    if hashlib.sha256(parcial.read_bytes()).hexdigest() != sha256:",
            "        parcial.unlink()",
            "        raise RuntimeError(f'{{nombre}}: lo descargado de {{url}} no es el archivo que publicó el sitio '",
            "                           '(SHA-256 distinto: descarga cortada o alterada). Se ha borrado; '",
            "                           'vuelve a ejecutar esta celda o descárgalo desde la página.')",
            "    parcial.rename(nombre)",
            '    print(f"{{nombre}}: descargado de {{url}} (SHA-256 comprobado)")',
        ],
    },
    "en": {
        "intro": "Notebook generated from the site's page [{title}]({url}). The outputs stored in it are "
        "the ones the test suite recorded when it ran the page on a CPU. Cells tagged `skip-execution` "
        "need a GPU or a network (the one that downloads the page's data, if any, is not: it fetches them "
        "from the site when they are missing); installs and system commands appear as text for your terminal.",
        "label": "Verification",
        "data": "*Verification: network.* The page reads {files}. If {verb} not next to this notebook, "
        "the next cell downloads {pron} from the site ({links}) and checks {verb2} SHA-256 against the one{pron2} the site recorded; the test suite runs it that way, with the "
        "notebook alone in an empty folder and the site served locally.",
        "code": [
            "# The data the page reads: downloaded from the site when it is not next to the notebook, and",
            "# checked against the SHA-256 fingerprint the site recorded when it built this notebook.",
            "for name, (url, sha256) in {files}.items():",
            "    if Path(name).exists():",
            "        continue",
            "    partial = Path(name + '.partial')",
            "    urlretrieve(url, partial)",
            "    if hashlib.sha256(partial.read_bytes()).hexdigest() != sha256:",
            "        partial.unlink()",
            "        raise RuntimeError(f'{{name}}: what came from {{url}} is not the file the site published '",
            "                           '(another SHA-256: a cut or altered download). It was deleted; '",
            "                           'run this cell again or download the file from the page.')",
            "    partial.rename(name)",
            '    print(f"{{name}}: downloaded from {{url}} (SHA-256 checked)")',
        ],
    },
}


# A shell cell stops at its first failing command, as the test harness requires of a block.
BASH_STRICT = "set -eo pipefail"


def cell_source(block) -> str:
    """The code cell a block becomes: a saved file, a bash cell or plain Python."""
    code = block.code.rstrip("\n")
    if block.is_file:
        return f"%%writefile {block.title}\n{code}"
    if block.syntax in SHELL:
        return f"%%bash\n{BASH_STRICT}\n{code}"
    return code


def _dedent(line: str, n: int) -> str:
    return line[n:] if line[:n].strip() == "" else line.lstrip()


class _Builder:
    def __init__(self, lang: str, link: Callable[[str], str], folder: Path | None = None):
        self.lang, self.link, self.folder = lang, link, folder
        self.cells: list = []
        self.md: list[str] = []
        self.attachments: dict = {}

    def flush(self):
        text = "\n".join(self.md).strip("\n")
        if text.strip():
            cell = new_markdown_cell(text)
            if self.attachments:
                cell.attachments = self.attachments
            self.cells.append(cell)
        self.md, self.attachments = [], {}

    def image(self, fence: diagrams.Fence, svg: str):
        name = f"diagram-{fence.number}.svg"
        self.attachments[name] = {"image/svg+xml": base64.b64encode(diagrams.on_white(svg).encode()).decode()}
        self.md += ["", f"![{fence.title}](attachment:{name})", ""]

    def prose(self, line: str):
        line = COMMENT.sub("", line) if "<!--" in line and "-->" in line else line
        line = render_text(line, self.lang)  # a ^fuente^ label, as on the site
        line = IMAGE.sub(self.attach, line) if self.folder else line
        self.md.append(LINK.sub(lambda m: m[1] + self.link(m["target"]) + m[3], line))

    def attach(self, m) -> str:
        """An image of the site (`![alt](assets/…)`) as an attachment of its cell."""
        path = (self.folder / m["target"]).resolve()
        if "://" in m["target"] or path.suffix.lower() not in MIME or not path.is_file():
            return m[0]
        self.attachments[path.name] = {MIME[path.suffix.lower()]: base64.b64encode(path.read_bytes()).decode()}
        return f"![{m['alt']}](attachment:{path.name})"

    def data(self, files: dict[str, tuple[str, str]]):
        """The cells that fetch the page's data files ({name: (URL, SHA-256)}) when they are missing,
        and refuse (deleting it) a download whose bytes are not the ones the site published."""
        text = TEXT[self.lang]
        names = ", ".join(f"`{n}`" for n in files)
        plural = len(files) > 1
        verb = ("están" if plural else "está") if self.lang == "es" else ("they are" if plural else "it is")
        pron = ("los" if plural else "lo") if self.lang == "es" else ("them" if plural else "it")
        links = ", ".join(f"[{n}]({u})" for n, (u, _) in files.items())
        verb2 = ("sus huellas" if plural else "su huella") if self.lang == "es" else ("their" if plural else "its")
        pron2 = ("las" if plural else "la") if self.lang == "es" else ("s" if plural else "")
        self.cells.append(
            new_markdown_cell(text["data"].format(files=names, verb=verb, verb2=verb2, pron=pron, pron2=pron2, links=links))
        )
        code = "\n".join(
            [
                "import hashlib",
                "from pathlib import Path",
                "from urllib.request import urlretrieve",
                "",
                *(ln.format(files=repr(files)) for ln in text["code"]),
            ]
        )
        cell = new_code_cell(code)
        cell.metadata["tags"] = [DATA_TAG]
        self.cells.append(cell)

    def block(self, block):
        tier = TIERS[block.tier]
        short, long = tier.badge[self.lang]
        self.md.append(f"*{TEXT[self.lang]['label']}: {short}.* {long}")
        code = block.code.rstrip("\n")
        if tier.notebook == "text":
            self.md += ["", f"```{block.syntax}", code, "```"]
            return
        self.flush()
        cell = new_code_cell(cell_source(block))
        if tier.notebook == "skipped-cell" and not block.is_file:  # saving a file is harmless, and later cells run it
            cell.metadata["tags"] = ["skip-execution"]
        elif block.expected and block.expected.strip():
            cell.outputs = [new_output("stream", name="stdout", text=block.expected)]
        self.cells.append(cell)


def published_sha256(page, target: str) -> str:
    """The SHA-256 of a data file the site publishes (docs/<target>), which its notebook checks."""
    path = DOCS / target
    if not path.is_file():
        raise FileNotFoundError(
            f"{page.path.name}: its notebook_data file {target} is not in docs/ "
            "(`make site` and `make test` generate it; or run `make docs/{target}`)".replace("{target}", target)
        )
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build(
    page,
    title: str = "",
    page_url: str = "",
    link: Callable[[str], str] | None = None,
    images: dict[int, str] | None = None,
    data_link: Callable[[str], str] | None = None,
) -> nbformat.NotebookNode:
    """The notebook of `page` (a pages.Page), built from its items in order.

    The build passes a page whose prose already carries the bench figures, the page's title and
    URL, `link`, which maps a relative link target to a URL a notebook can use, and `images`, the
    SVG of each mermaid fence by number (without it a fence stays a mermaid fence). With `link`,
    the site's images are attached and the data cell is added. `data_link` (default: `link`) maps
    the page's data files to the URLs the data cell fetches: the page's run passes only it, to
    fetch them from `docs/` served locally, so that the run executes the same code cells the site
    offers, data cell included, alone in an empty folder (tests/test_notebooks.py compares the
    offered notebook with the executed copy).
    """
    nb = _Builder(page.lang, link or (lambda t: t), Path(page.path).parent if link else None)
    fence_at = {f.line: f for f in diagrams.fences(page)} if images else {}
    nb.cells.append(new_markdown_cell(TEXT[page.lang]["intro"].format(title=title or page.slug, url=page_url)))
    data_link = data_link or link
    if data_link and page.meta.get("notebook_data"):
        nb.data(
            {name: (data_link(target), published_sha256(page, target)) for name, target in page.meta["notebook_data"].items()}
        )
    admonitions: list[tuple[int, bool]] = []  # (body indent, wrapped in <details>)

    def leave(indent: int) -> None:
        while admonitions and indent < admonitions[-1][0]:
            if admonitions.pop()[1]:
                nb.md += ["", "</details>", ""]

    items = page.items
    for n, item in enumerate(items):
        if isinstance(item, Block):
            leave(len(item.indent.expandtabs(4)))
            nb.block(item)
            continue
        lines = item.lines
        skip_to, in_caption = -1, False
        for i, line in enumerate(lines):
            if i <= skip_to:
                continue  # inside a diagram fence drawn as its image
            if line.strip():
                leave(len(line) - len(line.lstrip()))
            fence = fence_at.get(item.start + i)
            if fence is not None:
                nb.image(fence, images[fence.number])
                skip_to = i + fence.source.count("\n") + 1
                continue
            m = ADMONITION.match(line)
            if m:
                body_indent = len(m["indent"]) + 4
                has_code = _admonition_has_code(lines[i + 1 :], body_indent, items[n + 1 :])
                title_ = m["title"] or m["type"].capitalize()
                details = m["kind"].startswith("???") and not has_code
                nb.md.append(f"<details><summary>{title_}</summary>\n" if details else f"**{title_}**")
                admonitions.append((body_indent, details))
                continue
            indent = admonitions[-1][0] if admonitions else 0
            if CAPTION.match(line) or (in_caption and line.strip() == "///"):
                in_caption = not in_caption  # a figure's caption block (pymdownx.blocks.caption)
                continue
            nb.prose(f"*{_dedent(line, indent)}*" if in_caption and line.strip() else _dedent(line, indent))
    leave(0)
    nb.flush()
    for k, cell in enumerate(nb.cells):
        cell.id = f"cell-{k:03d}"  # nbformat's default ids are random: the same page gives the same file
    notebook = new_notebook(cells=nb.cells)
    notebook.metadata.update(
        kernelspec={"name": "python3", "display_name": "Python 3", "language": "python"},
        language_info={"name": "python"},
    )
    nbformat.validate(notebook)
    return notebook


def _admonition_has_code(rest: list[str], body_indent: int, later_items: list) -> bool:
    """Whether a code block sits inside the admonition that starts before `rest`."""
    for line in rest:
        if line.strip() and len(line) - len(line.lstrip()) < body_indent:
            return False  # the admonition ends inside this prose
    block = next((i for i in later_items if isinstance(i, Block)), None)
    return block is not None and len(block.indent.expandtabs(4)) >= body_indent


def code_cells(nb) -> list:
    """The notebook's code cells that are the page's blocks (not the data cell)."""
    return [c for c in nb.cells if c.cell_type == "code" and DATA_TAG not in c.metadata.get("tags", [])]


def cell_blocks(page) -> list:
    """The page's blocks that become code cells, in the order of the notebook's code cells."""
    return [b for b in page.blocks if TIERS[b.tier].notebook != "text"]
