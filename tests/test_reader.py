"""Bad input to the one page reader fails with file:line and what to write instead, in pytest
(the page's ::read item) and in `mkdocs build` (the plugin raises the same message)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from verified_docs.build import with_figures
from verified_docs.figures import FigureError
from verified_docs.mkdocs_plugin import VerifiedDocsPlugin
from verified_docs.pages import Block, PageError, Prose, read
from verified_docs.project import snippet_options

GOOD = """# Title

<!--pytest.mark.run-->
```python
--8<-- "t/es/01_a.py"
```

<!--pytest-codeblocks:expected-output-->
```text
--8<-- "t/es/01_a.out"
```
"""


@pytest.fixture
def snippets(tmp_path):
    (tmp_path / "t/es").mkdir(parents=True)
    (tmp_path / "t/es/01_a.py").write_text("print(1)\n")
    (tmp_path / "t/es/01_a.out").write_text("1\n")
    return tmp_path


def read_text(text, snippets, path="page.es.md"):
    options = dict(snippet_options()) | {"base_path": [str(snippets)]}
    return read(text, snippets / path, first_line=3, options=options)


def test_a_good_page_reads_into_prose_and_blocks_with_spans(snippets):
    page = read_text(GOOD, snippets)
    kinds = [type(i).__name__ for i in page.items]
    assert kinds == ["Prose", "Block"]
    block = page.blocks[0]
    assert isinstance(block, Block) and isinstance(page.items[0], Prose)
    # first_line=3: the text starts on the file's third line (after front matter)
    assert (block.start, block.lineno, block.end) == (5, 6, 13)
    assert block.code.strip() == "print(1)" and block.expected.strip() == "1" and block.tier == "run"
    assert block.lines[0] == "<!--pytest.mark.run-->" and block.lines[-1] == "```"


@pytest.mark.parametrize(
    "change, message",
    [
        (("pytest.mark.run", "pytest.mark.runn"), r"page\.es\.md:5: unknown tier 'runn'; write a tier mark such as"),
        (("<!--pytest.mark.run-->\n", ""), r"page\.es\.md:5: this code fence has no tier; put a tier mark"),
        (
            ('--8<-- "t/es/01_a.py"', "print(1)"),
            r'page\.es\.md:6: code comes from a file in snippets/ through one --8<-- "page/lang/NN_name.ext" line',
        ),
        (("01_a.py", "01_b.py"), r'page\.es\.md:6: snippet "t/es/01_b.py" not found under .*create it, or fix the name'),
        (("01_a.out", "01_b.out"), r"page\.es\.md:11: the recorded output .*01_b\.out does not exist; run `make outputs`"),
        (
            ("pytest.mark.run", 'pytest.mark.run(python="3.13")'),
            r"page\.es\.md:5: the run tier does not take python; it takes figure, volatile",
        ),
        (("pytest.mark.run", "pytest.mark.run(3)"), r"page\.es\.md:5: the mark's options must be keyword literals"),
        (
            ("pytest.mark.run", 'pytest.mark.run(volatile=r"(")'),
            r"page\.es\.md:5: option volatile='\(' must be a regular expression that compiles",
        ),
        (
            ("pytest.mark.run", "pytest.mark.resolve(python=3.13)"),
            r'page\.es\.md:5: option python=3\.13 must be a version string such as "3\.13"',
        ),
        (("pytest.mark.run", "pytest.mark.lint"), r"page\.es\.md:10: nothing compares this recorded output: only run blocks"),
        (("```python", "```yaml"), r"page\.es\.md:6: a tiered block is python or bash / sh, not 'yaml'"),
    ],
)
def test_bad_input_names_file_line_and_the_fix(snippets, change, message):
    with pytest.raises(PageError, match=message):
        read_text(GOOD.replace(*change), snippets)


def test_an_unknown_bench_key_names_file_and_line(snippets):
    page = read_text(GOOD + "\nTook {{ bench:har.jax.warm_41 }}.\n", snippets)
    with pytest.raises(FigureError, match=r"page\.es\.md:15: unknown bench key 'har\.jax\.warm_41'"):
        with_figures(page)


def test_mkdocs_build_fails_with_the_same_message(snippets, tmp_path):
    bad = tmp_path / "docs" / "bad.es.md"
    bad.parent.mkdir()
    bad.write_text("---\ntitle: x\n---\n" + GOOD.replace("pytest.mark.run", "pytest.mark.runn"))
    plugin = VerifiedDocsPlugin()
    plugin.on_config(None)
    page = SimpleNamespace(file=SimpleNamespace(abs_src_path=str(bad)), url="bad/")
    with pytest.raises(PluginError, match=r"bad\.es\.md:6: unknown tier 'runn'"):
        plugin.on_page_markdown(GOOD.replace("pytest.mark.run", "pytest.mark.runn"), page, SimpleNamespace(site_url="/"), None)


def test_a_new_tier_is_one_entry_in_the_table(snippets, monkeypatch):
    """Reader, badge, notebook and markers follow tiers.TIERS: nothing else names the tiers."""
    from verified_docs import tiers
    from verified_docs.build import badge
    from verified_docs.notebooks import build as notebook
    from verified_docs.pytest_plugin import pytest_configure

    new = tiers.Tier(
        "slow",
        "syntax",
        None,
        compare=False,
        notebook="text",
        mutation="static",
        marker_help="only syntax, too slow for CI",
        badge={"es": ("lento", "Lento."), "en": ("slow", "Slow.")},
    )
    monkeypatch.setitem(tiers.TIERS, "slow", new)
    page = read_text(GOOD.replace("pytest.mark.run", "pytest.mark.slow").split("<!--pytest-codeblocks")[0], snippets)
    assert page.blocks[0].tier == "slow"
    assert "tier--slow" in "\n".join(badge(page.blocks[0])) and "lento" in "\n".join(badge(page.blocks[0]))
    cells = notebook(page).cells
    assert not [c for c in cells if c.cell_type == "code"] and "lento" in cells[-1].source  # a terminal step, as text
    lines = []
    pytest_configure(
        SimpleNamespace(
            addinivalue_line=lambda name, line: lines.append(line),
            getoption={"--page-jobs": 1}.get,
            pluginmanager=SimpleNamespace(register=lambda *a: None),
        )
    )
    assert "slow: only syntax, too slow for CI" in lines


def test_every_site_language_has_the_engines_texts():
    """A language added to mkdocs.yml needs the engine's few sentences in it; this says which."""
    from verified_docs import build, figures, notebooks, project, prose_marks, prose_number_rules, tiers, translation_banner
    from verified_docs.project import languages

    tables = {
        "tiers.TIERS[*].badge": [t.badge for t in tiers.TIERS.values()],
        "build.STAMP": [build.STAMP],
        "build.LABEL": [build.LABEL],
        "build.NOTEBOOK_LINK": [build.NOTEBOOK_LINK],
        "notebooks.TEXT": [notebooks.TEXT],
        "figures.TEXT": [figures.TEXT],
        "translation_banner.BANNER": [translation_banner.BANNER],
        "project.LANG_NAMES": [project.LANG_NAMES],
        "prose_marks.LABELS, .TITLES, .SOURCES": [prose_marks.LABELS, prose_marks.TITLES, prose_marks.SOURCES],
        "prose_number_rules word lists": [
            getattr(prose_number_rules, name) for name in ("SECTION_WORDS", "STEP_WORDS", "MONTHS", "VERSION_HEADERS", "JOINERS")
        ],
    }
    missing = [
        f"{name}['{lang}']" for name, group in tables.items() for table in group for lang in languages() if lang not in table
    ]
    assert not missing, "translate these for the site's languages (mkdocs.yml): " + ", ".join(sorted(set(missing)))


