"""Spanish and English are the same site: same pages, same blocks in the same order, same numbers."""

from __future__ import annotations

import re

import pytest

from verified_docs.code_parity import block_problem
from verified_docs.pages import Page, page_paths, readable_pages
from verified_docs.project import ROOT, languages, rel

LANGS = languages()

SNIPPETS = ROOT / "snippets"
NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")

PAGES: dict[str, dict[str, Page]] = {}
for page in readable_pages():
    PAGES.setdefault(page.slug, {})[page.lang] = page


@pytest.mark.parametrize("path", page_paths(), ids=[rel(p) for p in page_paths()])
def test_every_page_exists_in_both_languages(path):
    for lang in LANGS:
        twin = path.with_name(re.sub(rf"\.({'|'.join(LANGS)})\.md$", f".{lang}.md", path.name))
        assert twin.is_file(), f"{rel(path)} has no {lang} version: write {rel(twin)}"


def shape(block) -> tuple:
    return (
        block.tier,
        block.syntax,
        block.is_file,
        block.output_file is not None,
        block.snippet.name.split("_")[0],  # the NN order prefix
    )


@pytest.mark.parametrize("slug", sorted(PAGES))
def test_same_blocks_in_same_order(slug):
    langs = PAGES[slug]
    if set(langs) != set(LANGS):
        pytest.skip("a language is missing (reported by test_every_page_exists_in_both_languages)")
    for page in langs.values():
        for block in page.blocks:
            expected_dir = SNIPPETS / page.slug / page.lang
            assert block.snippet.parent == expected_dir, f"{block.where}: snippet must live in {rel(expected_dir)}/"
    base = langs[LANGS[0]]  # the default language: the others are its translations
    for other in (langs[lang] for lang in LANGS[1:]):
        a, b = [shape(x) for x in base.blocks], [shape(x) for x in other.blocks]
        for i, (x, y) in enumerate(zip(a, b)):
            assert x == y, (
                f"block {i + 1} differs between languages:\n  {base.lang} {base.blocks[i].where}: {x}\n"
                f"  {other.lang} {other.blocks[i].where}: {y}\n(tier, syntax, saved file, has output, order prefix)"
            )
        assert len(a) == len(b), f"{slug}: {len(a)} blocks in {base.lang}, {len(b)} in {other.lang}"


@pytest.mark.parametrize("slug", sorted(PAGES))
def test_no_orphan_snippets(slug):
    """Every file in snippets/<page>/<lang>/ is on the page (an unused snippet is untested code)."""
    for lang, page in PAGES[slug].items():
        used = {b.snippet for b in page.blocks} | {b.output_file for b in page.blocks if b.output_file}
        folder = SNIPPETS / slug / lang
        if not folder.is_dir():
            assert not page.blocks, f"{rel(page.path)} has blocks but no {rel(folder)}/"
            continue
        orphans = sorted(rel(p) for p in folder.iterdir() if p.is_file() and p.resolve() not in used)
        assert not orphans, f"{rel(page.path)} [{lang}] does not use: {orphans}"


@pytest.mark.parametrize("slug", sorted(PAGES))
def test_both_languages_print_the_same_numbers(slug):
    langs = PAGES[slug]
    if set(langs) != set(LANGS):
        pytest.skip("a language is missing")
    pairs = [(a, b) for lang in LANGS[1:] for a, b in zip(langs[LANGS[0]].blocks, langs[lang].blocks)]
    for a, b in pairs:
        if a.expected is None or b.expected is None:
            continue
        # timings, or the last digits of a float: no two runs share them. Each language's block
        # masks its own wording (a Spanish pattern does not match the English sentence).
        ta, tb = (re.sub(x.options["volatile"], "…", x.expected) if x.options.get("volatile") else x.expected for x in (a, b))
        na, nb = NUMBER.findall(ta), NUMBER.findall(tb)
        assert na == nb, f"the languages print different numbers:\n  {rel(a.output_file)}: {na}\n  {rel(b.output_file)}: {nb}"


# Each translated block beside the default language's, in page order (shapes: test above).
CODE_PAIRS = [
    pytest.param(a, b, id=f"{slug}:{a.snippet.name.split('_')[0]}" + (f":{lang}" if len(LANGS) > 2 else ""))
    for slug, langs in sorted(PAGES.items())
    if set(langs) == set(LANGS)
    for lang in LANGS[1:]
    for a, b in zip(langs[LANGS[0]].blocks, langs[lang].blocks)
]


@pytest.mark.parametrize("a, b", CODE_PAIRS)
def test_same_code_in_every_language(a, b):
    """Same program in every language: names (consistently across the page), comments and prose
    strings may be translated; code and values may not (code_parity's rules)."""
    message = block_problem(a, b)
    if message:
        pytest.fail(message, pytrace=False)


# A module two pages both ask the reader to save: each page's run writes its own copy (a snippet
# lives in its page's folder), and the copies must stay one file, as the second page says.
SHARED_MODULES = [
    ("saving-serving/es/01_piezas.py", "saving-other-nets/es/01_piezas.py"),
    ("saving-serving/en/01_pieces.py", "saving-other-nets/en/01_pieces.py"),
]


@pytest.mark.parametrize(("original", "copy"), SHARED_MODULES, ids=[c for _, c in SHARED_MODULES])
def test_a_module_two_pages_share_is_the_same_file_in_both(original, copy):
    first, second = ROOT / "snippets" / original, ROOT / "snippets" / copy
    assert second.read_text(encoding="utf-8") == first.read_text(encoding="utf-8"), (
        f"snippets/{copy} is no longer snippets/{original}, though its page says it is the same module: "
        f"copy one onto the other (cp snippets/{original} snippets/{copy}) and record both pages again"
    )
