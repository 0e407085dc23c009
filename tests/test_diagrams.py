"""Diagrams drawn once as SVG and committed; formulas rendered at build time; bad input fails the build.

The committed SVG of every mermaid fence must be the one mermaid draws from the fence now (redrawn
here with the real renderer), and no SVG may be left that no fence draws. A fence mermaid cannot
parse, a fence without an accessible title, and a formula KaTeX rejects each fail
`mkdocs build --strict` with the page, the line and the renderer's message.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from mkdocs.utils.yaml import yaml_load

from verified_docs import diagrams
from verified_docs.pages import readable_pages
from verified_docs.project import MKDOCS_YML, ROOT, rel
from verified_docs.site_build import mkdocs_build

FENCES = [f for page in readable_pages() for f in diagrams.fences(page)]


@pytest.mark.parametrize("fence", FENCES, ids=[f"{f.slug}.{f.lang}.{f.number}" for f in FENCES])
def test_each_fence_has_its_committed_svg(fence):
    assert diagrams.committed(fence) is not None, (
        f"{fence.where}: {rel(fence.path)} is missing or was drawn from another source; run `make diagrams` and commit it"
    )


def test_no_svg_is_left_that_no_fence_draws():
    orphans = sorted(set(diagrams.OUT.glob("*.svg")) - {f.path for f in FENCES})
    assert not orphans, f"no mermaid fence draws {[rel(o) for o in orphans]}; `make diagrams` removes them"


def test_committed_svgs_are_what_mermaid_draws_now():
    """Redraws every diagram with mermaid-cli and the Chromium `make test` installs, and compares
    each with its committed SVG (diagrams.drawing_difference): every element, style and label
    always, the numbers too where the same browser version drew it. Never skipped: a browser of
    another build still has to draw the same elements and labels."""
    if why := diagrams.renderer_missing():
        pytest.fail(f"mermaid's renderer cannot run: {why}", pytrace=False)
    proc = subprocess.run(
        [sys.executable, "-m", "verified_docs.diagrams", "--check"], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, proc.stderr


def _hand_edits():
    svg = diagrams.committed(FENCES[0])
    label = re.search(r"<tspan[^>]*>([^<]{4,})</tspan>", svg)[1]
    colour = re.search(r"fill:(#[0-9a-fA-F]{3,6})", svg)[1]
    edge = re.search(r'<path [^>]*class="[^"]*flowchart-link[^>]*>', svg)[0]
    move = re.search(r'transform="translate\(([\d.]+)', svg)
    moved = svg[: move.start(1)] + str(float(move[1]) + 40) + svg[move.end(1) :]
    return svg, {
        "a label retyped": svg.replace(label, label[::-1], 1),
        "a colour changed": svg.replace(colour, "#ff00ff", 1),
        "an edge deleted": svg.replace(edge, "", 1),
        "a node moved 40 px": moved,
    }


@pytest.mark.parametrize("edit", ["a label retyped", "a colour changed", "an edge deleted", "a node moved 40 px"])
def test_a_hand_edited_svg_is_not_what_mermaid_draws(edit):
    """The comparison the check applies, on a committed SVG edited by hand (its source unchanged):
    an edit of what the drawing shows is a difference whichever browser redraws it; a moved node is
    one where the same browser version redraws it."""
    drawn, edits = _hand_edits()
    assert diagrams.drawing_difference(drawn, drawn, same_major=True) is None
    found = diagrams.drawing_difference(edits[edit], drawn, same_major=True)
    assert found, f"{edit}: the hand-edited SVG passed as mermaid's drawing"
    if edit != "a node moved 40 px":
        assert diagrams.drawing_difference(edits[edit], drawn, same_major=False), (
            f"{edit}: passed as mermaid's drawing when another browser version redraws it"
        )


def test_the_suites_builds_never_redraw_a_stale_svg(monkeypatch):
    """A stale SVG fails the suite's build (conftest sets NO_DRAWING) instead of being redrawn."""
    page = next(p for p in readable_pages() if diagrams.fences(p))
    monkeypatch.setattr(diagrams, "committed", lambda fence: None)
    monkeypatch.setattr(diagrams, "draw", lambda fences: pytest.fail("drew during a test build"))
    with pytest.raises(diagrams.DiagramError, match="the test suite checks the committed SVGs.*make diagrams"):
        diagrams.svgs(page)


