"""The built site in a real browser: Debian's Chromium, driven by Playwright, on localhost only.

The site is built for a sub-path address and served there, as GitHub Pages serves a project site
(conftest.served_site). Every page in both languages: no request outside the site, no 404, every
download link on the page answers; no console error and no request that leaves localhost; diagrams
shown as the SVG of the reader's theme; formulas typeset; no mermaid or KaTeX script loaded;
axe-core finds nothing serious or critical at phone and desktop widths, in both themes (each rule
where its answer can differ: see AXE_VIEWS); the bytes a phone loads
stay under 250 kB gzipped and 1.5 MB uncompressed (both printed per page in the summary); each code block's copy button copies the block
alone; the language switcher, clicked, lands on the same page in the other language. Search, per
language, returns only that language's pages. Screenshots at phone and desktop widths, light and
dark, go to build/screenshots/ for a person to look at.

Each check is a function registered with `@tour_check`; a page view (page, width, scheme) is
opened once and every check of that view runs in it, in the background (tests/browser_tours.py).
Each test below reads its own check's result, so a failure still names its check, page and view.
"""

from __future__ import annotations

import gzip
import re
import shutil
import sys
from dataclasses import replace
from types import SimpleNamespace

import pytest

from browser_tours import MATERIAL_SCHEME, PAGES, VIEWPORTS, View, Visit, launch, missing_browser, page_url, tour_check
from verified_docs import diagrams
from verified_docs.local_server import serve
from verified_docs.pages import Page
from verified_docs.project import ROOT, languages, rel
from verified_docs.tiers import SHELL

LANGS = languages()
SCREENSHOTS = ROOT / "build" / "screenshots"
SCREENSHOT_PAGES = {"index.es", "rocm.es", "keras-10-min.en", "lesson-5-6-1.en", "lesson-5-6-1.es", "performance.es"}
# A prompt pasted into a terminal breaks the command, or (a root prompt, "# ") turns it into a
# comment that silently does nothing. A "# " line is a root prompt when a command follows it; a
# shell comment starts with prose.
PROMPT = re.compile(r"^\s*(\$|>|PS>|\(\.?venv\)\s*\$)\s", re.M)
ROOT_PROMPT = re.compile(r"^\s*#\s+(\S+)", re.M)
# System commands the pages use that this machine may lack (anything on PATH counts too).
SYSTEM_COMMANDS = {
    "sudo",
    "apt",
    "apt-get",
    "dnf",
    "usermod",
    "groups",
    "rocminfo",
    "rocm-smi",
    "rocm_agent_enumerator",
    "amdgpu-arch",
    "pip",
    "python",
    "python3",
}


def has_prompt(text: str) -> bool:
    return bool(PROMPT.search(text)) or any(word in SYSTEM_COMMANDS or shutil.which(word) for word in ROOT_PROMPT.findall(text))


@pytest.mark.parametrize(
    "text, prompt",
    [
        ("$ pip install keras", True),
        ("# apt-get install chromium", True),
        ("(venv) $ python x.py", True),
        ("# Keras with JAX, no torch\npip install keras", False),
        ("pip install keras  # pinned", False),
    ],
)
def test_prompt_detection(text, prompt):
    assert has_prompt(text) == prompt


SEARCH_QUERIES = ("keras", "backend")
IDS = [p.id for p in PAGES]


@pytest.fixture(scope="session")
def server(served_site) -> str:
    """The URL the site is served at (a sub-path of a localhost port)."""
    return served_site[0]


