"""The built site: strict build, both languages, switcher, badges, no third-party requests."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from verified_docs import diagrams, records
from verified_docs.pages import Page, readable_pages
from verified_docs.project import ROOT, languages, mkdocs_config, rel
from verified_docs.prose_marks import SOURCES
from verified_docs.tiers import CI_TIER

PAGES = readable_pages()
LANGS = languages()
LOCAL = re.compile(r"^(?!(?:[a-z][a-z0-9+.-]*:)?//)")  # relative URL: no scheme-relative or absolute host


class Tags(HTMLParser):
    """Collects (tag, attributes) pairs."""

    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def parse(path: Path) -> list[tuple[str, dict]]:
    parser = Tags()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.tags


@pytest.mark.parametrize("page", PAGES, ids=[p.id for p in PAGES])
def test_page_is_built_in_its_language(site, page):
    path = page.html_path(site)
    assert path.is_file(), f"{rel(page.path)} was not built to {rel(path)}"
    html = [a for t, a in parse(path) if t == "html"]
    assert html and html[0].get("lang") == page.lang, f"{rel(path)}: <html lang> is not {page.lang}"


@pytest.mark.parametrize("page", PAGES, ids=[p.id for p in PAGES])
def test_language_switcher_lands_on_the_same_page(site, page):
    path = page.html_path(site)
    links = {a.get("hreflang"): a.get("href") for t, a in parse(path) if t == "a" and "md-select__link" in (a.get("class") or "")}
    for lang in LANGS:
        twin = Page(path=page.path, lang=lang, slug=page.slug)
        assert lang in links, f"{rel(path)}: no language-switcher link for {lang}"
        href = links[lang]
        # Root-relative links (the plugin uses them on home pages) resolve from site_url's path "/".
        target = (site / href.lstrip("/") if href.startswith("/") else path.parent / href).resolve()
        target = target / "index.html" if target.is_dir() else target
        assert target == twin.html_path(site).resolve(), (
            f"{rel(path)}: the {lang} switcher link goes to {rel(target)}, not to the same page {rel(twin.html_path(site))}"
        )


@pytest.mark.parametrize("page", PAGES, ids=[p.id for p in PAGES])
def test_every_block_shows_its_tier(site, page):
    html = page.html_path(site).read_text(encoding="utf-8")
    badges = re.findall(r'<p class="tier tier--(\w+)"', html)
    assert badges == [b.tier for b in page.blocks], (
        f"{rel(page.html_path(site))}: badges {badges} do not match the page's tiers {[b.tier for b in page.blocks]}"
    )


RESOURCE_ATTRS = {
    "script": "src",
    "img": "src",
    "iframe": "src",
    "source": "src",
    "audio": "src",
    "video": "src",
    "embed": "src",
    "object": "data",
}


def test_no_request_leaves_the_site(site):
    """Fonts, scripts, styles and images are all served by the site itself."""
    offenders = []
    for path in sorted(site.rglob("*.html")):
        for tag, attrs in parse(path):
            url = attrs.get(RESOURCE_ATTRS.get(tag, ""), None)
            if tag == "link" and (attrs.get("rel") or "") in {"stylesheet", "preload", "preconnect", "icon", "modulepreload"}:
                url = attrs.get("href")
            if url and not LOCAL.match(url):
                offenders.append(f"{rel(path)}: <{tag}> loads {url}")
    for path in sorted(site.rglob("*.css")):
        for url in re.findall(r"url\(\s*['\"]?((?:[a-z]+:)?//[^)'\"]+)", path.read_text(errors="replace")):
            offenders.append(f"{rel(path)}: CSS loads {url}")
    assert not offenders, "third-party requests:\n" + "\n".join(offenders[:50])


@pytest.mark.parametrize("page", [p for p in PAGES if diagrams.fences(p)], ids=lambda p: p.id)
def test_diagrams_are_inline_svg_with_a_title(site, page):
    """Each mermaid fence is its committed SVG, inline, named for screen readers (accTitle)."""
    path = page.html_path(site)
    html = path.read_text(encoding="utf-8")
    figures = re.findall(r'<figure class="diagram"[^>]*>(.*?)</figure>', html, re.S)
    assert len(figures) == len(diagrams.fences(page)), (
        f"{rel(path)}: {len(figures)} diagram figures for {len(diagrams.fences(page))} mermaid fences"
    )
    for i, svg in enumerate(figures, 1):
        label = re.search(r'<svg [^>]*aria-labelledby="([^"]+)"', svg)
        assert label and re.search(rf'<title id="{label[1]}">[^<]+</title>', svg), (
            f"{rel(path)}: diagram {i} has no accessible title"
        )


def test_no_diagram_or_math_javascript_ships(site):
    """Diagrams and formulas are drawn at build time: no mermaid or KaTeX script in site/, and no
    element Material would hand to mermaid (it would fetch mermaid from a CDN)."""
    scripts = [rel(f) for f in site.rglob("*.js") if re.search(r"mermaid|katex|auto-render", f.name, re.I)]
    assert not scripts, f"diagram or math JavaScript in the site: {scripts}"
    for path in sorted(site.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        assert 'class="mermaid"' not in html, f"{rel(path)}: a mermaid element left for the browser to draw"
        loaded = [a.get("src", "") for t, a in parse(path) if t == "script"]
        assert not [u for u in loaded if re.search(r"mermaid|katex", u, re.I)], f"{rel(path)}: loads {loaded}"


def test_internal_links_and_images_resolve(site):
    """Every relative link, image and anchor in the built site points at something that exists."""
    ids: dict[Path, set] = {}
    broken, checked = [], 0
    for path in sorted(site.rglob("*.html")):
        for tag, attrs in parse(path):
            url = attrs.get("href") if tag in ("a", "link") else attrs.get("src") if tag in ("img", "script") else None
            if not url or not LOCAL.match(url) or url.startswith(("mailto:", "data:", "javascript:")):
                continue
            checked += 1
            target, _, anchor = url.partition("#")
            dest = (site / target.lstrip("/")) if target.startswith("/") else (path.parent / target) if target else path
            dest = dest.resolve()
            if dest.is_dir():
                dest = dest / "index.html"
            if not dest.exists():
                broken.append(f"{rel(path)}: <{tag}> {url} -> missing {rel(dest)}")
                continue
            if anchor and dest.suffix == ".html":
                if dest not in ids:
                    ids[dest] = {a["id"] for _, a in parse(dest) if "id" in a}
                if anchor not in ids[dest]:
                    broken.append(f"{rel(path)}: <{tag}> {url} -> no anchor #{anchor}")
    assert checked > 100, f"only {checked} internal links found: is the site empty?"
    assert not broken, "broken internal links:\n" + "\n".join(broken[:50])


KATEX_CSS = "assets/vendor/katex/katex.min.css"


@pytest.mark.parametrize("page", PAGES, ids=[p.id for p in PAGES])
def test_math_is_rendered_at_build_time(site, page):
    """Formulas arrive as KaTeX's HTML (with MathML); KaTeX's stylesheet loads only where there is math."""
    path = page.html_path(site)
    html = path.read_text(encoding="utf-8")
    marked = re.findall(r'<(span|div) class="arithmatex"[^>]*>(.{0,40})', html, re.S)
    raw = [body for _, body in marked if not body.startswith(('<span class="katex', '<span class="katex-display'))]
    assert not raw, f"{rel(path)}: formulas left for the browser to typeset: {raw}"
    styles = [a.get("href", "") for t, a in parse(path) if t == "link" and a.get("rel") == "stylesheet"]
    has_css = any(h.endswith(KATEX_CSS.rsplit("/", 1)[-1]) for h in styles)
    assert has_css == bool(marked), (
        f"{rel(path)}: {len(marked)} formulas, KaTeX stylesheet {'loaded' if has_css else 'not loaded'}"
    )
    if marked:
        assert (site / KATEX_CSS).is_file(), f"{KATEX_CSS} is missing from the site; `make` copies it from npm"


@pytest.mark.parametrize("page", [p for p in PAGES if p.has(CI_TIER)], ids=lambda p: p.id)
def test_page_shows_its_verification_stamp(site, page, request):
    """Under the title: "ok" with the run's date and Keras version for a page whose run passed in
    this session, anything but "ok" for one whose run failed. The expectation comes from this
    session's own verdict on the page's run, not from the rule the build applies to records."""
    scheduler = request.config.pluginmanager.get_plugin("verified_docs_scheduler")
    verdict = scheduler.verdict(page)
    if verdict is None:
        pytest.skip(
            f"{page.id}: its run is not part of this session, so there is no verdict to hold its stamp "
            "to (make test runs both; a sharded run's merge checks the records instead)"
        )
    where = rel(page.html_path(site))
    stamps = re.findall(r'<p class="verified verified--(\w+)"[^>]*>([^<]*)', page.html_path(site).read_text())
    assert len(stamps) == 1, f"{where}: expected one verification stamp, found {stamps}"
    ((kind, text),) = stamps
    if verdict == "failed":
        assert kind != "ok", f"{where}: the page's run failed in this session, yet its stamp says ok: {text!r}"
        return
    assert kind == "ok", f"{where}: the page's run passed in this session, but its stamp is {kind!r}: {text!r}"
    # A translation proven by its original's run (translation_proof) says so; a page that ran does
    # not. Under --cached the verdict is the recorded run's, proven or not.
    proven = scheduler.proven_by(page)
    how = "cached" if scheduler.skips.get(f"{rel(page.path)}::{CI_TIER}", "").startswith("cache hit") else "in this session"
    assert ("original" in text) == bool(proven), (
        f"{where}: {f'proven by its original {proven}' if proven else 'run itself'} ({how}), but its stamp says {text!r}"
    )
    written = records.path_of(page).stat().st_mtime
    if not scheduler.skips.get(f"{rel(page.path)}::{CI_TIER}", "").startswith("cache hit"):
        assert written >= scheduler.began, (
            f"{where}: the page's run passed in this session, but its record {rel(records.path_of(page))} is older "
            f"than the session: the stamp shows an earlier run ({text!r}), not this one"
        )
    data = records.read(page)
    assert data["date"] in text and data["versions"]["Keras"] in text, (
        f"{where}: the stamp {text!r} does not name the passing run's date {data['date']} and Keras {data['versions']['Keras']}"
    )


@pytest.mark.parametrize("page", PAGES, ids=[p.id for p in PAGES])
def test_every_source_mark_leads_to_the_pages_sources(site, page):
    """A figure marked as the source's names a document the reader can find: the mark links to the
    page's sources section, which names every document of its front matter (and links it where it has
    an address)."""
    text = page.html_path(site).read_text(encoding="utf-8")
    marks = re.findall(r'(<a [^>]*>)?<sup class="trace trace--source"', text)
    anchor = SOURCES[page.lang]["anchor"]
    unlinked = sum(1 for a in marks if f'href="#{anchor}"' not in (a or ""))
    assert not unlinked, f"{rel(page.path)}: {unlinked} of its {len(marks)} source marks do not link to #{anchor}"
    listed = page.meta.get("sources") or []
    if not (marks or listed):
        return
    at = text.find(f'id="{anchor}"')
    assert at >= 0, (
        f"{rel(page.path)}: source marks or front-matter sources, but no #{anchor} section in {rel(page.html_path(site))}"
    )
    section = text[at:]
    for source in listed:
        assert html.escape(source["title"], quote=False) in section, (
            f"{rel(page.path)}: its sources section does not name {source['title']!r}"
        )
        if source.get("url"):
            assert f'href="{source["url"]}"' in section, f"{rel(page.path)}: its sources section does not link {source['url']}"


@pytest.mark.parametrize("page", PAGES, ids=[p.id for p in PAGES])
def test_headings_do_not_skip_levels(site, page):
    """Content headings start at one <h1> and do not skip levels. axe-core (tests/test_browser.py)
    checks the rest; it rates heading order only "moderate", below what it fails on."""
    path = page.html_path(site)
    text = path.read_text(encoding="utf-8")
    content = text[text.find("<article") : text.find("</article>")]
    tags = Tags()
    tags.feed(content)
    levels = [int(t[1]) for t, _ in tags.tags if re.fullmatch(r"h[1-6]", t)]
    assert levels and levels[0] == 1, f"{rel(path)}: the content must start with one <h1>"
    skips = [(a, b) for a, b in zip(levels, levels[1:]) if b > a + 1]
    assert not skips, f"{rel(path)}: heading levels skip: {skips}"
    assert levels.count(1) == 1, f"{rel(path)}: more than one <h1>"


def test_external_links_are_listed_not_fetched(site):
    """CI has no network: external links are written to build/external-links.txt for a person (or
    an online job) to check, and each must at least be a well-formed http(s) URL."""
    from urllib.parse import urlsplit

    links: dict[str, set[str]] = {}
    for path in sorted(site.rglob("*.html")):
        article = path.read_text(encoding="utf-8")
        article = article[article.find("<article") : article.find("</article>")]
        tags = Tags()
        tags.feed(article)
        for tag, attrs in tags.tags:
            url = attrs.get("href") if tag == "a" else None
            if url and not LOCAL.match(url) and urlsplit(url).hostname not in ("127.0.0.1", "localhost"):
                links.setdefault(url, set()).add("/" + path.relative_to(site).parent.as_posix().strip("."))
    malformed = [u for u in links if urlsplit(u).scheme not in ("http", "https") or not urlsplit(u).hostname or " " in u]
    out = ROOT / "build" / "external-links.txt"
    out.write_text("".join(f"{u}\t{' '.join(sorted(p))}\n" for u, p in sorted(links.items())))
    assert links, "no external link found: is the site empty?"
    assert not malformed, f"malformed external links (see {rel(out)}): {malformed}"


def site_names() -> dict[str, str]:
    """Each language's site name, as mkdocs.yml gives it (the i18n plugin's per-language override)."""
    config = mkdocs_config()
    return {l.locale: l.site_name or config.site_name for l in config.plugins["i18n"].config.languages}


@pytest.mark.parametrize("page", PAGES, ids=[p.id for p in PAGES])
def test_title_is_in_the_pages_language(site, page):
    html = page.html_path(site).read_text(encoding="utf-8")
    title = re.search(r"<title>([^<]*)</title>", html)[1]
    names = site_names()
    assert title.endswith(names[page.lang]), f"{rel(page.html_path(site))}: <title> {title!r} is not in {page.lang}"
    others = [n for lang, n in names.items() if lang != page.lang and n != names[page.lang]]
    assert not [n for n in others if n in title], f"{rel(page.html_path(site))}: <title> {title!r} names another language's site"


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_has_its_own_not_found_page(site, lang):
    """The default language's 404.html is the site root's (a host serves it for any missing address,
    so it links both home pages); every other language has <lang>/404.html."""
    default = LANGS[0]
    path = site / ("404.html" if lang == default else f"{lang}/404.html")
    assert path.is_file(), f"no not-found page for {lang}: {rel(path)}"
    tags = parse(path)
    assert next(a for t, a in tags if t == "html").get("lang") == lang, f"{rel(path)}: not in {lang}"
    html = path.read_text(encoding="utf-8")
    assert re.search(r"<title>[^<]*" + re.escape(site_names()[lang]) + "</title>", html), f"{rel(path)}: <title> not in {lang}"
    homes = {"/", *(f"/{l}/" for l in LANGS[1:])}
    links = {a.get("href") for t, a in tags if t == "a" and "md-" not in (a.get("class") or "")}
    assert homes <= links, f"{rel(path)}: links to every home page expected, found {sorted(h for h in links if h)}"
    switcher = {a.get("hreflang"): a.get("href") for t, a in tags if t == "a" and "md-select__link" in (a.get("class") or "")}
    assert set(switcher.values()) == homes, f"{rel(path)}: the language switcher goes to {switcher}, not to the home pages"


@pytest.mark.parametrize("page", PAGES, ids=[p.id for p in PAGES])
def test_search_index_holds_the_prose_not_the_code(site, page):
    """Every page loads its language's whole search index, so its code blocks and outputs stay out
    of it (build.unsearched) while the page's prose and headings are in it."""
    index = site / ("" if page.lang == LANGS[0] else page.lang) / "search" / "search_index.json"
    url = "" if page.slug == "index" else f"{page.slug}/"  # locations are relative to the language's root
    docs = [d for d in json.loads(index.read_text(encoding="utf-8"))["docs"] if d["location"].split("#")[0] == url]
    assert docs, f"{rel(index)} has no entry for {page.id} ({url!r})"
    code = [d["location"] for d in docs if "<pre" in d["text"]]
    assert not code, f"{rel(index)}: code blocks of {page.id} are in the search index, at {code}"


