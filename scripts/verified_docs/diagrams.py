"""Mermaid diagrams drawn once as SVG, committed, and inlined in the page: no mermaid JavaScript ships.

Each ```mermaid fence stays the diagram's source on the page. Mermaid's own renderer draws it
(mermaid-cli driving Chromium, `render_diagrams.mjs`) in its light and its dark theme; the two
drawings have the same geometry, so one SVG keeps the light one's and adds the dark theme's style
rules under Material's dark-scheme selector (one inline SVG, readable in both themes; as an image
in a notebook it is the light one). It is committed as docs/assets/diagrams/<page>.<lang>.<n>.svg,
starting with a comment that holds the fingerprint of what drew it: the fence's source, the
options below and the mermaid versions package.json pins. The build inlines it.

- A fence whose SVGs are missing or stale is drawn during the build when the renderer is at hand
  (node_modules and Chromium): an author's `mkdocs serve` redraws an edited diagram, and a fence
  mermaid cannot parse fails the build with page:line and mermaid's message.
- On a machine without the renderer the committed SVGs are enough (`make serve` needs no browser);
  a stale one fails the build with the command to run.
- `python -m verified_docs.diagrams` (`make diagrams`) draws every stale diagram and removes the
  files no fence draws; `--check` redraws all with this machine's browser and fails when a
  committed SVG is not that drawing (tests/test_diagrams.py, so in every `make test`): everything
  but the numbers (elements, classes, styles, labels, edges) must be equal whatever the browser;
  the numbers (positions and sizes, which depend on how the browser measures text) must also
  agree, within NUMBER_TOLERANCE, when the committed SVG was drawn by the same major version.

Every fence needs an `accTitle:` line (mermaid's accessible title): it names the SVG for screen
readers and is the image's alternative text in the notebook.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from .pages import Page, Prose, readable_pages
from .project import DOCS, ROOT, rel

OUT = DOCS / "assets" / "diagrams"
RENDERER = Path(__file__).with_name("render_diagrams.mjs")
THEMES = ("light", "dark")
MERMAID_THEME = {"light": "default", "dark": "dark"}
# Labels as SVG <text>, not HTML in <foreignObject>: the SVG then also draws as a notebook image.
# Arial's metrics (Liberation Sans where the drawing is made) are the common ones on readers' devices.
CONFIG = {"htmlLabels": False, "flowchart": {"htmlLabels": False}, "fontFamily": "arial, sans-serif"}
HEADER = re.compile(r"^<!-- mermaid .*? with (?P<browser>\S+) by .*? fingerprint (?P<fp>[0-9a-f]{16}) -->\n")
# The test suite checks the committed SVGs: its builds never draw (tests/conftest.py sets this).
NO_DRAWING = "VERIFIED_DOCS_NO_DRAWING"
STYLE = re.compile(r"<style>(?P<css>.*?)</style>", re.S)
RULE = re.compile(r"[^{}]+\{[^{}]*\}")  # a flat CSS rule (mermaid's SVG style is minified, one level)
DARK_SCHEME = '[data-md-color-scheme="slate"] '
ACC_TITLE = re.compile(r"^\s*accTitle\s*:\s*(?P<title>.+?)\s*$", re.M)


class DiagramError(Exception):
    """A diagram that cannot be shown; the message starts with page:line."""


@dataclass(frozen=True)
class Fence:
    page: Path
    lang: str
    slug: str
    number: int  # 1-based, in page order
    line: int  # 1-based line of the opening fence in the page file
    source: str

    @property
    def where(self) -> str:
        return f"{rel(self.page)}:{self.line} [{self.lang}], mermaid diagram {self.number}"

    @property
    def title(self) -> str:
        m = ACC_TITLE.search(self.source)
        if not m:
            raise DiagramError(
                f"{self.where}: no `accTitle: …` line; add one saying what the diagram shows, in the "
                "page's language (screen readers announce it; the notebook uses it as the image's text)"
            )
        return m["title"]

    @property
    def path(self) -> Path:
        return OUT / f"{self.slug.replace('/', '-')}.{self.lang}.{self.number}.svg"

    @property
    def svg_id(self) -> str:
        return f"diagram-{self.number}"  # mermaid scopes the SVG's styles by this id

    @property
    def fingerprint(self) -> str:
        key = [self.source, MERMAID_THEME, CONFIG, self.svg_id, pinned_versions()]
        return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]


def pinned_versions() -> dict:
    """The renderer's versions as package.json pins them (readable without node_modules)."""
    deps = json.loads((ROOT / "package.json").read_text())["dependencies"]
    return {k: v for k, v in deps.items() if "mermaid" in k}


