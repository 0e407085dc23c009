"""The one reader of a page: Markdown in, a Page of prose and blocks out.

Every other part of the engine (execution, badges, stamps, notebooks, parity, mutation, site
checks) works on what this module returns, so they cannot disagree about where a block is.

A block is written on the page as

    <!--pytest.mark.TIER(options)-->            the tier mark (pytest-codeblocks' syntax)
    ```python title="x.py"                      the fence; the title is a file the reader saves
    --8<-- "page/lang/NN_name.py"               exactly one include of a file in snippets/
    ```

    <!--pytest-codeblocks:expected-output-->    optional: the recorded output, also an include
    ```text
    --8<-- "page/lang/NN_name.out"
    ```

Includes are expanded with pymdownx.snippets' own preprocessor and mkdocs.yml's options, so the
engine runs exactly the text the reader sees. pytest-codeblocks' extractor gives a fence's first
line but not its span, its indentation or the prose around it, which the notebooks and badges
need; this reader keeps its marker syntax and returns all of that.
"""

from __future__ import annotations

import ast
import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

import markdown as markdown_lib

from .project import DOCS, ROOT, default_language, languages, rel, snippet_options
from .tiers import MARK_LINE, NOT_CODE, OPTION_CHECKS, OUTPUT_LINE, SHELL, TIERS

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
# An admonition's first line: `!!! note "title"`, or a fold (pymdownx.details): `??? note` closed,
# `???+ note` open. Read by the notebooks (a bold title or <details>) and folds.py (the main path).
ADMONITION = re.compile(r'^(?P<indent>[ \t]*)(?P<kind>!!!|\?\?\?\+?)\s+(?P<type>[\w-]+)(?:\s+"(?P<title>[^"]*)")?\s*$')
INCLUDE = re.compile(r'^\s*--8<--\s+"([^"]+)"\s*$')
TITLE = re.compile(r'title="([^"]+)"')
MARK_HELP = "a tier mark such as <!--pytest.mark.run--> (tiers: " + ", ".join(TIERS) + ")"


class PageError(Exception):
    """A page that cannot be read into blocks; the message starts with file:line."""


@dataclass
class Prose:
    lines: list[str]
    start: int  # 1-based line of the first one in the page file


@dataclass
class Block:
    page: Path
    lang: str
    start: int  # 1-based line of the tier mark in the page file
    lineno: int  # 1-based line of the opening fence
    end: int  # last line of the block (of its recorded output's fence when it has one)
    lines: list[str]  # the page's own lines from the mark to `end`, verbatim
    indent: str  # the mark's indentation (inside a list or an admonition)
    syntax: str  # first word of the info string: python, bash, ...
    title: str | None  # title="x.py": the reader saves the block as that file
    tier: str
    options: dict  # the mark's keyword arguments, e.g. volatile=r"…"
    snippet: Path  # the file the block includes
    code: str  # expanded text, as the reader sees it
    output_file: Path | None = None  # the recorded output shown after the block
    expected: str | None = None  # its expanded text (None when the file does not exist yet)

    @property
    def where(self) -> str:
        """How a failure names this block: page, language, line, snippet file."""
        return f"{rel(self.page)} [{self.lang}], block at line {self.lineno} ({rel(self.snippet)})"

    @property
    def page_id(self) -> str:
        """The id of the page the block is on (Page.id)."""
        return f"{page_lang(self.page)[0]}.{self.lang}"

    @property
    def is_file(self) -> bool:
        """A titled Python block is a file the page asks the reader to save, not a cell."""
        return self.title is not None and self.title.endswith(".py")


@dataclass(frozen=True)
class Diagram:
    syntax: str  # mermaid (tiers.NOT_CODE)
    line: int  # 1-based line of its opening fence in the page file
    indent: str
    source: str  # its text, without the fences and the fences' indentation


