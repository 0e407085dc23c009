"""MkDocs hook: show the reader how each page and block was verified.

- Badges: the page marks a block with a pytest-codeblocks comment (<!--pytest.mark.run-->) that the
  test harness reads; this hook turns the same comment into a visible, labelled badge, so what the
  reader is told and what CI does come from one marker. Tier names and texts: scripts/tiers.py.
- Stamp: a page with run-tier blocks says when the test suite last ran it and passed, with which
  versions, from the record that run wrote (build/cache/pages/<page>.<lang>.run.json); if there is
  none, or the page changed since, it says so. Never a hand-written date.
"""

import html
import json
import re
import sys
from pathlib import Path

from mkdocs.plugins import event_priority

PROJECT = str(Path(__file__).resolve().parents[2])
sys.path.insert(0, PROJECT)  # MkDocs restores sys.path after loading a hook: see stamp()
from scripts.tiers import MARK_LINE, TIERS  # noqa: E402

LABEL = {"es": "Verificación", "en": "Verification"}
RECORDS = Path(__file__).resolve().parents[2] / "build" / "cache" / "pages"
STAMP = {
    "es": {
        "ok": "Verificada el {date}: la batería de pruebas ejecutó esta página en CPU y comparó sus salidas, con {versions}.",
        "changed": "La página ha cambiado desde su última verificación ({date}); ejecuta `make test`.",
        "none": "Esta construcción no tiene registro de que la batería de pruebas haya ejecutado esta página: ejecuta `make test`.",
    },
    "en": {
        "ok": "Verified on {date}: the test suite ran this page on a CPU and compared its outputs, with {versions}.",
        "changed": "The page has changed since it was last verified ({date}); run `make test`.",
        "none": "This build has no record of the test suite running this page: run `make test`.",
    },
}


def stamp(page, lang: str) -> str:
    if PROJECT not in sys.path:
        sys.path.append(PROJECT)
    from tests.pages import content_hash, load_page, page_lang

    src = Path(page.file.abs_src_path)
    slug, _ = page_lang(src)
    record = RECORDS / f"{slug}.{lang}.run.json"
    text = STAMP[lang]
    if not record.is_file():
        kind, body = "none", text["none"]
    else:
        data = json.loads(record.read_text())
        versions = ", ".join(f"{k} {v}" for k, v in data["versions"].items())
        current = content_hash(load_page(src))
        kind = "ok" if data.get("content") == current else "changed"
        body = text[kind].format(date=data["date"], versions=versions)
    return f'<p class="verified verified--{kind}">{html.escape(body).replace("`make test`", "<code>make test</code>")}</p>\n\n'



def page_language(page) -> str:
    m = re.search(r"\.(es|en)\.md$", page.file.src_uri)
    return m[1] if m else "es"


@event_priority(-20)  # after scripts/hooks/notebooks.py has read the tier marks this replaces
def on_page_markdown(markdown, page, config, files):
    lang = page_language(page)

    def badge(m):
        tier = m["tier"]
        if tier not in TIERS:
            return m[0]  # not a tier mark; the harness reports it
        short, long = TIERS[tier][lang]
        # A Markdown paragraph with attr_list, not a raw <p>: raw HTML indented inside a list item
        # gets wrapped in another <p>, and the browser then splits the badge from its block.
        return (
            f'{m["indent"]}<span class="tier__label">{LABEL[lang]}:</span> {html.escape(short)}\n'
            f'{m["indent"]}{{: .tier .tier--{tier} title="{html.escape(long)}" }}\n'
        )

    badged = MARK_LINE.sub(badge, markdown)
    if any(m["tier"] == "run" for m in MARK_LINE.finditer(markdown)):
        # after the title, where a reader looks first
        title, sep, rest = badged.partition("\n")
        badged = f"{title}\n\n{stamp(page, lang)}{rest}" if title.startswith("# ") else stamp(page, lang) + badged
    return badged