def fences(page: Page) -> list[Fence]:
    """The page's mermaid fences, in order, as the page reader found them (Page.diagrams)."""
    mermaid = [d for d in page.diagrams if d.syntax == "mermaid"]
    for d in mermaid:
        if d.indent:
            # Python-Markdown reads raw HTML as a block only at the top level: indented, the
            # <figure> would land inside a <p> (invalid HTML, which vnu reports).
            raise DiagramError(
                f"{rel(page.path)}:{d.line}: a mermaid diagram inside a fold or a list renders as a "
                "<figure> inside a <p>, which is invalid HTML; put the diagram at the top level"
            )
    return [Fence(page.path, page.lang, page.slug, n, d.line, d.source) for n, d in enumerate(mermaid, 1)]


def committed(fence: Fence) -> str | None:
    """The committed SVG of `fence`, if it was drawn from the fence's current source."""
    if not fence.path.is_file():
        return None
    text = fence.path.read_text(encoding="utf-8")
    m = HEADER.match(text)
    return text[m.end() :].strip() if m and m["fp"] == fence.fingerprint else None


def drawn_with(fence: Fence) -> str | None:
    """The browser (name/version) the committed SVG of `fence` was drawn with."""
    m = HEADER.match(fence.path.read_text(encoding="utf-8")) if fence.path.is_file() else None
    return m["browser"] if m else None


NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:e[-+]?\d+)?")
NUMBER_TOLERANCE = 0.5  # px: the same browser family measures the same text to within this
TOKEN = re.compile(r"<[^>]*>|[^<]+")


def major(browser: str | None) -> str | None:
    m = re.search(r"/(\d+)\.", browser or "")
    return m[1] if m else None


def drawing_difference(committed_svg: str, drawn_svg: str, same_major: bool) -> str | None:
    """None when `committed_svg` is what mermaid drew (`drawn_svg`); otherwise the first thing that
    differs, as a tag or a label of each. Numbers are masked for the structural comparison, and
    compared (within NUMBER_TOLERANCE) only when `same_major` (the same browser measured the text)."""
    ours, theirs = TOKEN.findall(committed_svg), TOKEN.findall(drawn_svg)
    for i, (a, b) in enumerate(zip(ours, theirs)):
        if NUMBER.sub("#", a) != NUMBER.sub("#", b):
            return f"element {i + 1}: committed {a[:160]!r}, mermaid draws {b[:160]!r}"
        if same_major:
            for x, y in zip(NUMBER.findall(a), NUMBER.findall(b)):
                if abs(float(x) - float(y)) > NUMBER_TOLERANCE:
                    return f"element {i + 1}: committed {x} where mermaid draws {y}: {a[:160]!r}"
    if len(ours) != len(theirs):
        return f"committed {len(ours)} elements and labels, mermaid draws {len(theirs)}"
    return None


def renderer_missing() -> str | None:
    """Why mermaid's renderer cannot run here, or None."""
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not shutil.which("node"):
        return "node is not installed"
    if not (ROOT / "node_modules" / "@mermaid-js" / "mermaid-cli").is_dir():
        return "node_modules has no @mermaid-js/mermaid-cli (run `npm ci`, as `make` does)"
    if not Path(chromium).is_file():
        return f"no Chromium at {chromium} (`make /usr/bin/chromium` installs Debian's)"
    return None