@dataclass
class Page:
    path: Path
    lang: str
    slug: str  # the page's name without language suffix, e.g. "keras-10-min"
    meta: dict = field(default_factory=dict)  # front matter
    items: list = field(default_factory=list)  # Prose and Block, in page order

    @property
    def id(self) -> str:
        return f"{self.slug}.{self.lang}"

    @property
    def blocks(self) -> list[Block]:
        return [i for i in self.items if isinstance(i, Block)]

    def has(self, tier: str) -> bool:
        return any(b.tier == tier for b in self.blocks)

    @property
    def prose(self) -> str:
        """The page's text outside code blocks (diagram fences included)."""
        return "\n".join(line for i in self.items if isinstance(i, Prose) for line in i.lines)

    @property
    def diagrams(self) -> list[Diagram]:
        """Every non-code fence (a diagram) in the prose, in page order: the one reading of them
        that the diagram renderer, the build and the tests share. A fence ends at the first line
        that is its own opening fence alone (or at the end of its prose run, which a tier mark or
        a code block ends)."""
        found = []
        for item in self.items:
            if not isinstance(item, Prose):
                continue
            lines, i = item.lines, 0
            while i < len(lines):
                m = FENCE.match(lines[i])
                syntax = (m["info"].split() or [""])[0] if m else ""
                if syntax not in NOT_CODE:
                    i += 1
                    continue
                close = next((k for k in range(i + 1, len(lines)) if lines[k].strip() == m["fence"]), len(lines))
                body = [ln[len(m["indent"]) :] for ln in lines[i + 1 : close]]
                found.append(Diagram(syntax, item.start + i, m["indent"], "\n".join(body) + "\n"))
                i = close + 1
        return found

    @property
    def workdir_links(self) -> dict:
        """Front matter `test_workdir:` {name: target}: what the reader has beside the page's
        files when running it (target "venv" or "fixtures/<path>")."""
        return self.meta.get("test_workdir", {}) or {}

    @property
    def url(self) -> str:
        """The page's URL relative to the site root, as the i18n plugin publishes it."""
        prefix = "" if self.lang == default_language() else f"{self.lang}/"
        return prefix + ("" if self.slug == "index" else f"{self.slug}/")

    def html_path(self, site: Path) -> Path:
        return site / self.url / "index.html"


def expand(lines: list[str], options: dict) -> list[str]:
    """Expand --8<-- includes with the preprocessor MkDocs uses."""
    md = markdown_lib.Markdown(extensions=["pymdownx.snippets"], extension_configs={"pymdownx.snippets": options})
    return md.preprocessors["snippet"].run(list(lines))


def snippet_path(name: str, options: dict | None = None) -> Path | None:
    """The file an include line names, found under the snippet base paths as MkDocs finds it."""
    for base in dict(options or snippet_options())["base_path"]:
        if (Path(base) / name).is_file():
            return (Path(base) / name).resolve()
    return None


def includes(text: str) -> list[str]:
    """The names that a text's --8<-- include lines name, in order."""
    return [m[1] for line in text.splitlines() if (m := INCLUDE.match(line))]


def _include(body: list[str], options: dict, where: str, missing_ok: bool = False) -> Path | None:
    """The snippet file that a fence's body includes (None when it is not one include line)."""
    lines = [ln for ln in body if ln.strip()]
    if len(lines) != 1 or not INCLUDE.match(lines[0]):
        return None
    name = INCLUDE.match(lines[0])[1]
    found = snippet_path(name, options)
    if found:
        return found
    if missing_ok:  # a recording `make outputs` has not written yet
        return (Path(options["base_path"][0]) / name).resolve()
    raise PageError(
        f'{where}: snippet "{name}" not found under {", ".join(map(rel, map(Path, options["base_path"])))}; '
        "create it, or fix the name in the include line"
    )


def _fence_end(lines: list[str], start: int, where: str) -> int:
    m = FENCE.match(lines[start])
    for j in range(start + 1, len(lines)):
        c = FENCE.match(lines[j])
        if c and c["fence"][0] == m["fence"][0] and len(c["fence"]) >= len(m["fence"]) and not c["info"].strip():
            return j
    raise PageError(f"{where}: the fence opened here is never closed; add {m['fence']} after its code")


def _options(tier: str, args: str | None, where: str) -> dict:
    if not args:
        return {}
    try:
        call = ast.parse(f"f({args})", mode="eval").body
        if call.args:
            raise ValueError("positional")
        if any(k.arg is None for k in call.keywords):
            raise ValueError("no ** in a mark")
        opts = {k.arg: ast.literal_eval(k.value) for k in call.keywords}
    except (SyntaxError, ValueError) as exc:
        raise PageError(
            f'{where}: the mark\'s options must be keyword literals, e.g. pytest.mark.run(volatile=r"\\d+ s"): {exc}'
        ) from None
    wrong = sorted(set(opts) - TIERS[tier].options)
    if wrong:
        takes = ", ".join(sorted(TIERS[tier].options)) or "no options"
        raise PageError(f"{where}: the {tier} tier does not take {', '.join(wrong)}; it takes {takes}")
    for name, value in opts.items():
        problem = OPTION_CHECKS[name](value)
        if problem:
            raise PageError(f"{where}: option {name}={value!r} must be {problem}")
    return opts


