"""The build steps: plain functions over page text and built HTML. mkdocs_plugin.py only calls them.

For each page, in this order (`render_page`):
1. figures   bench placeholders in the prose become measured values (figures.py); trace labels
             (^fuente^, ^source^) become small marks (prose_marks.py); mermaid fences become
             their committed SVGs (diagrams.py)
2. badges    each tier mark becomes a visible badge: what CI does with the block (tiers.py)
3. stamp     under the title: when the suite last ran the page and passed (records.py)
4. notebook  a page with run-tier blocks gets its notebook, built from the page model with the
             figures in (not from the badged text)
After the page is written: hreflang <link>s dropped, a non-default language's search base set
(`finish_html`); after the whole site: one search index per language (`split_search_index`).

Nothing here depends on MkDocs, so moving the site to another generator changes only the adapter.
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from . import diagrams, figures, notebooks, prose_marks, reading_time, records, translation_banner
from .pages import FENCE, Block, Page, Prose, content_hash, page_lang
from .project import DOCS, ROOT, language_name, rel
from .tiers import CI_TIER, OUTPUT_LINE, TIERS

LABEL = {"es": "Verificación", "en": "Verification"}
STAMP = {
    "es": {
        "ok": "Verificada el {date}: la batería de pruebas ejecutó esta página en CPU y comparó sus salidas, con {versions}.",
        "through": "Verificada el {date}: la batería de pruebas ejecutó en CPU el original de esta página, en {original}, con "
        "{versions}, y comprobó que el código de esta es el mismo programa y que sus salidas son las del original traducidas.",
        "changed": "La página ha cambiado desde su última verificación ({date}); ejecuta `make test`.",
        "none": "Esta construcción no tiene registro de que la batería de pruebas haya ejecutado esta página: ejecuta `make test`.",
    },
    "en": {
        "ok": "Verified on {date}: the test suite ran this page on a CPU and compared its outputs, with {versions}.",
        "through": "Verified on {date}: the test suite ran this page's {original} original on a CPU, with {versions}, and "
        "checked that this page's code is the same program and that its outputs are the original's, translated.",
        "changed": "The page has changed since it was last verified ({date}); run `make test`.",
        "none": "This build has no record of the test suite running this page: run `make test`.",
    },
}
NOTEBOOK_LINK = {
    "es": "Descargar esta página como notebook de Jupyter",
    "en": "Download this page as a Jupyter notebook",
}


@dataclass
class Rendered:
    markdown: str
    notebook: tuple[str, str] | None = None  # (file name, JSON text), written next to the page


# ------------------------------------------------------------------------------ per page


def with_figures(page: Page) -> Page:
    """Step 1: the page with its prose's bench placeholders filled."""
    cache: dict = {}
    items = []
    for item in page.items:
        if isinstance(item, Prose) and any("{{" in ln for ln in item.lines):
            text = "\n".join(figures.substitute(item.lines, item.start, rel(page.path), page.lang, cache))
            item = Prose(text.split("\n"), item.start)
        items.append(item)
    return replace(page, items=items)


def notebook_of(
    page: Page, title: str, page_url: str, link: Callable[[str], str], images: dict[int, str]
) -> tuple[str, str] | None:
    """Step 2: (file name, JSON) of the page's notebook, if it has run-tier blocks."""
    if not page.has(CI_TIER):
        return None
    nb = notebooks.build(page, title, page_url, link, images)
    return f"{posixpath.basename(page.slug)}.ipynb", json.dumps(nb, ensure_ascii=False, indent=1) + "\n"


def badge(block: Block) -> list[str]:
    """Step 3: the lines that replace a block's tier mark."""
    short, long = TIERS[block.tier].badge[block.lang]
    # A Markdown paragraph with attr_list, not a raw <p>: raw HTML indented inside a list item
    # gets wrapped in another <p>, and the browser then splits the badge from its block. Kept out of
    # the search index: it names a tier, not the page's content, and every page loads the index.
    return [
        f'{block.indent}<span class="tier__label">{LABEL[block.lang]}:</span> {html.escape(short)}',
        f'{block.indent}{{: .tier .tier--{block.tier} title="{html.escape(long)}" data-search-exclude="" }}',
        "",
    ]


