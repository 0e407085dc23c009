"""The README's list of pages, derived from mkdocs.yml's nav (and the English nav translations),
so that adding a page pair touches the pages, their snippets and the nav, and this one command:

    .venv/bin/python -m verified_docs.readme_pages          # rewrite the list in README.md
    .venv/bin/python -m verified_docs.readme_pages --check  # exit 1, saying so, when it is stale
"""

from __future__ import annotations

import re
import sys

from .project import ROOT, default_language, languages, mkdocs_config, nav_pages

README = ROOT / "README.md"
START = "<!-- pages: written by `.venv/bin/python -m verified_docs.readme_pages` from mkdocs.yml's nav -->"
END = "<!-- pages: end -->"
COMMAND = ".venv/bin/python -m verified_docs.readme_pages"


def _titles(lang: str) -> dict[str, str]:
    """Spanish nav title -> its title in lang (the i18n plugin's nav_translations)."""
    config = next(l for l in mkdocs_config().plugins["i18n"].config.languages if l.locale == lang)
    return dict(config.nav_translations or {})


def page_list() -> str:
    """One line per nav entry: its title in each language, each linking that language's page."""
    lines = []
    others = [lang for lang in languages() if lang != default_language()]
    for _, title, target in nav_pages():
        stem = target.removesuffix(".md")
        links = [f"[{title}](docs/{stem}.{default_language()}.md)"]
        links += [f"[{_titles(lang).get(title, title)}](docs/{stem}.{lang}.md)" for lang in others]
        lines.append("- " + " · ".join(links))
    return "\n".join(lines)


def written(text: str) -> str:
    """README text with the list between START and END rewritten."""
    pattern = re.compile(re.escape(START) + r"\n.*?" + re.escape(END), re.S)
    if not pattern.search(text):
        raise SystemExit(f"README.md has no page list: put these two lines where it goes:\n{START}\n{END}")
    return pattern.sub(lambda _: f"{START}\n{page_list()}\n{END}", text)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    text = README.read_text(encoding="utf-8")
    new = written(text)
    if "--check" in argv:
        if new != text:
            print(f"README.md's list of pages is not mkdocs.yml's nav: run `{COMMAND}`", file=sys.stderr)
            return 1
        return 0
    README.write_text(new, encoding="utf-8")
    print("README.md: list of pages written from mkdocs.yml's nav")
    return 0


if __name__ == "__main__":
    sys.exit(main())
