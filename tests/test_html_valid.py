"""The built site is valid HTML, as the Nu Html Checker (vnu, from npm's vnu-jar) reads it.

Material's own template has errors we do not fix in our pages; each is allowed by its message,
with the reason, and nothing else is."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from verified_docs import bench_record, figures
from verified_docs.project import ROOT, rel

VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
# Message (a regular expression) -> why it is not ours to fix.
MATERIAL_ONLY = {
    r"^Attribute “autocomplete” is only allowed when the input type is": (
        'Material\'s template puts autocomplete="off" on its checkbox toggles (drawer, search) so that '
        "Firefox does not restore them checked on reload; a behaviour, not our markup"
    ),
}


def vnu_errors(folder: Path) -> list[dict]:
    """vnu's error messages for every HTML file under `folder`."""
    java = shutil.which("java")
    if java is None or not VNU.is_file():
        missing = "java (Debian's default-jre-headless)" if java is None else rel(VNU)
        pytest.fail(f"the HTML check needs {missing}: run `make test`, which installs both", pytrace=False)
    proc = subprocess.run(
        [java, "-jar", str(VNU), "--skip-non-html", "--errors-only", "--format", "json", str(folder)],
        capture_output=True,
        text=True,
    )
    return json.loads(proc.stderr or '{"messages": []}')["messages"]


def ours(messages: list[dict], root: Path) -> list[str]:
    """Each error not on the allow-list, as file:line: message."""
    out = []
    for m in messages:
        if any(re.search(rx, m.get("message", "")) for rx in MATERIAL_ONLY):
            continue
        where = m.get("url", "").removeprefix("file:")
        where = rel(Path(where).relative_to(root)) if where.startswith(str(root)) else where
        out.append(f"{where}:{m.get('lastLine', '?')}: {m.get('message')}")
    return out


def test_the_built_site_is_valid_html(site):
    problems = ours(vnu_errors(site), site)
    shown = "\n  ".join(problems[:30])
    assert not problems, f"the Nu Html Checker finds {len(problems)} error(s) in the built site (first 30):\n  {shown}"


def test_the_html_check_names_an_output_wrapped_in_a_paragraph(tmp_path):
    """What the check guards: an indented expected-output mark once wrapped the output's <div> in a
    <p> (vnu: 'No p element in scope'), and an empty tabindex came from Material's nav."""
    page = tmp_path / "probe" / "index.html"
    page.parent.mkdir()
    page.write_text(
        '<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>p</title></head><body>'
        '<p><!--pytest-codeblocks:expected-output-->\n<div class="highlight"><pre><code>[]</code></pre></div></p>'
        '<label tabindex="">x</label><input type="checkbox" autocomplete="off"></body></html>',
        encoding="utf-8",
    )
    problems = ours(vnu_errors(tmp_path), tmp_path)
    assert any(p.startswith("probe/index.html:2: No “p” element in scope") for p in problems), problems
    assert any("tabindex" in p for p in problems), problems
    assert not any("autocomplete" in p for p in problems), problems


def test_two_bench_charts_on_one_page_are_valid_html(tmp_path):
    """The performance page shows two matplotlib charts inline; the suite's own build has no bench
    record to draw them from, so they are drawn here from the committed one and checked alone: no
    RDF metadata (SVG in HTML does not allow it) and no id that the other chart repeats."""
    record = bench_record.read_record(ROOT / "bench" / "records" / "cpu-full.json")
    charts = "".join(chart(record, "es") for chart in figures.CHARTS.values())
    page = tmp_path / "charts" / "index.html"
    page.parent.mkdir()
    page.write_text(
        f'<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>c</title></head><body>{charts}</body></html>',
        encoding="utf-8",
    )
    problems = ours(vnu_errors(tmp_path), tmp_path)
    assert not problems, "the bench charts (verified_docs/figures.py) are not valid HTML together:\n  " + "\n  ".join(
        problems[:20]
    )
