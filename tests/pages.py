"""Read the site's pages the way MkDocs does and turn them into runnable blocks.

Blocks are found by pytest-codeblocks' extractor (its fences, its ``<!--pytest.mark.*-->`` and
``<!--pytest-codeblocks:expected-output-->`` markers). Each block's include line is then expanded
by pymdownx.snippets' own preprocessor, configured from mkdocs.yml, so the harness runs exactly the
text the reader sees. Before expanding, we keep which snippet file the block came from, so that a
failure can name it.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import io
import re
from dataclasses import dataclass, field
from pathlib import Path

import markdown
from pytest_codeblocks import extract_from_buffer

from scripts.tiers import MARK, NOT_CODE, TIERS

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LANGS = ("es", "en")
INCLUDE = re.compile(r'^\s*--8<--\s+"([^"]+)"\s*$')
TIER_MARK = re.compile(rf"^{MARK}$")
TITLE = re.compile(r'title="([^"]+)"')


class PageError(Exception):
    """A page that cannot be turned into blocks (bad marker, inline code, missing snippet)."""


@dataclass
class Block:
    page: Path
    lang: str
    lineno: int  # 1-based line of the opening fence in the page
    syntax: str  # first word of the info string: python, bash, ...
    title: str | None  # title="x.py": the reader saves the block as that file
    tier: str
    tier_args: dict
    snippet: Path  # the file the block includes
    code: str  # expanded text, as the reader sees it
    output_file: Path | None = None  # the recorded output shown after the block
    expected: str | None = None  # its expanded text

    @property
    def where(self) -> str:
        """How a failure names this block: page, language, line, snippet file."""
        return (
            f"{rel(self.page)} [{self.lang}], block at line {self.lineno} "
            f"({rel(self.snippet)})"
        )

    @property
    def is_file(self) -> bool:
        """A titled Python block is a file the page asks the reader to save, not a cell."""
        return self.title is not None and self.title.endswith(".py")


@dataclass
class Page:
    path: Path
    lang: str
    slug: str  # the page's name without language suffix, e.g. "keras-10-min"
    blocks: list[Block] = field(default_factory=list)
    # Front matter `test_workdir:` {name: target}: links the runner puts in the page's working
    # directory, where the reader would have them (target "venv" or "fixtures/<path>").
    workdir_links: dict = field(default_factory=dict)

    @property
    def id(self) -> str:
        return f"{self.slug}.{self.lang}"


def rel(path: Path) -> str:
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


@functools.lru_cache(maxsize=None)
def snippet_options() -> tuple[tuple[str, object], ...]:
    """pymdownx.snippets' options exactly as mkdocs.yml gives them to MkDocs."""
    from mkdocs.config import load_config

    cfg = load_config(str(ROOT / "mkdocs.yml"))
    opts = dict(cfg["mdx_configs"].get("pymdownx.snippets", {}))
    # base_path resolves against the working directory, as in MkDocs run from the root.
    base = opts.get("base_path", ["."])
    base = [base] if isinstance(base, str) else base
    opts["base_path"] = [str(ROOT / b) for b in base]
    return tuple(sorted(opts.items()))


def expand(lines: list[str], options: dict) -> list[str]:
    """Expand --8<-- includes with the preprocessor MkDocs uses."""
    md = markdown.Markdown(
        extensions=["pymdownx.snippets"],
        extension_configs={"pymdownx.snippets": options},
    )
    return md.preprocessors["snippet"].run(list(lines))


def resolve_include(raw: str, options: dict, missing_ok: bool = False) -> Path | None:
    """The snippet file an include line names, found in the base paths like pymdownx does.

    None when the text is not a single include line. A recorded output may be missing
    (missing_ok): `make outputs` writes it under the first base path.
    """
    lines = [ln for ln in raw.splitlines() if ln.strip()]
    if len(lines) != 1 or not INCLUDE.match(lines[0]):
        return None
    name = INCLUDE.match(lines[0])[1]
    for base in options["base_path"]:
        candidate = Path(base) / name
        if candidate.is_file():
            return candidate.resolve()
    if missing_ok:
        return (Path(options["base_path"][0]) / name).resolve()
    raise PageError(f'snippet "{name}" not found under {options["base_path"]}')


