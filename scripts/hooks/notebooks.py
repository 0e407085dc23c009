"""MkDocs hook: offer each tutorial page as a Jupyter notebook, in the page's language.

A page with run-tier blocks gets `<slug>.ipynb` next to its HTML and a download link under the
title. The notebook is built by scripts/notebooks.py from the same snippets the page includes;
tests/test_notebooks.py executes the notebooks the built site offers.

Runs after bench_figures (its figures are already in the text) and before tier_badges (whose
badges replace the tier marks this hook reads): see the priorities below.
"""

import html
import json
import posixpath
import re
import sys
from pathlib import Path

from mkdocs.plugins import event_priority

PROJECT = str(Path(__file__).resolve().parents[2])
LINK_TEXT = {
    "es": "Descargar esta página como notebook de Jupyter",
    "en": "Download this page as a Jupyter notebook",
}
_NOTEBOOKS: dict[str, tuple[str, str]] = {}  # page URL -> (file name, JSON), written in on_post_page


def _imports():
    # MkDocs restores sys.path after loading a hook, so the project root is added at call time.
    if PROJECT not in sys.path:
        sys.path.append(PROJECT)
    from scripts import notebooks
    from tests.pages import load_page

    return notebooks, load_page


def _link(page, config, lang_prefix: str):
    site = config.site_url or "/"

    def link(target: str) -> str:
        if target.startswith("#"):
            return site + page.url + target
        if re.match(r"^[a-z][a-z0-9+.-]*:|^/", target):  # already absolute
            return target
        path, _, anchor = target.partition("#")
        path = posixpath.normpath(posixpath.join(posixpath.dirname(page.file.src_uri), path))
        if path.endswith(".md"):
            slug = path[: -len(".md")]
            url = site + lang_prefix + ("" if slug == "index" else slug + "/")
        else:
            url = site + path  # shared assets live at the site root
        return url + ("#" + anchor if anchor else "")

    return link


@event_priority(-10)
def on_page_markdown(markdown, page, config, files):
    notebooks, load_page = _imports()
    doc = load_page(Path(page.file.abs_src_path))
    if not any(b.tier == "run" for b in doc.blocks):
        return markdown
    prefix = f"{doc.lang}/" if page.url.startswith(f"{doc.lang}/") else ""  # non-default language
    heading = re.search(r"^# (.+)$", markdown, re.M)
    title = heading[1].strip() if heading else doc.slug
    nb = notebooks.build(doc, markdown, title, (config.site_url or "/") + page.url, _link(page, config, prefix))
    name = f"{posixpath.basename(doc.slug)}.ipynb"
    _NOTEBOOKS[page.url] = name, json.dumps(nb, ensure_ascii=False, indent=1) + "\n"
    link = (
        f'<p class="notebook-download"><a href="{name}" download>{html.escape(LINK_TEXT[doc.lang])}</a> '
        f"(<code>{name}</code>)</p>\n\n"
    )
    head, sep, rest = markdown.partition("\n")
    return f"{head}\n\n{link}{rest}" if head.startswith("# ") else link + markdown


def on_post_page(output, page, config):
    if page.url in _NOTEBOOKS:
        name, text = _NOTEBOOKS.pop(page.url)
        dest = Path(config.site_dir) / page.url / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(text, encoding="utf-8")
    return output
