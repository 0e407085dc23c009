"""MkDocs hook: each language is a site of its own for Material's search and language selector.

What mkdocs-static-i18n 1.3 + Material 9.8 do on their own, and why it is not enough:

- The i18n plugin writes one search index for both languages at site/search/ and every page's
  `__config.base` points at the site root, so a Spanish reader searching gets English pages and
  vice versa. Here the index is split into one per language (site/search/ and site/en/search/),
  each with its own lunr language, and pages of a non-default language point `base` at their
  language root, where Material fetches the index and resolves result links.
- Material fetches `sitemap.xml` next to every `<link rel="alternate" hreflang>` in <head> (to map
  a page to its translation); the i18n plugin points those links at pages, so every page load
  logged a 404. The visible language selector already links page to page, and the plugin's
  sitemap.xml declares the same alternates for search engines, so the <head> copies are dropped.
"""

import json
import posixpath
import re
from pathlib import Path

from mkdocs.plugins import event_priority

CONFIG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)
HEAD_ALTERNATE = re.compile(r'\s*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')


def languages(config) -> tuple[str, list[str]]:
    """The default locale and the others, as the i18n plugin is configured."""
    langs = config.plugins["i18n"].config.languages
    return next(l.locale for l in langs if l.default), [l.locale for l in langs if not l.default]


def on_post_page(output, page, config):
    head, sep, body = output.partition("</head>")
    output = HEAD_ALTERNATE.sub("", head) + sep + body
    locale = getattr(page.file, "locale", None)
    default, _ = languages(config)
    if locale and locale != default and page.url.startswith(f"{locale}/"):

        def rebase(m):
            cfg = json.loads(m[2])
            cfg["base"] = posixpath.join(cfg["base"], locale, "")  # trailing slash: URLs resolve inside it
            return m[1] + json.dumps(cfg, ensure_ascii=False) + m[3]

        output = CONFIG.sub(rebase, output, count=1)
    return output


@event_priority(-200)  # after the i18n plugin (-100) has written the combined index
def on_post_build(config):
    default, others = languages(config)
    root = Path(config.site_dir) / "search" / "search_index.json"
    if not root.is_file():
        return
    index = json.loads(root.read_text(encoding="utf-8"))
    docs = {lang: [] for lang in [default, *others]}
    for doc in index["docs"]:
        lang = next((l for l in others if doc["location"].startswith(f"{l}/")), default)
        if lang != default:
            doc = dict(doc, location=doc["location"][len(lang) + 1 :])
        docs[lang].append(doc)
    for lang, entries in docs.items():
        path = root if lang == default else Path(config.site_dir) / lang / "search" / "search_index.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        split = dict(index, config=dict(index["config"], lang=[lang]), docs=entries)
        path.write_text(json.dumps(split, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