def test_a_stale_svg_without_the_renderer_says_what_to_run(monkeypatch):
    page = next(p for p in readable_pages() if diagrams.fences(p))
    monkeypatch.delenv(diagrams.NO_DRAWING)
    monkeypatch.setattr(diagrams, "committed", lambda fence: None)
    monkeypatch.setattr(diagrams, "renderer_missing", lambda: "no Chromium at /nowhere")
    with pytest.raises(
        diagrams.DiagramError, match=r"\.md:\d+ \[\w+\], mermaid diagram 1: .*no Chromium at /nowhere.*make diagrams"
    ):
        diagrams.svgs(page)


# ------------------------------------------------------------------------------ bad input, through mkdocs


def build(tmp_path: Path, body: str, **env: str):
    """`mkdocs build --strict` of a one-page site (both languages) with the project's own config."""
    docs = tmp_path / "docs"
    docs.mkdir()
    for lang in ("es", "en"):
        (docs / f"index.{lang}.md").write_text(body, encoding="utf-8")
    config = yaml_load(MKDOCS_YML.read_text())  # MkDocs' own loader: it resolves !ENV
    config.pop("nav", None)
    config.pop("watch", None)
    config.update(docs_dir=str(docs), site_dir=str(tmp_path / "site"))
    config["theme"]["custom_dir"] = str(ROOT / config["theme"]["custom_dir"])
    (tmp_path / "mkdocs.yml").write_text(yaml.dump(config, allow_unicode=True))
    return mkdocs_build("-f", str(tmp_path / "mkdocs.yml"), **env)


def test_a_diagram_mermaid_cannot_parse_fails_the_build(tmp_path):
    if why := diagrams.renderer_missing():
        pytest.fail(f"mermaid's renderer cannot run: {why}", pytrace=False)
    # Drawing on, as on an author's machine: mermaid itself must reject the fence.
    proc = build(
        tmp_path,
        "# Título\n\nTexto.\n\n```mermaid\nflowchart TB\n  accTitle: Roto\n  A --> \n  -- x\n```\n",
        **{diagrams.NO_DRAWING: ""},
    )
    assert proc.returncode != 0
    assert re.search(
        r"index\.es\.md:9 \[es\], mermaid diagram 1 \(fence at line 5\): mermaid cannot draw this diagram:\nParse error on line 4",
        proc.stderr,
    ), proc.stderr[-2000:]
    assert not list(diagrams.OUT.glob("index.*")), "a failed drawing must not leave an SVG behind"


def test_a_diagram_without_a_title_fails_the_build(tmp_path):
    proc = build(tmp_path, "# Título\n\n```mermaid\nflowchart TB\n  A --> B\n```\n")
    assert proc.returncode != 0
    assert re.search(r"index\.es\.md:3 \[es\], mermaid diagram 1: no `accTitle: …` line", proc.stderr), proc.stderr[-2000:]


def test_a_diagram_inside_a_fold_fails_the_build_naming_its_line(tmp_path):
    """Indented raw HTML is not a block to Python-Markdown: a diagram in a fold or a list would be a
    <figure> inside a <p>, so the build refuses it before drawing anything."""
    fold = '??? note "Un desplegable"\n    ```mermaid\n    flowchart TB\n      accTitle: Dentro\n      A --> B\n    ```\n'
    proc = build(tmp_path, f"# Título\n\nTexto.\n\n{fold}")
    assert proc.returncode != 0
    assert re.search(r"index\.es\.md:\d+: a mermaid diagram inside a fold or a list", proc.stderr), proc.stderr[-2000:]


def test_a_formula_katex_rejects_fails_the_build(tmp_path):
    proc = build(tmp_path, "# Título\n\nUna fórmula:\n\n$$\n\\frac{1}{\\sigmaa}\n$$\n")
    assert proc.returncode != 0
    assert re.search(
        r"index\.es\.md:6 \[es\]: KaTeX cannot render the formula .*\n.*Undefined control sequence: \\sigmaa", proc.stderr
    ), proc.stderr[-2000:]


def test_a_formula_is_named_by_its_own_line_not_an_earlier_match():
    """A short formula's text also occurs elsewhere (front matter, code, other formulas)."""
    from verified_docs.formulas import _line_of

    source = "---\nx: $n$\n---\n\n```python\nn = '$n$'\n```\nText $n-1$ and $n$.\n\n$$\n\\frac{1}{n}\n$$\n"
    assert _line_of("n", False, source) == 8
    assert _line_of("\\frac{1}{n}\n", True, source) == 11