# Elements a page may have, as built. Set from `make audit` on 2026-12-06: the lesson, at 6,000
# elements once highlighted code lost its uncoloured spans (build.lighter_code) and Material mounted
# code blocks lazily (content.lazy), scored 88-89 for mobile performance with gzip; at 11,250 it had
# scored 71-73. Lighthouse warns from 1,400; a long page of code cannot get there, so the budget
# keeps the pages where they are now, with room for a section or two.
DOM_BUDGET = 7000


class ElementCount(HTMLParser):
    def __init__(self):
        super().__init__()
        self.count = 0

    def handle_starttag(self, tag, attrs):
        self.count += 1


@pytest.mark.parametrize("page", PAGES, ids=[p.id for p in PAGES])
def test_each_page_stays_within_its_dom_budget(site, page):
    counter = ElementCount()
    counter.feed(page.html_path(site).read_text(encoding="utf-8"))
    assert counter.count <= DOM_BUDGET, (
        f"{rel(page.html_path(site))} has {counter.count} elements, over the budget of {DOM_BUDGET} "
        "(tests/test_site.py): a phone lays out each one, and the lesson scored 71 in `make audit` at "
        "11,250. Fold less into the page, move a side topic to a page of its own, or check that "
        "build.lighter_code still unwraps the plain code tokens"
    )