@pytest.mark.parametrize(
    ("field", "typo"),
    [("check", "exectue"), ("requires", "GPU"), ("notebook", "cel"), ("mutation", "failing_statement"), ("compare", "yes")],
)
def test_a_typo_in_a_tiers_field_fails_when_the_table_is_built(field, typo):
    """A tier whose field no part of the engine knows would silently be checked as no tier is."""
    from dataclasses import replace

    from verified_docs import tiers

    with pytest.raises(ValueError, match=rf"tier 'run': {field}={typo!r} is not one of"):
        replace(tiers.TIERS["run"], **{field: typo})


def test_requires_applies_only_to_an_executed_tier_and_options_need_a_check():
    from dataclasses import replace

    from verified_docs import tiers

    with pytest.raises(ValueError, match="requires='gpu' applies only to check='execute'"):
        replace(tiers.TIERS["lint"], requires="gpu")
    with pytest.raises(ValueError, match=r"options \['timeout'\] have no check"):
        replace(tiers.TIERS["run"], options=frozenset({"volatile", "timeout"}))


@pytest.mark.parametrize(
    ("source", "span"),
    [
        ("---\ntitle: x\n---\n\n# Body\n", (0, 2)),
        ("---\ntitle: x\nlist:\n  - a\n...\n# Body\n", (0, 4)),
        ("---\n- not a mapping\n---\n# Body\n", None),  # MkDocs reads no front matter here, so neither do we
        ("# Body\n---\ntitle: x\n---\n", None),
    ],
)
def test_front_matter_is_where_mkdocs_finds_it(source, span):
    """One rule for front matter (MkDocs' own): the translation record is read and written there."""
    from verified_docs.pages import front_matter_span

    assert front_matter_span(source) == span


def test_the_notebook_renderer_imports_no_checker():
    """Rendering a page (here: its notebook) needs the reader and the renderers, not the checks:
    a change to the number tracer, the static check or the runner cannot change a rendering."""
    import subprocess
    import sys

    probe = (
        "import sys, verified_docs.notebooks; print(' '.join(sorted(m for m in sys.modules if m.startswith('verified_docs'))))"
    )
    loaded = set(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split())
    checkers = {
        f"verified_docs.{m}" for m in ("prose_numbers", "static", "checks", "execute", "mutation", "code_parity", "bench")
    }
    assert not loaded & checkers, f"verified_docs.notebooks imports checkers: {sorted(loaded & checkers)}"