def page_lang(path: Path) -> tuple[str, str]:
    m = re.match(r"^(.*)\.(es|en)\.md$", path.name)
    if not m:
        raise PageError(f"{rel(path)}: page name must end in .es.md or .en.md")
    stem = path.relative_to(DOCS).parent / m[1] if path.is_relative_to(DOCS) else Path(m[1])
    return stem.as_posix(), m[2]


def load_page(path: Path, options: dict | None = None) -> Page:
    options = dict(options or snippet_options())
    slug, lang = page_lang(path)
    text = path.read_text(encoding="utf-8")
    from mkdocs.utils.meta import get_data

    page = Page(path=path, lang=lang, slug=slug, workdir_links=get_data(text)[1].get("test_workdir", {}))
    for cb in extract_from_buffer(io.StringIO(text)):
        syntax = (cb.syntax or "").split()[0] if (cb.syntax or "").strip() else ""
        if syntax in NOT_CODE:
            continue
        here = f"{rel(path)} [{lang}], block at line {cb.lineno}"
        tiers = [TIER_MARK.match(m.strip()) for m in cb.marks]
        tiers = [t for t in tiers if t and t["tier"] in TIERS]
        if len(tiers) != 1:
            raise PageError(
                f"{here}: needs exactly one tier marker before its fence, one of "
                + ", ".join(f"<!--pytest.mark.{t}-->" for t in TIERS)
                + f"; found {cb.marks or 'none'}"
            )
        tier_args = {}
        if tiers[0]["args"]:
            call = ast.parse(f"f({tiers[0]['args']})", mode="eval").body
            tier_args = {k.arg: ast.literal_eval(k.value) for k in call.keywords}
        snippet = resolve_include(cb.code, options)
        if snippet is None:
            raise PageError(
                f"{here}: code must come from a file in snippets/ through one "
                f'--8<-- "page/lang/NN_name.ext" line, not be typed in the page'
            )
        block = Block(
            page=path,
            lang=lang,
            lineno=cb.lineno,
            syntax=syntax,
            title=(TITLE.search(cb.syntax or "") or [None, None])[1],
            tier=tiers[0]["tier"],
            tier_args=tier_args,
            snippet=snippet,
            code="\n".join(expand(cb.code.splitlines(), options)) + "\n",
        )
        if cb.expected_output is not None:
            block.output_file = resolve_include(cb.expected_output, options, missing_ok=True)
            if block.output_file is None:
                raise PageError(
                    f"{block.where}: its output must be a recorded file included with "
                    f'--8<--, written by `make outputs`, never typed in the page'
                )
            if block.output_file.is_file():
                # expanded like the page's code, so the harness compares what the reader sees
                block.expected = "\n".join(expand(cb.expected_output.splitlines(), options)) + "\n"
        page.blocks.append(block)
    return page


def page_paths(docs: Path = DOCS) -> list[Path]:
    return sorted(p for p in docs.rglob("*.md") if re.search(r"\.(es|en)\.md$", p.name))


def all_pages() -> list[Page]:
    return [load_page(p) for p in page_paths()]


def content_hash(page: Page) -> str:
    """A hash of what a page shows and runs: its text, snippets, recorded outputs and figures."""
    digest = hashlib.sha256()
    files = [page.path]
    for b in page.blocks:
        files += [b.snippet] + ([b.output_file] if b.output_file else [])
        if b.tier_args.get("figure"):
            files.append(DOCS / b.tier_args["figure"])
    for f in files:
        digest.update(rel(f).encode() + b"\0" + (f.read_bytes() if f.is_file() else b"<missing>"))
    return digest.hexdigest()[:16]
