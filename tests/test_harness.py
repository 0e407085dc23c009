"""The harness goes red for the right reason: a broken snippet or a changed recorded output fails,
and the message names the page, the language, the line and the snippet file."""

import pytest

from verified_docs.execute import check_outputs, figure_difference, run_page_tier
from verified_docs.pages import load_page
from verified_docs.project import snippet_options

# Makes its own pages (or none): --cached keeps its verdict when a page of the site changes.
pytestmark = pytest.mark.independent_of_pages

PAGE = """# Self-test

<!--pytest.mark.run-->
```python
--8<-- "selftest/es/01_suma.py"
```

<!--pytest-codeblocks:expected-output-->
```text
--8<-- "selftest/es/01_suma.out"
```
"""
SNIPPET = 'total = sum(range(5))\nprint("total:", total)\nprint("doble:", 2 * total)\n'


@pytest.fixture
def page(tmp_path):
    (tmp_path / "snippets/selftest/es").mkdir(parents=True)
    (tmp_path / "docs").mkdir()
    (tmp_path / "snippets/selftest/es/01_suma.py").write_text(SNIPPET)
    (tmp_path / "snippets/selftest/es/01_suma.out").write_text("total: 10\ndoble: 20\n")
    (tmp_path / "docs/selftest.es.md").write_text(PAGE)
    return tmp_path


def check(root, **run):
    options = dict(snippet_options()) | {"base_path": [str(root / "snippets")]}
    pg = load_page(root / "docs/selftest.es.md", options)
    blocks, results, stderr = run_page_tier(pg, "run", root / "snippets", **run)
    return "\n".join(check_outputs(blocks, results, stderr, record=False, nodeid="NODE"))


def test_unchanged_page_passes(page):
    assert check(page) == ""


@pytest.mark.parametrize("line", [1, 2, 3])
def test_a_raising_line_fails_naming_everything(page, line):
    snippet = page / "snippets/selftest/es/01_suma.py"
    lines = snippet.read_text().splitlines()
    lines[line - 1] = 'raise RuntimeError("x")'
    snippet.write_text("\n".join(lines) + "\n")
    report = check(page)
    assert "selftest.es.md [es], block at line 4" in report
    assert "snippets/selftest/es/01_suma.py" in report
    assert f'01_suma.py", line {line}' in report and "RuntimeError: x" in report  # real traceback
    assert 'rerun just this: .venv/bin/python -m pytest "NODE"' in report


def test_a_changed_digit_in_the_recording_fails_with_a_diff(page):
    (page / "snippets/selftest/es/01_suma.out").write_text("total: 10\ndoble: 21\n")
    report = check(page)
    assert "output differs from its recording" in report
    assert "-doble: 21\n+doble: 20" in report


def test_output_the_page_does_not_show_fails(page):
    (page / "docs/selftest.es.md").write_text(PAGE.split("<!--pytest-codeblocks")[0])
    assert "prints output but the page shows none" in check(page)


SVG = b'<svg><path d="M 74.027024 165.442939 L 84.263238 181.995885" style="stroke: #ff7f0e"/></svg>\n'


def test_a_figure_with_float_noise_is_the_same_picture():
    """Another CPU's last bits move a point by 1e-5 px: the same drawing, not a failure."""
    assert figure_difference(SVG, SVG.replace(b"165.442939", b"165.442953")) is None


@pytest.mark.parametrize(
    "made, named",
    [
        (SVG.replace(b"181.995885", b"182.995885"), "line 1: 181.995885 recorded, 182.995885 drawn"),
        (SVG.replace(b"#ff7f0e", b"#1f77b4"), "-<svg><path"),  # another colour: a diff
        (SVG.replace(b" L 84.263238 181.995885", b""), "+<svg><path"),  # a point fewer: a diff
        (b"\x89PNG\r\n\x1a\n\x00\x01", "binary files: 98 bytes recorded, 10 bytes drawn, not the same bytes"),
    ],
)
def test_a_changed_figure_is_reported(made, named):
    recorded = SVG if not made.startswith(b"\x89PNG") else b"\x89PNG" + bytes(94)
    assert named in figure_difference(recorded, made)


def test_a_hung_cell_fails_its_block_after_the_cell_timeout(page):
    """A kernel that never returns fails the page, naming the block that hung, instead of holding
    the CI job until it is killed (execute.CELL_TIMEOUT_S, shortened here)."""
    (page / "snippets/selftest/es/01_suma.py").write_text("import time\ntime.sleep(60)\n" + SNIPPET)
    report = check(page, cell_timeout=2)
    assert "selftest.es.md [es], block at line 4" in report
    assert "it did not finish within 2 s" in report and "CELL_TIMEOUT_S" in report
