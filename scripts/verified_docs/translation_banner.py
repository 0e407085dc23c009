"""The notice a translation published behind its original shows its readers, under its title, in
the page's language: how far behind it is (from the record translations.py reads) and a link to
the original."""

from __future__ import annotations

import html
import posixpath

from .pages import Page
from .project import default_language, language_name
from .translations import read_record, status

BANNER = {
    "en": {
        "title": "This translation is behind the original",
        "since": "The {name} original has changed since this page was last brought up to date "
        "({commits} {commit_word}, +{added}/−{removed} lines since {date}).",
        "unknown": "The {name} original has changed since this page was last brought up to date.",
        "link": "Read the {name} original",
        "commit_word": ("commit", "commits"),
    },
    "es": {
        "title": "Esta traducción está atrasada respecto al original",
        "since": "El original en {name} ha cambiado desde la última vez que se puso al día esta página "
        "({commits} {commit_word}, +{added}/−{removed} líneas desde el {date}).",
        "unknown": "El original en {name} ha cambiado desde la última vez que se puso al día esta página.",
        "link": "Leer el original en {name}",
        "commit_word": ("commit", "commits"),
    },
}


def banner(page: Page) -> list[str]:
    """Markdown blocks to put under the title of a page published behind its original: one
    admonition, in the page's language, linking the original and saying how far behind it is."""
    record = read_record(page.path)  # the one reader of the record, as the check reads it
    if page.lang == default_language() or not (record and record.behind):
        return []  # most pages: no hashing, no git history, on every build and serve reload
    st = status(page.path)
    if st.state != "behind":
        return []  # a stale flag is the check's error, not something to tell readers
    text = BANNER[page.lang]
    name = language_name(default_language(), page.lang)
    if st.since:
        s = st.since
        body = text["since"].format(
            name=name,
            commits=s.commits,
            commit_word=text["commit_word"][s.commits != 1],
            added=s.added,
            removed=s.removed,
            date=s.date,
        )
    else:
        body = text["unknown"].format(name=name)
    original = Page(path=st.source, lang=default_language(), slug=page.slug).url
    # Raw HTML: MkDocs validates Markdown links against the page's own language build, where the
    # original is not a document, so `--strict` rejects both `x.es.md` and `../../x/`.
    href = posixpath.relpath(original or ".", page.url or ".") + "/"
    link = f'<a href="{html.escape(href)}" hreflang="{default_language()}">{html.escape(text["link"].format(name=name))}</a>'
    return [f'!!! warning "{text["title"]}"\n\n    {body} {link}']