def browser_version() -> str | None:
    """The version number of the browser the renderer would drive (`$CHROMIUM --version`)."""
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    try:
        out = subprocess.run([chromium, "--version"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    m = re.search(r"\d+(?:\.\d+){3}", out)
    return m[0] if m else None


def both_themes(light: str, dark: str) -> str:
    """The light drawing, plus the dark drawing's own style rules under the dark-scheme selector."""
    light_rules = set(RULE.findall(STYLE.search(light)["css"]))
    extra = []
    for rule in RULE.findall(STYLE.search(dark)["css"]):
        selectors, brace, body = rule.strip().partition("{")
        if rule not in light_rules and selectors.startswith("#"):  # mermaid scopes every rule by the SVG's id
            extra.append(",".join(DARK_SCHEME + sel.strip() for sel in selectors.split(",")) + brace + body)
    extra = "".join(extra)
    at = STYLE.search(light).end("css")
    return light[:at] + extra + light[at:]


def draw(fences_: list[Fence]) -> tuple[dict[Fence, str], str]:
    """Draw each fence with mermaid's renderer (both themes, one browser): the SVG of each, and
    the browser that measured their text."""
    wanted = [(f, t) for f in fences_ for t in THEMES]
    if not wanted:
        return {}, ""
    request = [{"id": f.svg_id, "source": f.source, "theme": MERMAID_THEME[t], "config": CONFIG} for f, t in wanted]
    proc = subprocess.run(
        ["node", str(RENDERER)],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
        env=dict(os.environ, CHROMIUM=os.environ.get("CHROMIUM", "/usr/bin/chromium")),
    )
    if proc.returncode != 0:
        asked = "; ".join(f.where for f in fences_)
        raise DiagramError(
            f"mermaid's renderer ({rel(RENDERER)}) failed before drawing anything "
            f"(asked for {asked}):\n{proc.stderr.strip()[-3000:]}"
        )
    out = json.loads(proc.stdout)
    drawn = {}
    for (fence, theme), result in zip(wanted, out["results"]):
        if "error" in result:
            # The renderer's message, without the stack of the page it ran in.
            message = "\n".join(
                ln
                for ln in result["error"].splitlines()
                if "mermaid-cli-intercept" not in ln and not ln.lstrip().startswith("at ")
            )
            # mermaid counts lines from the fence's first; name the page's line.
            at = re.search(r"on line (\d+)", message)
            where = (
                fence.where
                if not at
                else fence.where.replace(f":{fence.line} ", f":{fence.line + int(at[1])} ", 1) + f" (fence at line {fence.line})"
            )
            raise DiagramError(f"{where}: mermaid cannot draw this diagram:\n{message}")
        drawn[(fence, theme)] = result["svg"].strip()
    return {f: both_themes(drawn[(f, "light")], drawn[(f, "dark")]) for f in fences_}, out["browser"].replace(" ", "_")


def save(fence: Fence, svg: str, browser: str) -> None:
    versions = ", ".join(f"{k} {v}" for k, v in pinned_versions().items())
    header = (
        f"<!-- mermaid SVG drawn from {rel(fence.page)}, diagram {fence.number} ({versions}; themes "
        f"{' and '.join(MERMAID_THEME.values())}) with {browser} by `make diagrams`; "
        f"fingerprint {fence.fingerprint} -->\n"
    )
    fence.path.parent.mkdir(parents=True, exist_ok=True)
    fence.path.write_text(header + svg + "\n", encoding="utf-8")


def svgs(page: Page) -> dict[int, str]:
    """{fence number: SVG} for the page, drawing (and saving) what is missing or stale."""
    page_fences = fences(page)
    for fence in page_fences:
        fence.title  # noqa: B018 - fails early, with page:line, on a fence without a title
    have = {f: committed(f) for f in page_fences}
    stale = [f for f, svg in have.items() if svg is None]
    if stale:
        why = "the test suite checks the committed SVGs" if os.environ.get(NO_DRAWING) else renderer_missing()
        if why:
            names = ", ".join(rel(f.path) for f in stale)
            raise DiagramError(
                f"{stale[0].where}: its SVG ({names}) is missing or was drawn from another "
                f"source, and mermaid's renderer cannot run here ({why}); run `make diagrams` "
                "where it can and commit the SVGs"
            )
        drawn, browser = draw(stale)
        for fence, svg in drawn.items():
            save(fence, svg, browser)
            have[fence] = svg
    return {f.number: have[f] for f in page_fences}


def on_white(svg: str) -> str:
    """The SVG on a white card, for a notebook: Jupyter's dark themes would otherwise show the light
    theme's ink on a dark page (the site's copy is transparent and carries its own dark colours)."""
    return svg.replace("background-color: transparent;", "background-color: white;", 1)


MIN_SCALE = 0.75  # 16 px labels no smaller than 12 px


def figure(fence: Fence, svg: str) -> list[str]:
    """The HTML lines that replace a fence on the page.

    On a narrow screen a diagram shrinks to the column down to MIN_SCALE of its drawn size (its
    labels stay legible); a wider one keeps that size and scrolls sideways inside its figure, which
    takes the keyboard focus for that and shows a shadow on the side where more of it is
    (docs/assets/site.css). It stays out of the search index: its labels would come out glued
    together."""
    svg = re.sub(
        r'style="max-width: ([\d.]+)px;',
        lambda m: f'style="max-width: {m[1]}px; min-width: {float(m[1]) * MIN_SCALE:.0f}px;',
        svg,
        count=1,
    )
    return ["", f'<figure class="diagram" tabindex="0" data-search-exclude>{svg}</figure>', ""]


def inline(page: Page, drawn: dict[int, str]) -> Page:
    """The page with every mermaid fence replaced by its figure."""
    by_line = {f.line: f for f in fences(page)}
    items = []
    for item in page.items:
        if isinstance(item, Prose) and any(item.start + i in by_line for i in range(len(item.lines))):
            out, i = [], 0
            while i < len(item.lines):
                fence = by_line.get(item.start + i)
                if fence is None:
                    out.append(item.lines[i])
                    i += 1
                    continue
                out += figure(fence, drawn[fence.number])
                i += fence.source.count("\n") + 2  # the opening fence, the source, the closing fence
            item = Prose(out, item.start)
        items.append(item)
    return Page(page.path, page.lang, page.slug, page.meta, items)


# ------------------------------------------------------------------------------ make diagrams


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m verified_docs.diagrams", description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="redraw every diagram and fail on any difference")
    args = parser.parse_args(argv)
    all_fences = [f for page in readable_pages() for f in fences(page)]
    why = renderer_missing()
    if why:
        print(f"mermaid's renderer cannot run here: {why}", file=sys.stderr)
        return 2
    try:
        for f in all_fences:
            f.title  # noqa: B018
        drawn, browser = draw([f for f in all_fences if args.check or committed(f) is None])
    except DiagramError as exc:
        print(exc, file=sys.stderr)
        return 1
    problems = []
    for fence, svg in drawn.items():
        if args.check:
            same = major(drawn_with(fence)) == major(browser)
            old = committed(fence)
            why = "it was drawn from another source" if old is None else drawing_difference(old, svg, same)
            if why:
                problems.append(
                    f"{fence.where}: {rel(fence.path)} is not what mermaid draws from the fence "
                    f"with {browser}: {why}; run `make diagrams` and commit the SVGs"
                )
            elif not same:
                print(
                    f"{rel(fence.path)}: drawn with {drawn_with(fence)}, redrawn with {browser}: the same drawing "
                    "but for its numbers, which another browser version measures with other text widths"
                )
        else:
            save(fence, svg, browser)
            print(f"drew {rel(fence.path)}")
    expected = {f.path for f in all_fences}
    for orphan in sorted(set(OUT.glob("*.svg")) - expected):
        if args.check:
            problems.append(f"{rel(orphan)}: no mermaid fence draws this file; run `make diagrams` to remove it")
        else:
            orphan.unlink()
            print(f"removed {rel(orphan)} (no fence draws it)")
    print("\n".join(problems), file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