def page_lang(path: Path) -> tuple[str, str]:
    """(slug, language) from a page's file name: `<slug>.<lang>.md`."""
    m = re.match(r"^(.*)\.([\w-]+)\.md$", path.name)
    if not m or m[2] not in languages():
        raise PageError(f"{rel(path)}:1: a page's name ends in .<language>.md, one of {', '.join(languages())} (mkdocs.yml)")
    stem = (path.resolve().relative_to(DOCS).parent / m[1]) if path.resolve().is_relative_to(DOCS) else Path(m[1])
    return stem.as_posix(), m[2]


def read(
    text: str,
    path: Path,
    *,
    first_line: int = 1,
    options: dict | None = None,
    meta: dict | None = None,
    missing_outputs_ok: bool = False,
) -> Page:
    """Read page text (without front matter; its first line is the file's `first_line`).

    A recording that does not exist yet is an error, except while recording (`make outputs`).
    """
    options = dict(options or snippet_options())
    slug, lang = page_lang(path)
    page = Page(path=path, lang=lang, slug=slug, meta=meta or {})
    lines = text.splitlines()
    prose: list[str] = []
    prose_start = first_line

    def at(i: int) -> str:
        return f"{rel(path)}:{i + first_line}"

    def flush(next_start: int) -> None:
        nonlocal prose, prose_start
        if prose:
            page.items.append(Prose(prose, prose_start))
        prose, prose_start = [], next_start

    i = 0
    while i < len(lines):
        line = lines[i]
        mark = MARK_LINE.match(line)
        if mark:
            tier = mark["tier"]
            if tier not in TIERS:
                raise PageError(f"{at(i)}: unknown tier '{tier}'; write {MARK_HELP}")
            fence = FENCE.match(lines[i + 1]) if i + 1 < len(lines) else None
            if not fence:
                raise PageError(f"{at(i)}: a tier mark must be directly followed by its code fence")
            close = _fence_end(lines, i + 1, at(i + 1))
            indent = len(fence["indent"])
            body = [ln[indent:] if ln[:indent].strip() == "" else ln.lstrip() for ln in lines[i + 2 : close]]
            syntax = (fence["info"].split() or [""])[0]
            if syntax != "python" and syntax not in SHELL:
                raise PageError(
                    f"{at(i + 1)}: a tiered block is python or {' / '.join(sorted(SHELL))}, not '{syntax or 'no language'}'; "
                    "text that is not code goes in prose, or in a recorded output"
                )
            snippet = _include(body, options, at(i + 1))
            if snippet is None:
                raise PageError(
                    f'{at(i + 1)}: code comes from a file in snippets/ through one --8<-- "page/lang/NN_name.ext" line, not typed in the page'
                )
            block = Block(
                page=path,
                lang=lang,
                start=i + first_line,
                lineno=i + 1 + first_line,
                end=close + first_line,
                lines=[],
                indent=mark["indent"],
                syntax=syntax,
                title=(TITLE.search(fence["info"]) or [None, None])[1],
                tier=tier,
                options=_options(tier, mark["args"], at(i)),
                snippet=snippet,
                code="\n".join(expand(body, options)) + "\n",
            )
            end = close
            k = close + 1
            while k < len(lines) and not lines[k].strip():
                k += 1
            if k < len(lines) and OUTPUT_LINE.match(lines[k]):
                if not TIERS[tier].compare or block.is_file:
                    shown = [t for t in TIERS if TIERS[t].compare]
                    raise PageError(
                        f"{at(k)}: nothing compares this recorded output: only {', '.join(shown)} blocks that are "
                        "not saved files have their output checked; remove it, or show it as prose"
                    )
                out_fence = FENCE.match(lines[k + 1]) if k + 1 < len(lines) else None
                if not out_fence:
                    raise PageError(
                        f"{at(k)}: an expected-output mark must be directly followed by a fence that includes the recording"
                    )
                end = _fence_end(lines, k + 1, at(k + 1))
                out_indent = len(out_fence["indent"])
                out_body = [ln[out_indent:] for ln in lines[k + 2 : end]]
                block.output_file = _include(out_body, options, at(k + 1), missing_ok=True)
                if block.output_file is None:
                    raise PageError(
                        f'{at(k + 1)}: a recorded output is included with one --8<-- "page/lang/NN_name.out" line, written by `make outputs`, never typed in the page'
                    )
                if block.output_file.is_file():
                    block.expected = "\n".join(expand(out_body, options)) + "\n"
                elif not missing_outputs_ok:
                    raise PageError(
                        f"{at(k + 1)}: the recorded output {rel(block.output_file)} does not exist; "
                        "run `make outputs` to record it by running the block"
                    )
            block.end = end + first_line
            block.lines = lines[i : end + 1]
            flush(end + 1 + first_line)
            page.items.append(block)
            i = end + 1
            continue
        if OUTPUT_LINE.match(line):
            raise PageError(f"{at(i)}: an expected-output mark must follow a code block (after its closing fence)")
        fence = FENCE.match(line)
        if fence:
            close = _fence_end(lines, i, at(i))
            if (fence["info"].split() or [""])[0] not in NOT_CODE:
                raise PageError(f"{at(i)}: this code fence has no tier; put {MARK_HELP} on the line before it")
            prose += lines[i : close + 1]  # a diagram: prose to the reader
            i = close + 1
            continue
        prose.append(line)
        i += 1
    flush(0)
    return page


