"""The pages stay valid pytest-codeblocks documents: its own extractor
(`pytest_codeblocks.extract_from_buffer`), run over each page with its includes expanded as MkDocs
expands them, finds the same code blocks, at the same lines, with the same marks and the same
recorded outputs as the engine's reader (verified_docs.pages). The engine's grammar cannot drift
from the package the pages are written for; the engine only runs the blocks (in a kernel: see the
README's "pytest-codeblocks and mkdocs-jupyter")."""

import io

import pytest
from pytest_codeblocks import extract_from_buffer

from verified_docs.pages import PageError, _options, expand, load_page, readable_pages
from verified_docs.project import rel, snippet_options
from verified_docs.tiers import MARK_LINE, NOT_CODE

PAGES = readable_pages()


def disagreements(path) -> list[str]:
    """Where pytest-codeblocks reads the page otherwise than the engine does (empty: nowhere)."""
    try:
        page = load_page(path)
    except PageError as exc:
        return [f"the engine cannot read it: {exc}"]
    text = path.read_text(encoding="utf-8")
    # The front matter has no fences: extracting from the whole file keeps the file's line numbers.
    try:
        theirs = [b for b in extract_from_buffer(io.StringIO(text)) if (b.syntax.split() or [""])[0] not in NOT_CODE]
        expanded = [
            b
            for b in extract_from_buffer(io.StringIO("\n".join(expand(text.splitlines(), dict(snippet_options()))) + "\n"))
            if (b.syntax.split() or [""])[0] not in NOT_CODE
        ]
    except RuntimeError as exc:  # its own grammar errors (an unknown keyword, an unclosed fence)
        return [f"{rel(path)}: pytest-codeblocks cannot read it: {exc}"]
    ours = page.blocks
    where = rel(path)
    out = []
    if not (len(theirs) == len(expanded) == len(ours)):
        out.append(
            f"{where}: pytest-codeblocks finds {len(theirs)} code blocks ({len(expanded)} once expanded), "
            f"the engine {len(ours)}, at lines {[b.lineno for b in theirs]} against {[b.lineno for b in ours]}"
        )
        return out
    for raw, full, block in zip(theirs, expanded, ours):
        at = f"{where}:{block.lineno}"
        if raw.lineno != block.lineno:
            out.append(f"{at}: pytest-codeblocks puts this block at line {raw.lineno}")
        marks = [m for m in raw.marks if m.startswith("pytest.mark.")]
        if len(marks) != 1:
            out.append(f"{at}: pytest-codeblocks reads the marks {raw.marks}, not one tier mark")
            continue
        mark = MARK_LINE.match(f"<!--{marks[0]}-->")
        if not mark or mark["tier"] != block.tier or _options(mark["tier"], mark["args"], at) != block.options:
            out.append(f"{at}: pytest-codeblocks reads the mark {marks[0]!r}; the engine, tier {block.tier} with {block.options}")
        if (raw.syntax.split() or [""])[0] != block.syntax:
            out.append(f"{at}: pytest-codeblocks reads the language {raw.syntax!r}, the engine {block.syntax!r}")
        if full.code != block.code:
            out.append(f"{at}: the expanded code differs from the engine's")
        if (full.expected_output is None) != (block.output_file is None) or (
            block.expected is not None and full.expected_output != block.expected
        ):
            out.append(
                f"{at}: pytest-codeblocks reads its recorded output as {full.expected_output!r:.80}, "
                f"the engine as {block.expected!r:.80}"
            )
    return out


@pytest.mark.parametrize("page", PAGES, ids=[p.id for p in PAGES])
def test_pytest_codeblocks_reads_the_page_as_the_engine_does(page):
    assert not disagreements(page.path), "\n".join(disagreements(page.path))


SELFTEST = """# Grammar

<!--pytest.mark.run-->
```python
--8<-- "keras-10-min/es/03_backend.py"
```

<!--pytest-codeblocks:expected-output-->
```text
--8<-- "keras-10-min/es/03_backend.out"
```

<!--pytest.mark.run-->
```python
--8<-- "keras-10-min/es/05_tres_apis.py"
```
"""


def test_the_selftest_page_reads_the_same(tmp_path):
    """The page the next test breaks is itself read alike (so a disagreement there is the change's)."""
    assert not disagreements(_write(SELFTEST, tmp_path))


@pytest.mark.parametrize(
    "change, named",
    [
        # a fence the engine accepts and pytest-codeblocks does not see
        (
            lambda t: t.replace('```python\n--8<-- "keras-10-min/es/05', '~~~python\n--8<-- "keras-10-min/es/05').replace(
                '05_tres_apis.py"\n```', '05_tres_apis.py"\n~~~'
            ),
            "pytest-codeblocks finds 1 code blocks (1 once expanded), the engine 2",
        ),
        # pytest-codeblocks' `cont`: to it, the second block continues the first; to the engine it is prose
        (
            lambda t: t.replace(
                '\n\n<!--pytest.mark.run-->\n```python\n--8<-- "keras-10-min/es/05',
                '\n\n<!--pytest-codeblocks:cont-->\n<!--pytest.mark.run-->\n```python\n--8<-- "keras-10-min/es/05',
            ),
            "pytest-codeblocks finds 1 code blocks",
        ),
    ],
)
def test_a_page_the_extractor_reads_otherwise_is_named(tmp_path, change, named):
    changed = change(SELFTEST)
    assert changed != SELFTEST
    found = disagreements(_write(changed, tmp_path))
    assert found and named in found[0], found


def _write(text, folder):
    path = folder / "grammar.es.md"
    path.write_text(text, encoding="utf-8")
    return path
