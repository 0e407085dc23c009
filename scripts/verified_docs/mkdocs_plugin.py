"""The engine's MkDocs plugin: a thin adapter that calls build.py's steps at MkDocs' events.

Registered as `verified-docs` (pyproject.toml entry point) and listed in mkdocs.yml after the i18n
plugin. A page the reader cannot read (unknown tier, missing snippet, unknown bench key, an
option its tier does not take, a diagram mermaid cannot draw, a formula KaTeX rejects) fails
`mkdocs build` with a file:line message (the same as pytest's where pytest reads the page too).
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority

from . import build, formulas, phone_tables
from .diagrams import DiagramError
from .figures import FigureError
from .pages import PageError, read, split_front_matter


class VerifiedDocsPlugin(BasePlugin):
    def on_config(self, config):
        self._notebooks: dict[str, tuple[str, str]] = {}  # page URL -> (file name, JSON)
        # A build for publication (make publish) must not publish the builder's address.
        if os.environ.get("SITE_PUBLISH") and urlsplit(config.site_url or "").hostname in (None, *build.LOCAL_HOSTS):
            raise PluginError(
                f"a build for publication needs the site's public address, and site_url is {config.site_url!r}: "
                "set SITE_URL, e.g. `make publish SITE_URL=https://<owner>.github.io/<repository>/`"
            )
        return config

    def _languages(self, config) -> tuple[str, list[str]]:
        langs = config.plugins["i18n"].config.languages
        return next(l.locale for l in langs if l.default), [l.locale for l in langs if not l.default]

    def on_page_markdown(self, markdown, page, config, files):
        src = Path(page.file.abs_src_path)
        try:
            body, first, meta = split_front_matter(src.read_text(encoding="utf-8"), markdown)
            doc = read(body, src, first_line=first, meta=meta)
            out = build.render_page(doc, config.site_url or "/", build.notebook_link(doc, config.site_url or "/"))
        except (PageError, FigureError, DiagramError) as exc:
            raise PluginError(str(exc)) from None
        if out.notebook:
            self._notebooks[page.url] = out.notebook
        return out.markdown

    def on_page_content(self, html, page, config, files):
        try:
            html = phone_tables.mark(html)  # before the formulas: it reads their TeX as text
            return formulas.render(html, Path(page.file.abs_src_path), getattr(page.file, "locale", None) or "")
        except formulas.FormulaError as exc:
            raise PluginError(str(exc)) from None

    def on_post_template(self, output, template_name, config):
        if template_name != "404.html":
            return output
        default, _ = self._languages(config)
        base = urlsplit(config.site_url or "/").path or "/"
        return build.not_found_page(output, Path(config.site_dir), config.theme.get("language") or default, default, base)

    def on_post_page(self, output, page, config):
        if page.url in self._notebooks:
            name, text = self._notebooks.pop(page.url)
            dest = Path(config.site_dir) / page.url / name
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_text(text, encoding="utf-8")
        default, _ = self._languages(config)
        return build.finish_html(output, getattr(page.file, "locale", None) or default, page.url, default)

    @event_priority(-200)  # after the i18n plugin (-100) has written the combined index
    def on_post_build(self, config):
        default, others = self._languages(config)
        build.split_search_index(Path(config.site_dir), default, others)
