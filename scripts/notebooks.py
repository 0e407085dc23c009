"""Turn a tutorial page into a runnable Jupyter notebook, in the page's language.

The code cells are the page's own blocks, expanded from snippets/ by the harness reader
(tests/pages.py), so the notebook runs exactly what the page shows and what CI checked:

- run-tier Python blocks become code cells, with the output CI recorded as their stored output;
  a block the page asks to save as a file becomes a `%%writefile` cell; a shell block, `%%bash`;
- gpu and network blocks become code cells tagged `skip-execution` (nbclient skips them; a reader
  with a GPU or a network runs them);
- install lines and system commands (resolve, lint) stay as text: they belong in a terminal.

The prose between blocks becomes Markdown cells: admonitions turn into a bold title (collapsed
ones without code into <details>), links to other pages and to site assets become absolute URLs
under `site_url`, and HTML comments go.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

from scripts.tiers import MARK_LINE, SHELL, TIERS

OUTPUT_MARK = re.compile(r"^[ \t]*<!--\s*pytest-codeblocks:expected-output\s*-->[ \t]*$")
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})")
ADMONITION = re.compile(r'^(?P<indent>[ \t]*)(?P<kind>!!!|\?\?\?\+?)\s+(?P<type>[\w-]+)(?:\s+"(?P<title>[^"]*)")?\s*$')
COMMENT = re.compile(r"<!--.*?-->", re.S)
LINK = re.compile(r"(\]\()(?P<target>[^)\s]+)(\))")
RUN_IN_NOTEBOOK = {"run", "gpu", "network"}  # the others are terminal steps, shown as text

TEXT = {
    "es": {
        "intro": "Notebook generado a partir de la página [{title}]({url}) del sitio. Las salidas guardadas "
        "en él son las que registró la batería de pruebas al ejecutar la página en CPU. Las celdas "
        "marcadas `skip-execution` necesitan una GPU o red; las instalaciones y los comandos de sistema "
        "aparecen como texto para tu terminal.",
        "label": "Verificación",
    },
    "en": {
        "intro": "Notebook generated from the site's page [{title}]({url}). The outputs stored in it are "
        "the ones the test suite recorded when it ran the page on a CPU. Cells tagged `skip-execution` "
        "need a GPU or a network; installs and system commands appear as text for your terminal.",
        "label": "Verification",
    },
}


def _fence_end(lines: list[str], start: int) -> int:
    """Index of the line that closes the fence opened at lines[start]."""
    m = FENCE.match(lines[start])
    for j in range(start + 1, len(lines)):
        c = FENCE.match(lines[j])
        if c and c["fence"][0] == m["fence"][0] and len(c["fence"]) >= len(m["fence"]) and lines[j].strip() == c["fence"]:
            return j
    raise ValueError(f"unclosed fence at line {start + 1}")


def _dedent(line: str, n: int) -> str:
    return line[n:] if line[:n].strip() == "" else line.lstrip()


class _Builder:
    def __init__(self, lang: str, link: Callable[[str], str]):
        self.lang, self.link = lang, link
        self.cells: list = []
        self.md: list[str] = []

    def flush(self):
        text = "\n".join(self.md).strip("\n")
        if text.strip():
            self.cells.append(new_markdown_cell(text))
        self.md = []

    def prose(self, line: str):
        line = COMMENT.sub("", line) if "<!--" in line and "-->" in line else line
        self.md.append(LINK.sub(lambda m: m[1] + self.link(m["target"]) + m[3], line))

    def block(self, block):
        short, long = TIERS[block.tier][self.lang]
        self.md.append(f"*{TEXT[self.lang]['label']}: {short}.* {long}")
        code = block.code.rstrip("\n")
        if block.tier not in RUN_IN_NOTEBOOK:
            self.md += ["", f"```{block.syntax}", code, "```"]
            return
        self.flush()
        if block.is_file:
            source = f"%%writefile {block.title}\n{code}"
        elif block.syntax in SHELL:
            source = f"%%bash\n{code}"
        else:
            source = code
        cell = new_code_cell(source)
        if block.tier != "run" and not block.is_file:  # saving a file is harmless, and later cells run it
            cell.metadata["tags"] = ["skip-execution"]
        elif block.expected and block.expected.strip():
            cell.outputs = [new_output("stream", name="stdout", text=block.expected)]
        self.cells.append(cell)


def build(page, markdown: str, title: str, page_url: str, link: Callable[[str], str]) -> nbformat.NotebookNode:
    """The notebook of `page` (tests.pages.Page), whose Markdown source is `markdown`.

    `markdown` is the page text after placeholder substitution, with its tier marks; its k-th
    mark is page.blocks[k]. `link` maps a relative link target to the URL a notebook can use.
    """
    nb = _Builder(page.lang, link)
    nb.cells.append(new_markdown_cell(TEXT[page.lang]["intro"].format(title=title, url=page_url)))
    lines = markdown.splitlines()  # MkDocs has already taken the front matter off
    blocks = iter(page.blocks)
    admonitions: list[tuple[int, bool]] = []  # (body indent, wrapped in <details>)
    i = 0
    while i < len(lines):
        line = lines[i]
        # leave admonitions whose body has ended
        while admonitions and line.strip() and len(line) - len(line.lstrip()) < admonitions[-1][0]:
            if admonitions.pop()[1]:
                nb.md += ["", "</details>", ""]
        indent = admonitions[-1][0] if admonitions else 0
        if MARK_LINE.match(line):
            block = next(blocks, None)
            if block is None or not FENCE.match(lines[i + 1]):
                raise ValueError(f"{page.path}: tier mark at source line {i + 1} without its block")
            i = _fence_end(lines, i + 1) + 1
            j = i
            while j < len(lines) and not lines[j].strip():
                j += 1
            if j < len(lines) and OUTPUT_MARK.match(lines[j]):
                i = _fence_end(lines, j + 1) + 1
            nb.block(block)
            continue
        m = ADMONITION.match(line)
        if m:
            body_indent = len(m["indent"]) + 4
            end = next((k for k in range(i + 1, len(lines)) if lines[k].strip() and len(lines[k]) - len(lines[k].lstrip()) < body_indent), len(lines))
            has_code = any(MARK_LINE.match(x) for x in lines[i + 1 : end])
            title = m["title"] or m["type"].capitalize()
            details = m["kind"].startswith("???") and not has_code
            nb.md.append(f"<details><summary>{title}</summary>\n" if details else f"**{title}**")
            admonitions.append((body_indent, details))
            i += 1
            continue
        nb.prose(_dedent(line, indent))
        i += 1
    while admonitions:
        if admonitions.pop()[1]:
            nb.md += ["", "</details>"]
    nb.flush()
    left = list(blocks)
    if left:
        raise ValueError(f"{page.path}: {len(left)} block(s) not found after their tier marks")
    for k, cell in enumerate(nb.cells):
        cell.id = f"cell-{k:03d}"  # nbformat's default ids are random: the same page gives the same file
    notebook = new_notebook(cells=nb.cells)
    notebook.metadata.update(
        kernelspec={"name": "python3", "display_name": "Python 3", "language": "python"},
        language_info={"name": "python"},
    )
    nbformat.validate(notebook)
    return notebook
