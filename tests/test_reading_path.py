"""A learner's way through the site: the home page's first section is a reading order grouped as
mkdocs.yml's nav, with every nav page in it; each page says how long it takes to read, and a page
that promises a time (front matter `reading_target:`) keeps it on its main path.

Everything here is derived from mkdocs.yml, so the next page added to the nav cannot be left out of
the home page."""

from __future__ import annotations

import re

import pytest

from verified_docs import folds, reading_time
from verified_docs.pages import PageError, Prose, load_page, read, readable_pages
from verified_docs.project import DOCS, languages, mkdocs_config, nav_pages, rel

PAGES = readable_pages()
STATED = [p for p in PAGES if reading_time.target(p) is not None]
LINK = re.compile(r"\]\(([\w./-]+)\.md(?:#[^)]*)?\)")
GROUP = re.compile(r"^\*\*(?P<title>[^*]+)\*\*")


def translated(title: str, lang: str) -> str:
    config = next(l for l in mkdocs_config().plugins["i18n"].config.languages if l.locale == lang)
    return (config.nav_translations or {}).get(title, title)


def nav_groups(lang: str) -> list[tuple[str, list[str]]]:
    """The nav's sections in order, each with its pages' slugs (the home page itself left out)."""
    groups: list[tuple[str, list[str]]] = []
    for section, _, target in nav_pages():
        if section is None:
            continue
        title = translated(section, lang)
        if not groups or groups[-1][0] != title:
            groups.append((title, []))
        groups[-1][1].append(target.removesuffix(".md"))
    return groups


def home_path(lang: str) -> tuple[str, list[tuple[str, list[str]]]]:
    """(heading, groups) of the home page's first section: its bold group titles in order, each
    with the pages it links, in order."""
    text = (DOCS / f"index.{lang}.md").read_text(encoding="utf-8")
    sections = re.split(r"^## ", text, flags=re.M)
    assert len(sections) > 1, f"docs/index.{lang}.md has no ## section: the reading order is its first"
    first = sections[1]
    groups: list[tuple[str, list[str]]] = []
    for line in first.splitlines():
        if m := GROUP.match(line):
            groups.append((m["title"].strip(), []))
        for slug in LINK.findall(line):
            if groups and slug not in groups[-1][1]:
                groups[-1][1].append(slug)
    return first.splitlines()[0], groups


@pytest.mark.parametrize("lang", languages())
def test_the_home_page_opens_with_the_navs_reading_order(lang):
    heading, groups = home_path(lang)
    want = nav_groups(lang)
    where = f"docs/index.{lang}.md, section '{heading}'"
    missing = [s for _, pages in want for s in pages if all(s not in p for _, p in groups)]
    assert not missing, f"{where} does not link these pages of mkdocs.yml's nav: {', '.join(missing)}"
    assert [g for g, _ in groups] == [g for g, _ in want], (
        f"{where}: its groups (bold lines) are {[g for g, _ in groups]}, the nav's sections are {[g for g, _ in want]}"
    )
    for (title, pages), (_, nav) in zip(groups, want):
        assert pages == nav, f"{where}: group '{title}' links {pages}, the nav has {nav} in that order"


@pytest.mark.parametrize("page", STATED, ids=[p.id for p in STATED])
def test_a_page_that_states_its_time_keeps_it_on_its_main_path(page):
    goal = reading_time.target(page)
    t = reading_time.measure(page)
    assert t.main <= goal, (
        f"{rel(page.path)}: its main path takes {t.main} min to read ({t.main_words} words at "
        f"{reading_time.WORDS_PER_MINUTE} a minute), over the {goal} min it states (reading_target); "
        "fold side topics (??? note) or move them to a page of their own"
    )


PROBE = DOCS / "probe.es.md"  # a name only: a page's language and slug come from it


def test_a_closed_fold_is_off_the_main_path_and_an_open_one_is_on_it():
    words = " ".join(["palabra"] * 200)
    text = f'# T\n\n{words}\n\n??? note "Aparte"\n    {words}\n    {words}\n\n???+ tip "Abierto"\n    {words}\n'
    t = reading_time.measure(read(text, PROBE))
    # the title line, the words, the closed fold's title (seen, closed), the open fold with its words
    assert (t.main_words, t.folded_words) == (1 + 200 + 2 + 2 + 200, 400), t
    assert (t.main, t.total) == (3, 5)


def test_a_block_in_a_fold_is_off_the_main_path():
    snippet = next(b for p in PAGES for b in p.blocks if b.tier == "run" and not b.indent)
    include = rel(snippet.snippet).removeprefix("snippets/")
    fence = f'<!--pytest.mark.run-->\n```python\n--8<-- "{include}"\n```\n'
    shown = read(f"# T\n\n{fence}", PROBE)
    folded = read('# T\n\n??? note "Aparte"\n\n' + "\n".join("    " + ln for ln in fence.splitlines()), PROBE)
    code = reading_time.words(snippet.code)
    assert code > 0
    assert reading_time.measure(shown).main_words == 1 + code
    assert (reading_time.measure(folded).main_words, reading_time.measure(folded).folded_words) == (1 + 2, code)