def unsearched(lines: list[str]) -> list[str]:
    """A block's lines (its code fence first, then its recorded output's) with both kept out of the
    search index. Every page loads the whole index, on a phone too; without the blocks it is about
    a third smaller, and the prose still names what the code uses (inline code stays searchable)."""
    out = list(lines)
    for i, line in enumerate(out):
        m = FENCE.match(line) if i == 0 or OUTPUT_LINE.match(out[i - 1]) else None
        if m and m["info"].strip() and not m["info"].lstrip().startswith("{"):
            words = m["info"].split(maxsplit=1)
            attrs = " ".join([f".{words[0]}", *words[1:], 'data-search-exclude=""'])
            out[i] = f"{m['indent']}{m['fence']}{{ {attrs} }}"
    # The expected-output mark is for the harness, not the reader; indented (in a fold or a list) it
    # is not raw HTML to Markdown, which would wrap it and the output's <div> in a <p> (invalid HTML).
    return ["" if OUTPUT_LINE.match(line) else line for line in out]


def stamp(page: Page) -> str:
    """Step 4: the page's verification stamp, from the record its last passing run wrote."""
    record = records.read(page)
    text = STAMP[page.lang]
    if record is None:
        kind, body = "none", text["none"]
    else:
        versions = ", ".join(f"{k} {v}" for k, v in record["versions"].items())
        kind = "ok" if record.get("content") == content_hash(page) else "changed"
        through = record.get("through") if kind == "ok" else None  # proven by its original's run (translation_proof)
        original = language_name(page_lang(ROOT / through)[1], page.lang) if through else ""
        body = text["through" if through else kind].format(date=record["date"], versions=versions, original=original)
    # Kept out of the search index, like the notebook link: every page loads the index, and neither
    # is the page's content.
    return f'<p class="verified verified--{kind}" data-search-exclude>{html.escape(body).replace("`make test`", "<code>make test</code>")}</p>'


def title_of(page: Page) -> str:
    for item in page.items:
        if isinstance(item, Prose):
            for line in item.lines:
                if line.startswith("# "):
                    return line[2:].strip()
    return page.slug


IMAGE = re.compile(r"!\[(?P<alt>[^\]]*)\]\((?P<src>[^)\s]+\.svg)\)(?!\{)")
SVG_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="(?P<w>[\d.]+)(?P<wu>pt|px)?"[^>]*?\bheight="(?P<h>[\d.]+)(?P<hu>pt|px)?"', re.S)


def sized_images(page: Page) -> Page:
    """Each SVG image of the page's prose with its own width and height (so the page does not jump
    when it arrives) and loaded only when the reader scrolls near it (`loading="lazy"`)."""

    def size(m: re.Match) -> str:
        svg = DOCS / posixpath.normpath(posixpath.join(posixpath.dirname(page.slug), m["src"]))
        found = SVG_SIZE.search(svg.read_text(encoding="utf-8")[:2000]) if svg.is_file() else None
        if not found:
            return m[0]  # a missing file fails MkDocs' own link check; a size-less SVG stays as written
        px = [round(float(found[v]) * (4 / 3 if found[v + "u"] == "pt" else 1)) for v in ("w", "h")]
        return f'{m[0]}{{ width="{px[0]}" height="{px[1]}" loading="lazy" }}'

    items = [
        Prose([IMAGE.sub(size, line) for line in item.lines], item.start) if isinstance(item, Prose) else item
        for item in page.items
    ]
    return replace(page, items=items)


