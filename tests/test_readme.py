"""The front door stays one: a README short enough to read, whose list of pages is the nav's, and
whose links (and the maintainer's guide's) lead to files that exist."""

from __future__ import annotations

import re

from verified_docs import readme_pages
from verified_docs.project import ROOT

README_MAX_LINES = 150  # what the site is, the two commands, the pages, where it is published
GUIDES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md"]


def test_readme_lists_the_pages_of_the_nav():
    text = readme_pages.README.read_text(encoding="utf-8")
    assert readme_pages.written(text) == text, f"README.md's list of pages is not mkdocs.yml's nav: run `{readme_pages.COMMAND}`"


def test_readme_stays_a_front_door():
    lines = readme_pages.README.read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, (
        f"README.md has {lines} lines, over {README_MAX_LINES}: move the detail to CONTRIBUTING.md and link it"
    )


def test_the_guides_links_lead_to_files_that_exist():
    for guide in GUIDES:
        text = guide.read_text(encoding="utf-8")
        text = re.sub(r"```.*?```", "", text, flags=re.S)  # a fence shows Markdown, it does not link
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            assert (guide.parent / target).exists(), f"{guide.name}: the link to {target} leads to no file"