@pytest.fixture(scope="session")
def browser():
    """A browser in the test's own thread, for the pages no tour visits (not-found, the probe)."""
    if missing := missing_browser():
        pytest.fail(missing, pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = launch(pw)
        yield chromium
        chromium.close()


@pytest.fixture
def check(browser_tours, request):
    """The result of this test's check in its tour: fails the test with the check's message."""
    params = request.node.callspec.params

    def result():
        problem = browser_tours.result(
            params["page"],
            params.get("width", "desktop"),
            params.get("scheme", "light"),
            request.node.get_closest_marker("tour").args[0],
        )
        if problem:
            pytest.fail(problem, pytrace=False)

    return result


NO_SCRIPT_FOR = re.compile(r"mermaid|katex", re.I)  # drawn and typeset at build time


@tour_check("render", order=0)
def renders_offline_without_errors(v: Visit, page: Page, view: View, tours) -> None:
    # Diagrams: one figure per mermaid fence, an SVG with a size whose labels contrast with the
    # page in the reader's theme (dark ink on a light page, light ink on a dark one).
    fences = len(diagrams.fences(page))
    shown = v.tab.evaluate(
        """[...document.querySelectorAll("figure.diagram")].map(f => {
             const svg = f.querySelector("svg"), box = svg.getBoundingClientRect();
             const luma = c => { const [r, g, b] = c.match(/[\\d.]+/g).map(Number); return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255; };
             return {w: box.width, h: box.height, error: /Syntax error/.test(svg.textContent),
                     ink: luma(getComputedStyle(svg.querySelector("text")).fill)}; })"""
    )
    if len(shown) != fences:
        v.fail(f"{fences} mermaid fence(s) in the source, {len(shown)} diagram figure(s) on the page")
    for i, d in enumerate(shown):
        readable = d["ink"] < 0.4 if view.scheme == "light" else d["ink"] > 0.6
        if d["error"] or d["w"] < 50 or d["h"] < 50 or not readable:
            v.fail(f"diagram {i + 1} is not drawn readably in the {view.scheme} theme: {d}")
    # Math: every arithmatex container typeset by KaTeX at build time, none in error.
    math = v.tab.evaluate(
        """({marked: document.querySelectorAll(".arithmatex").length,
             typeset: document.querySelectorAll(".arithmatex .katex").length,
             errors: [...document.querySelectorAll(".katex-error")].map(e => e.textContent)})"""
    )
    if math["typeset"] != math["marked"] or math["errors"]:
        v.fail(f"math: {math['typeset']} of {math['marked']} formulas typeset, errors {math['errors']}")
    scripts = [u for u in v.loaded() if NO_SCRIPT_FOR.search(u.rsplit("/", 1)[-1]) and u.endswith(".js")]
    if scripts:
        v.fail(f"loads a diagram or math script, though both are drawn at build time: {scripts}")
    # Downloads: the notebook and every file of the site the page links to answer.
    links = v.tab.evaluate(
        """[...document.querySelectorAll("article a[download], article a[href*='/assets/']")].map(a => a.href)"""
    )
    for url in dict.fromkeys(links):
        status = v.context.request.get(url).status
        if status != 200 or not url.startswith(v.base):
            v.fail(f"download link {url} answers HTTP {status}" + ("" if url.startswith(v.base) else ", outside the site"))
    v.assert_clean()


@pytest.mark.tour("render")
@pytest.mark.parametrize("page", PAGES, ids=IDS)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_page_renders_offline_without_errors(check, page, scheme):
    check()


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_IMPACTS = ("serious", "critical")


# Which axe rules run in which view. The theme changes the colours and which of a diagram's two
# SVGs is shown; the width changes the layout. So the rules about colour (contrast, about half of
# an axe run here, and links told apart from text by colour) run at desktop width in both themes
# (docs/assets/site.css and Material's palette change no colour with the width); the rules about
# images run in both themes; every rule runs at both widths in the light theme. A page's four views
# get three runs, and each rule runs wherever its answer can differ.
THEME_RULES = ("color-contrast", "link-in-text-block", "image-alt", "svg-img-alt", "role-img-alt")
COLOUR_RULES = THEME_RULES[:2]
AXE_VIEWS = [("light", "desktop"), ("light", "phone"), ("dark", "desktop")]  # (scheme, width)


def axe_options(width: str, scheme: str) -> str:
    if scheme == "light" and width == "desktop":
        return "{resultTypes: ['violations']}"
    if scheme == "light":
        off = ", ".join(f"'{rule}': {{enabled: false}}" for rule in COLOUR_RULES)
        return f"{{resultTypes: ['violations'], rules: {{{off}}}}}"
    if width == "desktop":
        return f"{{resultTypes: ['violations'], runOnly: {{type: 'rule', values: {list(THEME_RULES)}}}}}"
    raise ValueError(f"axe does not run at {width} width in the {scheme} theme (AXE_VIEWS)")


# Code blocks are left out of the runs with the colour rules. Their colours are the site's syntax
# theme, the same on every page, and their token spans are most of a long page's elements: on the
# lesson, 7 191 of 11 075, and half of axe's time (2.3 s against 1.2 s without them). Every token
# class the site uses is checked instead, once per theme (test_code_colours_are_legible_in_both_themes);
# the phone view, without the colour rules, still runs every other rule on the code blocks.
CODE = "div.highlight"


def axe_context(width: str, scheme: str) -> str:
    return f"{{exclude: [['{CODE}']]}}" if (scheme, width) != ("light", "phone") else "document"


def run_axe(tab, width: str = "desktop", scheme: str = "light") -> dict:
    if not AXE.is_file():
        pytest.fail(f"{rel(AXE)} is missing: run `npm ci` (as `make test` does)", pytrace=False)
    tab.add_script_tag(path=str(AXE))
    return tab.evaluate(f"axe.run({axe_context(width, scheme)}, {axe_options(width, scheme)})")


def token_classes(site) -> list[str]:
    """Every class a span carries inside the built site's code blocks (the syntax theme's tokens,
    a titled block's file name, a highlighted line)."""
    found = set()
    for html in site.rglob("*.html"):
        for block in re.findall(r'<div class="highlight"[^>]*>(.*?)</pre></div>', html.read_text(encoding="utf-8"), re.S):
            found.update(re.findall(r'<span class="([\w -]+)"', block))
    return sorted(found)


def code_colour_problems(browser, url: str, scheme: str, classes: list[str], extra_css: str = "") -> list[str]:
    """axe's contrast rule on a code block holding one token of each class (and plain text), put
    in a page of the site so that the site's own styles colour it, in one colour theme."""
    v = Visit(browser, url, f"code colours [{scheme}]", scheme=scheme)
    try:
        # The one page load in each scheme (the tours switch with the palette toggle): a reader
        # whose system prefers it gets Material's palette for it.
        shown = v.tab.evaluate("document.body.getAttribute('data-md-color-scheme')")
        if shown != MATERIAL_SCHEME[scheme]:
            v.fail(
                f"loaded with the reader's system in the {scheme} scheme, the page shows Material's {shown!r} "
                f"palette, not {MATERIAL_SCHEME[scheme]!r} (mkdocs.yml's theme.palette and its media queries)"
            )
        if extra_css:
            v.tab.add_style_tag(content=extra_css)
        spans = "".join(f'<span class="{c}">{c.replace(" ", "_")}</span> ' for c in classes if c != "filename")
        v.tab.evaluate(
            """html => { const d = document.createElement('div'); d.id = 'code-colours';
            d.innerHTML = html; document.querySelector('article').prepend(d); }""",
            f'<div class="highlight"><span class="filename">probe.py</span><pre><span></span><code>{spans}plain\n</code></pre></div>',
        )
        v.tab.add_script_tag(path=str(AXE))
        result = v.tab.evaluate(
            "axe.run({include: [['#code-colours']]}, {resultTypes: ['violations'], runOnly: {type: 'rule', values: ['color-contrast']}})"
        )
        return [
            f"{' '.join(n['target'])}: {n['failureSummary'].splitlines()[-1].strip()}"
            for x in result["violations"]
            if x["impact"] in AXE_IMPACTS
            for n in x["nodes"]
        ]
    finally:
        v.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_code_colours_are_legible_in_both_themes(browser, served_site, scheme):
    server, site = served_site
    classes = token_classes(site)
    assert len(classes) > 10, f"the built site's code blocks carry only {classes}: the probe would check nothing"
    url = page_url(server, site, WITH_BLOCKS[0])
    problems = code_colour_problems(browser, url, scheme, classes)
    assert not problems, f"code tokens too faint in the {scheme} theme (axe-core color-contrast):\n  " + "\n  ".join(problems)


def test_the_code_colour_probe_sees_a_faint_token(browser, served_site):
    """The probe is not blind: a comment coloured almost like the code background fails, named."""
    server, site = served_site
    faint = ".md-typeset .highlight .c1 { color: #eeeeee !important; }"
    problems = code_colour_problems(browser, page_url(server, site, WITH_BLOCKS[0]), "light", ["c1", "k"], faint)
    assert problems and all("c1" in p for p in problems), problems


@tour_check("axe", order=1)
def axe_finds_nothing_serious(v: Visit, page: Page, view: View, tours) -> None:
    """axe-core, the field's accessibility engine (npm, pinned in package.json), on the loaded page."""
    result = run_axe(v.tab, view.width, view.scheme)
    found = [x for x in result["violations"] if x["impact"] in AXE_IMPACTS]
    if found:
        v.fail(
            f"axe-core {result['testEngine']['version']} at {view.width} width, {view.scheme} theme:\n  "
            + "\n  ".join(
                f"[{x['impact']}] {x['id']}: {x['help']} ({x['helpUrl']})\n      "
                + "\n      ".join(
                    f"{' '.join(n['target'])}: {n['failureSummary'].splitlines()[-1].strip()}" for n in x["nodes"][:5]
                )
                for x in found
            )
        )
    v.assert_clean()


@pytest.mark.tour("axe")
@pytest.mark.parametrize("page", PAGES, ids=IDS)
@pytest.mark.parametrize(("scheme", "width"), AXE_VIEWS, ids=[f"{s}-{w}" for s, w in AXE_VIEWS])
def test_axe_finds_nothing_serious(check, page, width, scheme):
    check()


@pytest.mark.parametrize("lang", LANGS)
def test_not_found_pages_are_clean_and_lead_home(browser, server, lang):
    """The not-found page of each language, read as a host serves it: axe-core clean, its language
    switcher landing on the other language's home page."""
    path = "404.html" if lang == LANGS[0] else f"{lang}/404.html"
    v = Visit(browser, server + path, f"{path} [{lang}]", VIEWPORTS["phone"], base=server)
    try:
        found = [x["id"] for x in run_axe(v.tab)["violations"] if x["impact"] in AXE_IMPACTS]
        if found:
            v.fail(f"axe-core: {found}")
        homes = v.tab.evaluate("[...document.querySelectorAll('a.md-select__link')].map(a => [a.hreflang, a.href])")
        expected = {l: server + ("" if l == LANGS[0] else f"{l}/") for l in LANGS}
        if dict(homes) != expected:
            v.fail(f"the language switcher goes to {dict(homes)}, not to the home pages {expected}")
        v.assert_clean()
    finally:
        v.close()


# A phone on mobile data, first visit: every resource the page loads, as a static host sends it
# (gzip), and the same uncompressed (what the phone parses and keeps): DEVELOPERS.md's budget.
MAX_PAGE_SENT = 250_000
MAX_PAGE_BYTES = 1_500_000


def gzipped(body: bytes) -> int:
    """The bytes a host sends for a resource with gzip (level 6, what nginx and most hosts use)."""
    return len(gzip.compress(body, compresslevel=6, mtime=0))


@tour_check("weight", order=2)
def page_weight_on_a_phone(v: Visit, page: Page, view: View, tours) -> None:
    """Everything a phone loads for the page (HTML, CSS, JS, fonts, images, the search index),
    gzipped as a host sends it and uncompressed, each within its limit; the summary prints both."""
    bodies = v.bodies()
    total = sum(len(b) for b in bodies.values())
    sent = sum(gzipped(b) for b in bodies.values())
    largest = sorted(((u, gzipped(b), len(b)) for u, b in bodies.items()), key=lambda kv: -kv[1])[:3]
    # Not loaded until the reader opens the search (overrides/main.html): printed beside the page.
    index = tours.served / ("" if page.lang == LANGS[0] else page.lang) / "search" / "search_index.json"
    tours.page_weights[page.id] = (total, sent, [(u, raw) for u, _, raw in largest], gzipped(index.read_bytes()))
    if sent > MAX_PAGE_SENT or total > MAX_PAGE_BYTES:
        v.fail(
            f"a phone's first visit transfers {sent / 1e3:.0f} kB gzipped (limit {MAX_PAGE_SENT / 1e3:.0f} kB) and "
            f"loads {total / 1e6:.2f} MB uncompressed (limit {MAX_PAGE_BYTES / 1e6:.1f} MB); the largest, gzipped: "
            + ", ".join(f"{u} ({gz / 1e3:.0f} kB, {raw / 1e3:.0f} kB raw)" for u, gz, raw in largest)
        )
    v.assert_clean()


@pytest.mark.tour("weight")
@pytest.mark.parametrize("page", PAGES, ids=IDS)
@pytest.mark.parametrize("width", ["phone"])
def test_page_weight_on_a_phone(check, page, width):
    check()


# What a 360 px screen, the narrowest phone the site is made for, must still show legibly
# (DEVELOPERS.md: the reader on a phone). The phone view is that wide (browser_tours.VIEWPORTS).
MIN_DIAGRAM_SCALE = diagrams.MIN_SCALE - 0.01  # labels drawn at 16 px stay at 12 px or more
MIN_FIGURE_SCALE = 0.8  # matplotlib's 10 pt labels stay at 10.7 px or more
PHONE_LAYOUT = """() => {
  const scale = el => el.getBoundingClientRect().width / (el.viewBox ? el.viewBox.baseVal.width : el.naturalWidth);
  const shadow = f => getComputedStyle(f).backgroundImage.includes('radial-gradient');
  return {
    diagrams: [...document.querySelectorAll('figure.diagram')].map((f, i) => ({
      n: i + 1, scale: scale(f.querySelector('svg')),
      scrolls: f.scrollWidth > f.clientWidth + 1, shadow: shadow(f), focusable: f.tabIndex >= 0})),
    figures: [...document.querySelectorAll('article figure img[src$=".svg"]')].map(img => ({
      src: img.getAttribute('src').split('/').pop(), scale: scale(img),
      sized: img.hasAttribute('width') && img.hasAttribute('height'), lazy: img.loading === 'lazy',
      focusable: img.closest('figure').tabIndex >= 0,
      scrolls: img.closest('figure').scrollWidth > img.closest('figure').clientWidth + 1,
      hint: (() => { const c = img.closest('figure').querySelector('figcaption');
                     return c ? getComputedStyle(c, '::after').content : 'none'; })()})),
    split: [...document.querySelectorAll('article td code, article th code')]
      .filter(c => c.getClientRects().length > 1).map(c => c.textContent),
    // Each table's narrowest width against its column; a table shown as cards, its width.
    tables: [...document.querySelectorAll('article table')].map(t => {
      // the room Material's wrappers leave it: the scrolling box less the inner wrapper's padding
      const inner = getComputedStyle(t.parentElement);
      const column = (t.closest('.md-typeset__scrollwrap') || t.parentElement).clientWidth
        - parseFloat(inner.paddingLeft) - parseFloat(inner.paddingRight);
      const width = t.style.width;
      const shown = Math.floor(t.getBoundingClientRect().width);
      t.style.width = 'min-content';
      const needs = Math.ceil(t.getBoundingClientRect().width);
      t.style.width = width;
      return {header: (t.rows[0] ? t.rows[0].textContent : '').trim().replace(/\\s+/g, ' ').slice(0, 60),
              needs, shown, column, cards: t.dataset.phone === 'cards'};
    }),
  };
}"""


@tour_check("phone", order=2)
def everything_legible_on_a_phone(v: Visit, page: Page, view: View, tours) -> None:
    """At phone width: each diagram shrinks no further than its labels allow and shows that it
    scrolls when it must; each figure keeps legible labels, has its size and loads lazily; no code
    name in a table breaks inside itself; no table is wider than its column (a wide one is shown as
    cards that take the column: verified_docs/phone_tables.py)."""
    v.tab.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    seen = v.tab.evaluate(PHONE_LAYOUT)
    for d in seen["diagrams"]:
        if d["scale"] < MIN_DIAGRAM_SCALE:
            v.fail(f"diagram {d['n']} is drawn at {d['scale']:.2f} of its size, under {MIN_DIAGRAM_SCALE:.2f}: its labels shrink")
        if d["scrolls"] and not (d["shadow"] and d["focusable"]):
            v.fail(f"diagram {d['n']} scrolls sideways without showing it (a shadow) or taking the keyboard focus: {d}")
    for f in seen["figures"]:
        if f["scale"] < MIN_FIGURE_SCALE or not (f["sized"] and f["lazy"] and f["focusable"]):
            v.fail(
                f"figure {f['src']}: drawn at {f['scale']:.2f} of its size (at least {MIN_FIGURE_SCALE}), "
                f"width and height {'set' if f['sized'] else 'missing'}, loading {'lazy' if f['lazy'] else 'eager'}, "
                f"{'' if f['focusable'] else 'not '}focusable"
            )
        if f["scrolls"] and f["hint"] in ("none", "normal", ""):
            v.fail(f"figure {f['src']} scrolls sideways on a phone and its caption does not say so")
    if seen["split"]:
        v.fail(f"code in a table cell breaks across lines: {seen['split'][:5]}")
    phone = VIEWPORTS[view.width]["width"]
    for t in seen["tables"]:
        if t["cards"] and t["shown"] < t["column"] - 2:
            v.fail(
                f"the table headed {t['header']!r} is shown as cards {t['shown']} px wide in a {t['column']} px "
                "column: its cards do not take the column (site.css, the phone_tables block)"
            )
        elif not t["cards"] and t["needs"] > t["column"] + 1:
            v.fail(
                f"on a {phone} px phone the table headed {t['header']!r} needs {t['needs']} px and its column has "
                f"{t['column']}: it scrolls sideways (verified_docs/phone_tables.py did not mark it for cards)"
            )
    v.assert_clean()


@pytest.mark.tour("phone")
@pytest.mark.parametrize("page", PAGES, ids=IDS)
@pytest.mark.parametrize("width", ["phone"])
def test_everything_is_legible_on_a_phone(check, page, width):
    check()


JPEG_MAX_HEIGHT = 65_500  # libjpeg's JPEG_MAX_DIMENSION
SETTLE_MS = 3000  # how long a resized tab may take to lay out at its new width


@tour_check("screenshot", order=3)
def screenshot_for_a_person_to_look_at(v: Visit, page: Page, view: View, tours) -> None:
    """Saved under build/screenshots/ (JPEG: a third of PNG's time on a long page); on a phone the
    page itself must not scroll sideways."""
    width, scheme = view.width, view.scheme
    # Just after the tour resizes the tab, the old layout can still be wider for a few frames.
    fits = "document.documentElement.scrollWidth <= window.innerWidth"
    try:
        v.tab.wait_for_function(fits, timeout=SETTLE_MS)
    except Exception:  # noqa: BLE001 - still wider once settled: a real overflow, reported below
        pass
    overflow = v.tab.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{page.id}.{width}.{scheme}.jpg"
    for old in SCREENSHOTS.glob(f"{page.id}.{width}.{scheme}.*jpg"):
        old.unlink()
    # A JPEG is at most 65 500 device pixels tall: a longer page (the lesson on a phone, drawn at
    # the phone's pixel ratio) is saved in parts.
    height, wide, ratio = v.tab.evaluate("[document.documentElement.scrollHeight, window.innerWidth, window.devicePixelRatio]")
    step = int(JPEG_MAX_HEIGHT // ratio)
    if height <= step:
        paths = [path]
        v.tab.screenshot(path=path, full_page=True, type="jpeg", quality=80)
    else:
        paths = [path.with_suffix(f".part{n + 1}.jpg") for n in range(-(-height // step))]
        for n, part in enumerate(paths):
            top = n * step
            clip = {"x": 0, "y": top, "width": wide, "height": min(step, height - top)}
            v.tab.screenshot(path=part, full_page=True, clip=clip, type="jpeg", quality=80)
    for part in paths:
        if part.stat().st_size < 10_000:
            v.fail(f"{rel(part)} is nearly empty")
    if overflow > 0:
        v.fail(f"at {width} width the page is {overflow}px wider than the screen (see {rel(paths[0])})")


SHOT = [p for p in PAGES if p.id in SCREENSHOT_PAGES]


@pytest.mark.tour("screenshot")
@pytest.mark.parametrize("page", SHOT, ids=[p.id for p in SHOT])
@pytest.mark.parametrize("width", ["phone", "desktop"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_for_a_person_to_look_at(check, page, width, scheme):
    check()


@tour_check("search", order=4)
def search_returns_pages_of_the_readers_language_only(v: Visit, page: Page, view: View, tours) -> None:
    root = page_url(tours.server, tours.served, page)
    # Other languages' roots, except the default's "/" that every URL starts with.
    others = [
        u
        for u in (page_url(tours.server, tours.served, p) for p in PAGES if p.slug == "index" and p.lang != page.lang)
        if not root.startswith(u)
    ]
    # The index is requested only once the reader opens the search (overrides/main.html).
    if early := [r.url for r in v.responses if r.url.endswith("search_index.json")]:
        v.fail(f"the search index loaded before the reader opened the search: {early}")
    for query in SEARCH_QUERIES:
        box = v.tab.locator("input.md-search__input")
        box.click()
        box.fill("")
        box.press_sequentially(query, delay=20)
        v.tab.wait_for_selector(".md-search-result__item > a")
        hits = v.tab.evaluate("[...document.querySelectorAll('.md-search-result__item > a')].map(a => a.href)")
        wrong = [h for h in hits if not h.startswith(root) or any(h.startswith(o) for o in others)]
        if wrong:
            v.fail(f"search for {query!r} in the {page.lang} site returns pages of another language: {wrong}")
        dead = [h for h in dict.fromkeys(h.split("#")[0] for h in hits) if v.context.request.get(h).status != 200]
        if dead:
            v.fail(f"search for {query!r} in the {page.lang} site leads to missing pages: {dead}")
    v.tab.keyboard.press("Escape")
    v.assert_clean()


HOMES = [p for p in PAGES if p.slug == "index"]


@pytest.mark.tour("search")
@pytest.mark.whole_search_index
@pytest.mark.parametrize("page", HOMES, ids=[p.id for p in HOMES])
def test_search_returns_pages_of_the_readers_language_only(check, page):
    check()


# A block in a collapsed <details> (troubleshooting) is copied after the reader opens it.
# Material mounts a block's copy button when the block comes into view (mkdocs.yml: content.lazy),
# so every block is scrolled to first, a frame each (intersections are computed once per frame), as
# a reader scrolling down would, and each button is clicked once they are all there. A tab made as
# tall as the page instead was slower (60 s against 34 s of copy checks over the site).
COPY_EVERY_BLOCK = """async () => {
  // past a frame's rendering update, where intersections are computed (after its rAF callbacks)
  const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
  const blocks = [...document.querySelectorAll('p.tier + div.highlight')];
  const copy = 'button.md-code__button[data-md-type=copy]';
  for (const block of blocks) {
    for (let d = block.closest('details'); d; d = d.parentElement.closest('details')) d.open = true;
    if (!block.querySelector(copy)) { block.scrollIntoView(); await frame(); }
  }
  for (let t = 0; t < 60 && blocks.some(b => !b.querySelector(copy)); t++) await frame();
  const copies = [];
  for (const block of blocks) {
    const button = block.querySelector(copy);
    if (!button) { copies.push(null); continue; }
    await navigator.clipboard.writeText('');  // what is read next is this button's copy
    button.click();
    copies.push(await navigator.clipboard.readText());
  }
  return copies;
}"""


@tour_check("copy", order=5)
def copy_button_copies_the_block_alone(v: Visit, page: Page, view: View, tours) -> None:
    """The copy button gives the reader the block's text: no prompt, no output, nothing else."""
    blocks = v.tab.locator("p.tier + div.highlight")
    if blocks.count() != len(page.blocks):
        v.fail(f"{blocks.count()} code blocks follow a badge, the page source has {len(page.blocks)}")
    if not page.blocks:
        return v.assert_clean()
    # The first button as a reader's pointer reaches it (hover shows it, a real click presses it)...
    blocks.first.evaluate("e => { for (let d = e.closest('details'); d; d = d.parentElement.closest('details')) d.open = true; }")
    blocks.first.scroll_into_view_if_needed()  # Material mounts its button once it is seen (content.lazy)
    first = blocks.first.locator("button.md-code__button[data-md-type=copy]")
    first.hover()
    v.tab.evaluate("navigator.clipboard.writeText('')")  # what is read next is this click's copy
    first.click()
    by_pointer = v.tab.evaluate("navigator.clipboard.readText()")
    # ...and every button clicked in the page itself, one after the other: the same handler and the
    # same clipboard, without a browser round trip per block (4.2 s against 0.7 s for the lesson).
    copies = v.tab.evaluate(COPY_EVERY_BLOCK)
    # A block that read back nothing is clicked again as the reader does it, with the pointer. With
    # the whole site phase on two cores, one block of a long page (in the lesson's and the ROCm
    # page's folds) now and then copied nothing when clicked from the page's own script, and the
    # same page passed alone; why is not known. A button that copies nothing fails this way too.
    for i, copied in enumerate(copies):
        if copied == "":
            button = blocks.nth(i).locator("button.md-code__button[data-md-type=copy]")
            button.scroll_into_view_if_needed()
            button.hover()
            v.tab.evaluate("navigator.clipboard.writeText('')")
            button.click()
            copies[i] = v.tab.evaluate("navigator.clipboard.readText()")
    if copies[0] != by_pointer:
        v.fail(f"the first copy button gave {by_pointer!r} to the pointer and {copies[0]!r} to a click in the page")
    for block, copied in zip(page.blocks, copies):
        name = f"copy button of the block at line {block.lineno} ({rel(block.snippet)})"
        if copied is None:
            v.fail(f"{name} is missing")
            continue
        if copied.rstrip("\n") != block.code.rstrip("\n"):
            v.fail(f"{name} copied {copied!r}, expected {block.code!r}")
        if block.syntax in SHELL and has_prompt(copied):
            v.fail(f"{name} copies a prompt: {copied!r}")
        if block.expected and block.expected.strip() and block.expected.strip() in copied:
            v.fail(f"{name} copies the block's output too")
    v.assert_clean()


WITH_BLOCKS = [p for p in PAGES if p.blocks]


def test_the_copy_check_names_a_block_whose_copy_is_not_its_code(browser, served_site):
    """The copy check reads every button's copy, not only the first (the one clicked with the
    pointer): a later block whose copy is not its source fails, named by its line."""
    server, site = served_site
    page = next(p for p in PAGES if p.id == "keras-3-multibackend.es")
    last = page.blocks[-1]
    changed = replace(page, items=[replace(x, code=x.code + "\n# otra") if x is last else x for x in page.items])
    v = Visit(browser, page_url(server, site, page), page.id, base=server)
    try:
        with pytest.raises(pytest.fail.Exception, match=rf"block at line {last.lineno} .* copied"):
            copy_button_copies_the_block_alone(v, changed, None, None)
        copy_button_copies_the_block_alone(v, page, None, None)  # the page as it is passes
    finally:
        v.close()


def test_a_block_the_pages_own_click_did_not_copy_is_clicked_again_with_the_pointer(browser, served_site, monkeypatch):
    """The pointer's second chance (copy_button_copies_the_block_alone): when the page's own clicks
    copy nothing, every block is clicked again with the pointer and the check passes on what that
    copies; when the buttons copy nothing at all (execCommand stubbed), it still fails, named."""
    server, site = served_site
    page = next(p for p in PAGES if p.id == "keras-3-multibackend.es")
    monkeypatch.setattr(sys.modules[__name__], "COPY_EVERY_BLOCK", COPY_EVERY_BLOCK.replace("button.click();", ""))
    v = Visit(browser, page_url(server, site, page), page.id, base=server)
    try:
        copy_button_copies_the_block_alone(v, page, None, None)  # every block copied by the pointer
        v.tab.evaluate("document.execCommand = () => false")  # now no button copies anything
        with pytest.raises(pytest.fail.Exception, match=rf"block at line {page.blocks[0].lineno} .* copied ''"):
            copy_button_copies_the_block_alone(v, page, None, None)
    finally:
        v.close()


@pytest.mark.tour("copy")
@pytest.mark.parametrize("page", WITH_BLOCKS, ids=[p.id for p in WITH_BLOCKS])
def test_copy_button_copies_the_block_alone(check, page):
    check()


HTML_LANG = re.compile(r"<html\b[^>]*\blang=\"([^\"]*)\"", re.I)


@tour_check("switcher", order=6)  # last: it leaves the page
def language_switcher_click_lands_on_the_same_page(v: Visit, page: Page, view: View, tours) -> None:
    """The reader's click on each other language: the document it lands on is the same page in that
    language (its address, and the lang of the HTML it gets). The landing page is not drawn: its own
    tour draws and checks it, and drawing it here cost a page load per view (about 0.9 s each)."""
    v.assert_clean()  # what went wrong on this page, before it is left
    others = [lang for lang in LANGS if lang != page.lang]
    for lang in others:
        twin = Page(path=page.path, lang=lang, slug=page.slug)
        expected = page_url(tours.server, tours.served, twin)
        v.tab.locator(".md-header .md-select").first.hover()
        try:
            with v.tab.expect_navigation(wait_until="commit", timeout=5_000) as landing:
                v.tab.locator(f".md-header a.md-select__link[hreflang={lang}]").click()
            response = landing.value
            found = HTML_LANG.search(response.text()) if response else None
            landed, landed_lang = v.tab.url, found[1] if found else None
            status = response.status if response else None
        except Exception as exc:  # noqa: BLE001 - no navigation: said below with where the page is
            landed, landed_lang, status = f"{v.tab.url} (no navigation: {type(exc).__name__})", None, None
        # The address, the language and the answer: a missing page's 404 would carry the right address.
        if landed != expected or landed_lang != lang or status != 200:
            v.fail(f"the {lang} switcher landed on {landed} (lang={landed_lang}, HTTP {status}), not on {expected}")
        if lang != others[-1]:  # the next language's switcher is on the page we came from
            v.tab.go_back(wait_until="load")


@pytest.mark.tour("switcher")
@pytest.mark.parametrize("page", PAGES, ids=IDS)
def test_language_switcher_click_lands_on_the_same_page(check, page):
    check()


def test_the_switcher_check_names_a_click_that_lands_elsewhere(browser, served_site):
    """The switcher check follows the reader's click: a link to another page (the other language's
    home, the page itself) fails it, naming where the click landed and where it should have; so
    does a click that lands on the right address but gets no page (HTTP 404)."""
    server, site = served_site
    page = next(p for p in PAGES if p.id == "training-step.es")
    twin = Page(path=page.path, lang="en", slug=page.slug)
    tours = SimpleNamespace(server=server, served=site)
    for target in (f"{server}en/", page_url(server, site, page)):  # the other home; the page itself
        v = Visit(browser, page_url(server, site, page), page.id, base=server)
        try:
            v.tab.evaluate(f"document.querySelector('.md-header a.md-select__link[hreflang=en]').href = {target!r}")
            with pytest.raises(
                pytest.fail.Exception, match=rf"landed on {re.escape(target)} .*not on {re.escape(page_url(server, site, twin))}"
            ):
                language_switcher_click_lands_on_the_same_page(v, page, None, tours)
        finally:
            v.close()
    v = Visit(browser, page_url(server, site, page), page.id, base=server)
    try:  # the twin's address answered with a 404 (its page missing from the build)
        v.tab.route(page_url(server, site, twin), lambda route: route.fulfill(status=404, body='<html lang="en"></html>'))
        with pytest.raises(pytest.fail.Exception, match=r"lang=en, HTTP 404\), not on"):
            language_switcher_click_lands_on_the_same_page(v, page, None, tours)
    finally:
        v.close()
    v = Visit(browser, page_url(server, site, page), page.id, base=server)
    try:
        language_switcher_click_lands_on_the_same_page(v, page, None, tours)  # the page as built passes
    finally:
        v.close()


def test_the_browser_checks_can_fail(browser, tmp_path):
    """A page that leaks a request, asks for a file outside the site, logs an error, has an image
    without alternative text and grey text on grey is caught: the checks above are not blind (and
    the phone views' axe run, which leaves contrast to the desktop ones, is the one that misses it)."""
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text(
        '<!doctype html><html lang="en"><head><title>probe</title></head><body><main><h1>Probe</h1>'
        '<img src="https://fonts.example.com/x.png"><img src="/outside.png" alt="outside">'
        '<p style="color:#888;background:#999">grey on grey</p>'
        "<script>console.error('boom')</script></main></body></html>"
    )
    httpd = serve(tmp_path)
    base = f"http://127.0.0.1:{httpd.server_address[1]}/site/"
    try:
        v = Visit(browser, base, "probe", base=base)
        axe = run_axe(v.tab)
        without_contrast = run_axe(v.tab, "phone", "light")
        theme_only = run_axe(v.tab, "desktop", "dark")
        v.close()
    finally:
        httpd.shutdown()
    assert "request leaves localhost: https://fonts.example.com/x.png" in v.problems
    assert f"request outside the site ({base}): {base.removesuffix('site/')}outside.png" in v.problems
    assert "console error: boom" in v.problems
    assert any(x["id"] == "image-alt" and x["impact"] in AXE_IMPACTS for x in axe["violations"])
    assert any(x["id"] == "color-contrast" and x["impact"] in AXE_IMPACTS for x in axe["violations"])
    assert [x["id"] for x in without_contrast["violations"]] == [
        x["id"] for x in axe["violations"] if x["id"] != "color-contrast"
    ]
    assert sorted(x["id"] for x in theme_only["violations"]) == ["color-contrast", "image-alt"]


def test_the_screenshot_check_splits_a_page_taller_than_a_jpeg_and_still_sees_an_overflow(browser, tmp_path, monkeypatch):
    """A page taller than a JPEG can be is saved in parts, none of them empty (the limit lowered to
    3 000 px here, so that the probe is quick: the lesson, 78 000 px on a phone, meets the real one);
    a page really wider than the phone is still reported once its layout settles."""
    monkeypatch.setattr(sys.modules[__name__], "SCREENSHOTS", tmp_path / "shots")
    monkeypatch.setattr(sys.modules[__name__], "JPEG_MAX_HEIGHT", 3000)
    monkeypatch.setattr(sys.modules[__name__], "SETTLE_MS", 300)
    (tmp_path / "site").mkdir()
    stripes = "background:repeating-linear-gradient(#000 0 7px,#fff 7px 13px,#c33 13px 21px)"
    for name, body in (("tall", f'<div style="height:5000px;{stripes}"></div>'), ("wide", '<p style="width:3000px">wide</p>')):
        (tmp_path / "site" / f"{name}.html").write_text(
            f'<!doctype html><html lang="en"><head><title>{name}</title></head><body style="margin:0"><main>{body}</main></body></html>'
        )
    httpd = serve(tmp_path)
    base = f"http://127.0.0.1:{httpd.server_address[1]}/site/"
    try:
        for name in ("tall", "wide"):
            v = Visit(browser, f"{base}{name}.html", name, VIEWPORTS["phone"], base=base)
            try:
                if name == "tall":
                    screenshot_for_a_person_to_look_at(v, SimpleNamespace(id=name), View(name, "phone", "light"), None)
                else:
                    with pytest.raises(pytest.fail.Exception, match="wider than the screen"):
                        screenshot_for_a_person_to_look_at(v, SimpleNamespace(id=name), View(name, "phone", "light"), None)
            finally:
                v.close()
    finally:
        httpd.shutdown()
    parts = sorted((tmp_path / "shots").glob("tall.phone.light*.jpg"))
    assert [p.name for p in parts] == ["tall.phone.light.part1.jpg", "tall.phone.light.part2.jpg"], parts
    assert all(p.stat().st_size >= 10_000 for p in parts), [p.stat().st_size for p in parts]


def test_a_hung_tour_fails_its_tests_naming_page_view_and_check():
    """A browser that never answers does not hang the suite: the test waiting on it fails after
    TOUR_TIMEOUT_S from the moment its page was opened, naming the page, the view and the check."""
    import threading
    import time
    from concurrent.futures import Future

    import browser_tours

    page = PAGES[0]
    view = browser_tours.View(page.id, "phone", "dark")
    tours = object.__new__(browser_tours.Tours)
    tours.futures = {(view, "axe"): Future()}  # never answered
    tours.started = {view: time.monotonic() - browser_tours.TOUR_TIMEOUT_S - 1}
    stuck = threading.Event()
    tours.threads = [threading.Thread(target=stuck.wait, daemon=True)]
    tours.threads[0].start()
    try:
        with pytest.raises(
            pytest.fail.Exception,
            match=rf"{re.escape(rel(page.path))} \[{page.lang}\] at phone width, "
            rf"dark theme: the browser gave no result for 'axe' within {browser_tours.TOUR_TIMEOUT_S} s",
        ):
            tours.result(page, "phone", "dark", "axe")
    finally:
        stuck.set()


def test_a_page_is_loaded_once_and_toured_through_its_widths_and_schemes():
    """browser_tours.visits: one load per page, through its views in VIEW_ORDER (light phone, dark
    phone, dark desktop, light desktop); a view whose checks change the page (search, copy, the
    switcher) ends its load, so a later view loads afresh."""
    import browser_tours
    from browser_tours import View

    pl, dl, pd, dd = (View("p", w, s) for s in ("light", "dark") for w in ("phone", "desktop"))
    wanted = {dl: {"render", "axe", "copy", "switcher"}, pl: {"axe", "weight"}, dd: {"axe"}, pd: {"axe", "screenshot"}}
    assert browser_tours.visits(wanted) == [(pl, pd, dd, dl)]
    assert browser_tours.visits(wanted | {pl: {"axe", "copy"}}) == [(pl,), (pd, dd, dl)]


def test_the_palette_toggle_takes_a_page_into_the_dark_scheme_and_back(browser, served_site, tmp_path):
    """Visit.switch_scheme, as a tour uses it: on a built page with a diagram, the dark palette
    (and the diagram's light ink, which the render check reads) and back; on a page without
    Material's palette toggle, a failure that names the scheme it could not reach."""
    server, site = served_site
    page = next(p for p in PAGES if diagrams.fences(p))
    v = Visit(browser, page_url(server, site, page), page.id, VIEWPORTS["phone"], base=server)
    try:
        v.switch_scheme("dark")
        assert v.tab.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
        renders_offline_without_errors(v, page, View(page.id, "phone", "dark"), None)
        v.switch_scheme("light")
        assert v.tab.evaluate("document.body.getAttribute('data-md-color-scheme')") == "default"
        renders_offline_without_errors(v, page, View(page.id, "phone", "light"), None)
    finally:
        v.close()
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text(
        '<!doctype html><html lang="en"><head><title>probe</title></head><body><main><h1>No toggle</h1></main></body></html>'
    )
    httpd = serve(tmp_path)
    base = f"http://127.0.0.1:{httpd.server_address[1]}/site/"
    try:
        v = Visit(browser, base, "probe", base=base)
        with pytest.raises(pytest.fail.Exception, match=r"no palette toggle \(form\[data-md-component=palette\] .*dark scheme"):
            v.switch_scheme("dark")
        v.close()
    finally:
        httpd.shutdown()


def test_a_scheme_the_toggle_cannot_reach_fails_the_checks_of_the_views_left(browser, tmp_path, monkeypatch):
    """A tour whose page has no palette toggle: its light view's checks run, and every check of the
    views after the switch gets the switch's failure at once (not a hung tour's timeout)."""
    import threading
    from concurrent.futures import Future

    import browser_tours

    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text(
        '<!doctype html><html lang="en"><head><title>probe</title></head><body><main><h1>No toggle</h1></main></body></html>'
    )
    httpd = serve(tmp_path)
    base = f"http://127.0.0.1:{httpd.server_address[1]}/site/"
    monkeypatch.setattr(browser_tours, "page_url", lambda server, site, page: base)
    page = PAGES[0]
    views = (View(page.id, "phone", "light"), View(page.id, "phone", "dark"), View(page.id, "desktop", "dark"))
    tours = object.__new__(browser_tours.Tours)
    tours.server, tours.served, tours.pages = base, tmp_path, {page.id: page}
    tours.wanted = {views[0]: set(), views[1]: {"axe"}, views[2]: {"axe", "render"}}
    tours.futures = {(view, name): Future() for view, names in tours.wanted.items() for name in names}
    tours.started, tours.seconds, tours._timing = {}, {}, threading.Lock()
    tours.check_seconds = dict.fromkeys(["open", *browser_tours.CHECKS], 0.0)
    try:
        tours._tour(browser, views)
    finally:
        httpd.shutdown()
    results = {key: future.result(timeout=0) for key, future in tours.futures.items()}
    assert len(results) == 3 and all("no palette toggle" in r and "dark scheme" in r for r in results.values()), results


LAPTOP = {"width": 1366, "height": 768}
# Pages that open with a quick route: its first command must be on a laptop's first screen.
FIRST_COMMAND_PAGES = ("rocm.es", "rocm.en")
FIRST_COMMAND = """() => {
  const code = document.querySelector("article .highlight pre code");
  if (!code) return null;
  const line = parseFloat(getComputedStyle(code).lineHeight) || 20;
  return {bottom: code.getBoundingClientRect().top + line, screen: innerHeight,
          heading: code.closest("article").querySelector("h2")?.firstChild.textContent.trim()};
}"""


@pytest.mark.parametrize("page_id", FIRST_COMMAND_PAGES)
def test_the_first_command_is_on_a_laptops_first_screen(browser, served_site, page_id):
    """On a 1366 × 768 laptop, the page's first code line is visible without scrolling."""
    server, site = served_site
    page = next(p for p in PAGES if p.id == page_id)
    v = Visit(browser, page_url(server, site, page), page_id, LAPTOP, base=server)
    try:
        found = v.tab.evaluate(FIRST_COMMAND)
    finally:
        v.close()
    assert found, f"{rel(page.path)}: no code block on the page"
    assert found["bottom"] <= found["screen"], (
        f"{rel(page.path)} [{page.lang}]: its first command (under «{found['heading']}») ends "
        f"{found['bottom']:.0f} px down, below a {LAPTOP['width']} × {LAPTOP['height']} "
        "laptop's first screen: move the quick route up"
    )


def test_the_tours_wall_time_runs_from_the_first_page_load_to_the_last_tours_end():
    """The profile's wall time of the tours (their share of make test's 8 minutes): from the
    earliest view's start to the last browser's end, not the sum of the views."""
    import browser_tours

    tours = object.__new__(browser_tours.Tours)
    a, b = (browser_tours.View(p.id, "phone", "light") for p in PAGES[:2])
    tours.started, tours.ended = {a: 100.0, b: 130.0}, 190.0
    assert tours.wall_seconds() == 90.0
    tours.started, tours.ended = {}, 0.0
    assert tours.wall_seconds() == 0.0, "no tour ran: no wall time"