def render_page(page: Page, site_url: str, link: Callable[[str], str]) -> Rendered:
    """All per-page steps, in order: the Markdown for the page and its notebook."""
    reading = reading_time.line(page)  # of the page as written: the figure the home page and the suite show
    page = reading_time.substitute(with_figures(page))
    page = prose_marks.render(page)  # ^fuente^ / ^source^ trace labels as small <sup> marks
    drawn = diagrams.svgs(page)  # each mermaid fence's SVGs, committed or drawn now
    lines: list[str] = []
    for item in diagrams.inline(sized_images(page), drawn).items:  # the notebook keeps plain image links
        lines += item.lines if isinstance(item, Prose) else badge(item) + unsearched(item.lines[1:])
    stamped = [stamp(page)] if page.has(CI_TIER) else []
    nb = notebook_of(page, title_of(page), site_url + page.url, link, drawn)  # from the page model, not from the badged text
    under_title = translation_banner.banner(page)  # a translation published behind its original says so first
    under_title.append(
        f'<p class="reading-time" title="{html.escape(reading_time.RULE[page.lang])}" data-search-exclude>'
        f"{html.escape(reading)}</p>"
    )
    if nb:
        under_title.append(
            f'<p class="notebook-download" data-search-exclude><a href="{nb[0]}" download>{html.escape(NOTEBOOK_LINK[page.lang])}</a> '
            f"(<code>{nb[0]}</code>)</p>"
        )
    under_title += stamped
    if under_title:
        at = next((i + 1 for i, ln in enumerate(lines) if ln.startswith("# ")), 0)
        lines[at:at] = [""] + [x for u in under_title for x in (u, "")]
    return Rendered("\n".join(lines) + "\n", nb)


def notebook_link(page: Page, site_url: str) -> Callable[[str], str]:
    """Maps a link in the page's Markdown to an absolute URL a downloaded notebook can use."""
    site = site_url or "/"
    prefix = page.url[: -len(page.slug) - 1] if page.slug != "index" and page.url.endswith(page.slug + "/") else page.url

    def link(target: str) -> str:
        if target.startswith("#"):
            return site + page.url + target
        if re.match(r"^[a-z][a-z0-9+.-]*:|^/", target):  # already absolute
            return target
        path, _, anchor = target.partition("#")
        path = posixpath.normpath(posixpath.join(posixpath.dirname(page.slug), path))
        if path.endswith(".md"):
            slug = path[: -len(".md")]
            url = site + prefix + ("" if slug == "index" else slug + "/")
        else:
            url = site + path  # shared assets live at the site root
        return url + ("#" + anchor if anchor else "")

    return link


# ------------------------------------------------------------------------------ built HTML

LOCAL_HOSTS = ("127.0.0.1", "localhost", "0.0.0.0")
CONFIG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)
HEAD_ALTERNATE = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')


def finish_html(output: str, page_lang: str, url: str, default_lang: str) -> str:
    """Each language is a site of its own for Material's search and language selector.

    - Material fetches `sitemap.xml` next to every `<link rel="alternate" hreflang>` in <head>; the
      i18n plugin points those at pages, so every load logged a 404. The selector links page to
      page and the sitemap declares the alternates, so the <head> copies go.
    - A page of a non-default language points `base` at its language root, where its own search
      index is (split_search_index) and where Material resolves result links.
    - Tables can take the keyboard focus (see below).
    - No empty tabindex; highlighted code with fewer elements; code blocks and image figures
      focusable (see below).
    """
    head, sep, body = output.partition("</head>")
    # Material wraps each table in a box that scrolls sideways on a phone; a focusable table lets
    # a keyboard scroll it (axe-core: scrollable-region-focusable); so does one shown as cards on a
    # phone (phone_tables.py), which scrolls on wider screens.
    body = MARKDOWN_TABLE.sub(r'<table\1 tabindex="0">', focusable_scrollers(lighter_code(no_empty_tabindex(body))))
    output = HEAD_ALTERNATE.sub("", head) + sep + body
    if page_lang != default_lang and url.startswith(f"{page_lang}/"):

        def rebase(m):
            cfg = json.loads(m[2])
            cfg["base"] = posixpath.join(cfg["base"], page_lang, "")  # trailing slash: URLs resolve inside it
            return m[1] + json.dumps(cfg, ensure_ascii=False) + m[3]

        output = CONFIG.sub(rebase, output, count=1)
    return output