def test_a_reading_placeholder_gives_the_pages_minutes_and_an_unknown_page_fails_naming_the_line():
    lesson = load_page(DOCS / "lesson-5-6-1.es.md")
    page = reading_time.substitute(read("# T\n\nLa lección: {{ reading: lesson-5-6-1 }} min.\n", PROBE))
    assert f"La lección: {reading_time.measure(lesson).main} min." in page.prose
    pace = reading_time.substitute(read("# T\n\na {{ reading-pace }} palabras por minuto\n", PROBE))
    assert f"a {reading_time.WORDS_PER_MINUTE} palabras por minuto" in pace.prose
    with pytest.raises(PageError, match=r"docs/probe.es.md:3: \{\{ reading: no-such-page \}\} names no page"):
        reading_time.substitute(read("# T\n\n{{ reading: no-such-page }}\n", PROBE))


@pytest.mark.parametrize("page", PAGES, ids=[p.id for p in PAGES])
def test_every_page_shows_its_reading_time_and_links_the_next_in_the_reading_order(site, page):
    html = page.html_path(site).read_text(encoding="utf-8")
    t = reading_time.measure(page)
    shown = re.search(r'<p class="reading-time"[^>]*>([^<]*)</p>', html)
    assert shown, f"{rel(page.html_path(site))}: no reading time under the title"
    assert re.search(rf"\b{t.main} min\b", shown[1]), f"{rel(page.html_path(site))}: shows '{shown[1]}', measured {t.main} min"
    order = [target.removesuffix(".md") for _, _, target in nav_pages()]
    at = order.index(page.slug)
    for kind, has in (("prev", at > 0), ("next", at < len(order) - 1)):
        found = f"md-footer__link--{kind}" in html
        assert found == has, (
            f"{rel(page.html_path(site))}: {'no' if has else 'a'} '{kind}' footer link; "
            "mkdocs.yml's theme.features needs navigation.footer, and the nav gives the order"
        )


@pytest.mark.parametrize("page", PAGES, ids=[p.id for p in PAGES])
def test_a_reader_who_skips_the_folds_can_still_run_the_main_path(page):
    problems = folds.skipped_names(page)
    assert not problems, "\n".join(problems)


def test_the_fold_check_names_a_cell_that_needs_a_folded_one():
    cells = [
        b for b in load_page(DOCS / "lesson-5-6-1.es.md").blocks if b.tier == "run" and b.syntax == "python" and not b.is_file
    ]
    maker = next(b for b in cells if "import numpy as np" in b.code)  # the first cell that imports numpy
    user = next(b for b in cells[cells.index(maker) + 1 :] if "np." in b.code and "import numpy" not in b.code)
    include = lambda b, pad="": "\n".join(  # noqa: E731
        pad + ln for ln in ["<!--pytest.mark.run-->", "```python", f'--8<-- "{rel(b.snippet).removeprefix("snippets/")}"', "```"]
    )
    text = f'# T\n\n??? note "Aparte"\n\n{include(maker, "    ")}\n\n{include(user)}\n'
    problems = folds.skipped_names(read(text, PROBE))
    assert len(problems) == 1 and rel(user.snippet) in problems[0], problems
    assert "np" in problems[0].split("needs ")[1].split(", which")[0].split(", "), problems
    answer = text.replace('??? note "Aparte"', '??? success "Solución"')  # a solution: the reader's own answer defines it
    assert folds.skipped_names(read(answer, PROBE)) == []


SAVE = {"es": re.compile(r"\bgu[aá]rd", re.I), "en": re.compile(r"\bsave\b", re.I)}
FILE_BLOCKS = [
    pytest.param(page, block, id=f"{page.id}:{block.lineno}") for page in PAGES for block in page.blocks if block.is_file
]


@pytest.mark.parametrize("page, block", FILE_BLOCKS)
def test_the_prose_before_a_file_tells_the_reader_to_save_it_by_name(page, block):
    """A block titled with a file name is a file the reader saves; the next cell imports or runs
    it, and fails with ModuleNotFoundError for a reader who only read the title bar."""
    before = page.items[page.items.index(block) - 1]
    text = " ".join(before.lines[-6:]) if isinstance(before, Prose) else ""
    example = {"es": f"«Guárdalo como `{block.title}`»", "en": f"“Save it as `{block.title}`”"}[page.lang]
    assert SAVE[page.lang].search(text) and block.title in text, (
        f"{block.where}: the prose right before this block does not tell the reader to save it as "
        f"`{block.title}` (e.g. {example})"
    )
