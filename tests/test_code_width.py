"""Every code line a page shows fits CODE_COLUMNS, so that a reader on a phone or beside the copy
button sees whole lines; a failure names each snippet file and line, and the page showing it."""

from __future__ import annotations

from verified_docs.pages import Page, all_pages, read
from verified_docs.project import CODE_COLUMNS, rel, snippet_options


def too_wide(pages: list[Page]) -> list[str]:
    """'snippet:line (N columns, on page [lang])' for each shown code line over CODE_COLUMNS."""
    found = {}
    for page in pages:
        for block in page.blocks:
            for number, line in enumerate(block.code.splitlines(), 1):
                if len(line) > CODE_COLUMNS:
                    where = f"{rel(block.snippet)}:{number}"
                    found.setdefault(where, f"{where} ({len(line)} columns, on {rel(page.path)})")
    return sorted(found.values())


def test_every_code_line_fits_the_column():
    wide = too_wide(all_pages())
    assert not wide, (
        f"{len(wide)} code lines are wider than {CODE_COLUMNS} columns; wrap them "
        "(ruff format --line-length 88 for the code, then comments and long strings by hand):\n" + "\n".join(wide)
    )


def test_a_wide_line_is_named_by_file_and_line(tmp_path):
    (tmp_path / "t/es").mkdir(parents=True)
    wide = "x = 1  # " + "w" * CODE_COLUMNS
    (tmp_path / "t/es/01_a.py").write_text(f"import math\n{wide}\n{'y' * CODE_COLUMNS}\n")
    text = '# T\n\n<!--pytest.mark.run-->\n```python\n--8<-- "t/es/01_a.py"\n```\n'
    options = dict(snippet_options()) | {"base_path": [str(tmp_path)]}
    page = read(text, tmp_path / "page.es.md", options=options, missing_outputs_ok=True)
    [problem] = too_wide([page])
    assert "t/es/01_a.py:2 (" in problem
    assert f"({len(wide)} columns" in problem