# Pygments wraps every name, operator, punctuation mark and run of whitespace in a span that the
# site paints in the code's own colour (docs/assets/site.css; Material's --md-code-hl-name-color is
# --md-code-fg-color) or not at all: on the lesson they were half of the page's elements, and a
# phone lays out each one. Their text stays, unwrapped; the colour of every other token is kept.
PLAIN_TOKEN = re.compile(r'<span class="(?:n|o|p|w)">([^<]*)</span>')


# Material makes a code block that scrolls sideways focusable (tabindex) when it mounts the block,
# and with content.lazy (mkdocs.yml) it mounts a block only once the reader scrolls to it: until then
# a keyboard could not reach an overflowing block (axe: scrollable-region-focusable). Every block
# starts focusable; Material takes the tabindex off the ones that do not scroll when it mounts them.
CODE_IN_PRE = re.compile(r"(<pre\b[^>]*>(?:<span></span>)?)<code>")
# A figure of an SVG image keeps a legible width on a phone and scrolls sideways (site.css): a
# keyboard reaches it too, as it does a wide diagram (diagrams.figure) or a table.
IMAGE_FIGURE = re.compile(r'<figure>(?=\s*(?:<p>)?\s*<img [^>]*src="[^"]*\.svg")')


def lighter_code(body: str) -> str:
    """The same highlighted code with fewer elements (see PLAIN_TOKEN)."""
    return PLAIN_TOKEN.sub(r"\1", body)


def focusable_scrollers(body: str) -> str:
    """Code blocks and image figures, which may scroll sideways, reachable by keyboard (see
    CODE_IN_PRE and IMAGE_FIGURE)."""
    return CODE_IN_PRE.sub(r'\1<code tabindex="0">', IMAGE_FIGURE.sub('<figure tabindex="0">', body))


MARKDOWN_TABLE = re.compile(r'<table((?: data-phone="cards")?)>')  # as Python-Markdown and phone_tables write it


def no_empty_tabindex(body: str) -> str:
    """Material's nav template writes tabindex="" on a section's label (navigation.sections): an
    empty tabindex is invalid HTML and browsers ignore it, so dropping it changes nothing else."""
    return body.replace(' tabindex=""', "")


SWITCHER_LINK = re.compile(r'(<a href=")[^"]*(" hreflang="(?P<lang>[\w-]+)" class="md-select__link">)')


def not_found_page(output: str, site_dir: Path, lang: str, default_lang: str, base: str) -> str:
    """Each language's build renders 404.html to the site root; the default language keeps the root
    (the page a host serves for any missing address) and the others go to <lang>/404.html.

    The i18n plugin leaves the language switcher and the <head> alternates of a not-found page
    pointing at whichever page it rendered last; they point at the home pages instead (`base`,
    site_url's path, since a not-found page is served at any depth)."""
    head, sep, body = output.partition("</head>")
    output = (
        HEAD_ALTERNATE.sub("", head)
        + sep
        + SWITCHER_LINK.sub(
            lambda m: m[1] + base + ("" if m["lang"] == default_lang else f"{m['lang']}/") + m[2], no_empty_tabindex(body)
        )
    )
    if lang == default_lang:
        return output
    (site_dir / lang).mkdir(parents=True, exist_ok=True)
    (site_dir / lang / "404.html").write_text(output, encoding="utf-8")
    root = site_dir / "404.html"
    return root.read_text(encoding="utf-8") if root.is_file() else output


def split_search_index(site_dir: Path, default_lang: str, others: list[str]) -> None:
    """The i18n plugin writes one search index mixing languages; write one per language instead."""
    root = Path(site_dir) / "search" / "search_index.json"
    if not root.is_file():
        return
    index = json.loads(root.read_text(encoding="utf-8"))
    docs = {lang: [] for lang in [default_lang, *others]}
    for doc in index["docs"]:
        lang = next((l for l in others if doc["location"].startswith(f"{l}/")), default_lang)
        if lang != default_lang:
            doc = dict(doc, location=doc["location"][len(lang) + 1 :])
        docs[lang].append(doc)
    for lang, entries in docs.items():
        path = root if lang == default_lang else Path(site_dir) / lang / "search" / "search_index.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        split = dict(index, config=dict(index["config"], lang=[lang]), docs=entries)
        path.write_text(json.dumps(split, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
