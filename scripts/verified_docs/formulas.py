"""Math rendered to HTML at build time with KaTeX's own renderer: no KaTeX JavaScript ships.

pymdownx.arithmatex (generic mode) finds the formulas in the Markdown and wraps each in
`<span class="arithmatex">\\(…\\)</span>` or `<div class="arithmatex">\\[…\\]</div>`. `render`
replaces what is inside each wrapper with KaTeX's HTML (and MathML), through node
(`render_math.cjs`, one process per page). The page then needs only KaTeX's stylesheet and fonts,
which overrides/main.html loads on pages with math alone. A formula KaTeX rejects fails the build
with the page, the line of the formula in the page file, and KaTeX's message.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path

from .project import ROOT, rel

RENDERER = Path(__file__).with_name("render_math.cjs")
MATH = re.compile(r'<(?P<tag>span|div) class="arithmatex">(?P<open>\\\(|\\\[)(?P<tex>.*?)(?:\\\)|\\\])</(?P=tag)>', re.S)


class FormulaError(Exception):
    """A formula KaTeX cannot render; the message starts with page:line."""


def _line_of(tex: str, display: bool, source: str) -> int | None:
    """The 1-based line of the page file where the formula is: `$tex$` inline; for a displayed one,
    the first line of its TeX after a `$$`. Outside code fences and front matter, where a short
    formula's text could also occur."""
    first = re.escape(tex.strip().split("\n")[0].strip())
    pattern = rf"\$\$\s*{first}" if display else rf"(?<!\$)\${first}\$(?!\$)"
    blanked = re.sub(r"^(```|~~~).*?^\1", lambda m: re.sub(r"[^\n]", " ", m[0]), source, flags=re.S | re.M)
    blanked = re.sub(r"\A---\n.*?^---$", lambda m: re.sub(r"[^\n]", " ", m[0]), blanked, flags=re.S | re.M)
    m = re.search(pattern, blanked)
    if not m:
        return None
    return blanked.count("\n", 0, m.start()) + 1 + (1 if display and "\n" in m[0] else 0)


def render(page_html: str, source_path: Path, lang: str) -> str:
    """`page_html` with every arithmatex formula rendered by KaTeX."""
    found = list(MATH.finditer(page_html))
    if not found:
        return page_html
    if not shutil.which("node") or not (ROOT / "node_modules" / "katex").is_dir():
        raise FormulaError(
            f"{rel(source_path)} [{lang}]: the page has math and KaTeX cannot run here "
            "(needs node and node_modules/katex: run `npm ci`, as `make site` does)"
        )
    request = [{"tex": html.unescape(m["tex"]), "display": m["tag"] == "div"} for m in found]
    proc = subprocess.run(
        ["node", str(RENDERER)], input=json.dumps(request), capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    if proc.returncode != 0:
        raise FormulaError(f"{rel(source_path)} [{lang}]: KaTeX's renderer failed:\n{proc.stderr.strip()[-3000:]}")
    results = json.loads(proc.stdout)
    source = source_path.read_text(encoding="utf-8")
    for _match, req, result in zip(found, request, results):
        if "error" in result:
            line = _line_of(req["tex"], req["display"], source)
            where = f"{rel(source_path)}:{line}" if line else rel(source_path)
            raise FormulaError(f"{where} [{lang}]: KaTeX cannot render the formula {req['tex'].strip()!r}:\n{result['error']}")
    parts, last = [], 0
    for m, result in zip(found, results):
        # A displayed formula scrolls sideways on a phone: focusable, so a keyboard can scroll it.
        attrs = ' tabindex="0"' if m["tag"] == "div" else ""
        parts += [page_html[last : m.start()], f'<{m["tag"]} class="arithmatex"{attrs}>{result["html"]}</{m["tag"]}>']
        last = m.end()
    return "".join(parts + [page_html[last:]])