def split_front_matter(source: str, body: str | None = None) -> tuple[str, int, dict]:
    """(text after the front matter, its first line number in the file, front matter)."""
    from mkdocs.utils.meta import get_data

    content, meta = get_data(source)
    if body is not None and source.endswith(body):
        content = body
    if not source.endswith(content):
        raise PageError("the page's front matter could not be located; it must be the file's first lines, between --- lines")
    return content, source[: len(source) - len(content)].count("\n") + 1, meta


def front_matter_span(source: str) -> tuple[int, int] | None:
    """(index of the opening ---, index of the closing line) among the source's lines, where
    split_front_matter (MkDocs' own rule) finds front matter; None where it finds none."""
    from mkdocs.utils.meta import YAML_RE

    m = YAML_RE.match(source)
    if not m or split_front_matter(source)[1] == 1:  # no delimiters, or MkDocs did not take them as front matter
        return None
    return 0, source[: m.end()].count("\n") - 1


def load_page(path: Path, options: dict | None = None, missing_outputs_ok: bool = False) -> Page:
    path = Path(path)
    try:
        content, first, meta = split_front_matter(path.read_text(encoding="utf-8"))
    except PageError as exc:
        raise PageError(f"{rel(path)}:1: {exc}") from None
    return read(content, path, first_line=first, options=options, meta=meta, missing_outputs_ok=missing_outputs_ok)


def page_paths(docs: Path = DOCS) -> list[Path]:
    langs = "|".join(map(re.escape, languages()))
    return sorted(p for p in docs.rglob("*.md") if re.search(rf"\.({langs})\.md$", p.name))


def all_pages() -> list[Page]:
    return [load_page(p) for p in page_paths()]


def content_hash(page: Page) -> str:
    """A hash of what a page shows and runs: its text, snippets, recorded outputs and figures."""
    digest = hashlib.sha256()
    files = [page.path]
    for b in page.blocks:
        files += [b.snippet] + ([b.output_file] if b.output_file else [])
        if b.options.get("figure"):
            files.append(DOCS / b.options["figure"])
    for f in files:
        digest.update(rel(f).encode() + b"\0" + (f.read_bytes() if f.is_file() else b"<missing>"))
    return digest.hexdigest()[:16]


__all__ = [
    "Block",
    "Page",
    "PageError",
    "Prose",
    "ROOT",
    "all_pages",
    "content_hash",
    "expand",
    "load_page",
    "page_lang",
    "page_paths",
    "read",
]


def readable_pages() -> list[Page]:
    """The pages that read without error (a page that does not fails its own `::read` item)."""
    out = []
    for path in page_paths():
        try:
            out.append(load_page(path))
        except PageError:
            pass
    return out
