"""Translation drift: is each translated page up to date with its default-language original?

A page in a language other than the default one records, in its front matter, the hash of the
original's text as it was when the translation was last brought up to date:

    translation:
      source: 3f2a9c1d8b1e   # source_hash(<slug>.<default>.md): its text and code files
      behind: true           # only while the page is knowingly published behind its original

The check fails when the record is missing, when the original has changed and the page does not
say it is behind, and when it says so but is in fact up to date. A page marked behind passes, and
shows its readers a notice under its title (translation_banner, called by build.render_page).

    python -m verified_docs.translations status               every translated page: up to date / how far behind
    python -m verified_docs.translations done docs/x.en.md    after bringing it up to date: record the original's hash
    python -m verified_docs.translations behind docs/x.en.md  publish it knowingly behind (readers see a notice)

The original's text and the code files it includes count (comments and printed messages are
translated too), normalised so that whitespace-only edits are not drift; recorded outputs do not.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import posixpath
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from .pages import Page, front_matter_span, includes, page_lang, page_paths, snippet_path, split_front_matter
from .project import DOCS, default_language, language_name, languages, rel, snippet_options

KEY = "translation"
COMMAND = ".venv/bin/python -m verified_docs.translations"
RECORD_COMMENT = (
    "# Hash of the {name} original's text when this translation was last brought up to date (verified_docs.translations)."
)

RECORD_KEY = re.compile(rf"^{KEY}:")  # the block form is RECORD_BLOCK; anything else is rewritten whole
RECORD_BLOCK = re.compile(rf"^{KEY}:\s*(#.*)?$")
RECORD_FIELD = re.compile(r"^(?P<indent>[ \t]+)(?P<key>[\w-]+):[ \t]*(?P<value>[^#\n]*?)[ \t]*(?P<comment>#.*)?$")


def _path(page_or_path) -> Path:
    # absolute: page_lang finds a slug under docs/ only from an absolute path
    return Path(page_or_path.path if isinstance(page_or_path, Page) else page_or_path).absolute()


# ------------------------------------------------------------------------------ hashing


def normalise(text: str) -> str:
    """A page's text after its front matter, with whitespace-only differences removed."""
    body = split_front_matter(text)[0]
    out: list[str] = []
    for line in body.splitlines():
        line = line.rstrip()
        if line or (out and out[-1]):
            out.append(line)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out)


def original_text(text: str, read_snippet) -> str:
    """What a translation follows: the page's normalised text and the code files it includes (their
    comments and printed messages are translated too; code parity ignores those, this does not).
    Recorded outputs are left out: `make outputs` rewrites them in every language at once."""
    body = normalise(text)
    parts = [body]
    for name in sorted(set(includes(body))):
        if not name.endswith(".out"):
            code = read_snippet(name)
            parts.append(
                f"--8<-- {name}\n" + ("<missing>" if code is None else "\n".join(ln.rstrip() for ln in code.splitlines()))
            )
    return "\n".join(parts)


def _read_snippet(name: str) -> str | None:
    path = snippet_path(name)
    return path.read_text(encoding="utf-8") if path else None


def _hash_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def source_hash(page_or_path) -> str:
    """Short sha256 (12 hex) of an original as a translation follows it (`original_text`): what a
    translation's record holds."""
    return _hash_text(original_text(_path(page_or_path).read_text(encoding="utf-8"), _read_snippet))


def source_of(page_or_path) -> Path:
    """The default-language original of a page: the same slug, next to it."""
    path = _path(page_or_path)
    slug, _ = page_lang(path)
    return path.with_name(f"{posixpath.basename(slug)}.{default_language()}.md")


def translated_paths(docs: Path = DOCS) -> list[Path]:
    """Every page in a language other than the default one: those that carry a record."""
    return [p for p in page_paths(docs) if page_lang(p)[1] != default_language()]


# ------------------------------------------------------------------------------ the record


@dataclass
class Record:
    source: str | None = None  # the recorded hash
    behind: bool = False
    line: int = 1  # 1-based line of `source:` (else of `translation:`, else 1) in the page file


def _record_span(lines: list[str], front: tuple[int, int]) -> tuple[int, int] | None:
    """[start, end) of the `translation:` block inside the front matter."""
    start = next((i for i in range(front[0] + 1, front[1]) if RECORD_KEY.match(lines[i])), None)
    if start is None:
        return None
    end = start + 1
    while end < front[1] and lines[end][:1] in (" ", "\t"):
        end += 1
    return start, end


def read_record(path: Path) -> Record | None:
    """The page's record, read from its text (not YAML: a hash of digits would become a number)."""
    text = Path(path).read_text(encoding="utf-8")
    lines = text.splitlines()
    front = front_matter_span(text)
    span = front and _record_span(lines, front)
    if not span:
        return None
    record = Record(line=span[0] + 1)
    for i in range(span[0] + 1, span[1]):
        m = RECORD_FIELD.match(lines[i])
        if not m:
            continue
        value = m["value"].strip("'\"")
        if m["key"] == "source":
            record.source, record.line = value, i + 1
        elif m["key"] == "behind":
            record.behind = m["value"] == "true"  # as YAML reads it: a quoted "true" is a string, not a flag
    return record


def write_record(path: Path, source: str, behind: bool) -> None:
    """Set the page's record in place: other keys, comments and their order are kept."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    front = front_matter_span(text)
    span = front and _record_span(lines, front)
    if span and RECORD_BLOCK.match(lines[span[0]]):
        block = lines[span[0] : span[1]]
        fields = [(i, RECORD_FIELD.match(ln)) for i, ln in enumerate(block)]
        indent = next((m["indent"] for _, m in fields if m), "  ")
        kept = []
        for i, m in fields:
            if m and m["key"] == "behind":
                continue  # rewritten below
            if m and m["key"] == "source":
                comment = f"   {m['comment']}" if m["comment"] else ""
                kept.append(f"{m['indent']}source: {source}{comment}")
                if behind:
                    kept.append(f"{m['indent']}behind: true")
                continue
            kept.append(block[i])
        if not any(m and m["key"] == "source" for _, m in fields):
            kept[1:1] = [f"{indent}source: {source}"] + ([f"{indent}behind: true"] if behind else [])
        lines[span[0] : span[1]] = kept
    else:
        new = [RECORD_COMMENT.format(name=language_name(default_language(), "en")), f"{KEY}:", f"  source: {source}"] + (
            ["  behind: true"] if behind else []
        )
        if span:  # written some other way (flow style): replaced whole
            lines[span[0] : span[1]] = new[1:]
        elif front:
            lines[front[1] : front[1]] = new
        else:
            lines[0:0] = ["---", *new, "---", ""]
    path.write_text("\n".join(lines) + ("\n" if text.endswith("\n") or not text else ""), encoding="utf-8")


# ------------------------------------------------------------------------------ how far behind


@dataclass
class Since:
    sha: str
    date: str  # committer date, YYYY-MM-DD
    commits: int  # commits to the original after that one
    added: int  # lines, that version -> the working tree (uncommitted edits count)
    removed: int
    path: str  # the original, relative to its repository (for `git diff`)
    code: tuple[str, ...] = ()  # its snippet folders, relative to the repository: a change may be only there


def _git(args: list[str], cwd: Path) -> str | None:
    try:
        out = subprocess.run(["git", *args], cwd=cwd, capture_output=True, encoding="utf-8", errors="replace", timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout if out.returncode == 0 else None


def find_since(source: Path, recorded: str) -> Since | None:
    """The newest commit whose version of `source` has the recorded hash, and the drift since.

    None when there is no git, the file is untracked, the history is shallow or the recorded
    version was never committed."""
    source = Path(source).resolve()
    top = _git(["rev-parse", "--show-toplevel"], source.parent)
    if not top:
        return None
    top_path = Path(top.strip()).resolve()
    if not source.is_relative_to(top_path):
        return None
    relpath = source.relative_to(top_path).as_posix()
    # The original's snippets live under the snippet base paths, inside the same repository.
    bases = [Path(b).resolve() for b in dict(snippet_options())["base_path"]]
    folders = [b.relative_to(top_path).as_posix() for b in bases if b.is_relative_to(top_path)]
    slug, lang = page_lang(source)
    code_dirs = [f"{f}/{slug}/{lang}" for f in folders]
    log = _git(["log", "--format=%H %cs", "--", relpath, *code_dirs], top_path) or ""
    now = original_text(source.read_text(encoding="utf-8"), _read_snippet)
    for n, entry in enumerate(log.splitlines()):
        sha, date = entry.split()
        old = _git(["show", f"{sha}:{relpath}"], top_path)
        if old is None:
            continue
        old = original_text(
            old, lambda name: next((t for f in folders if (t := _git(["show", f"{sha}:{f}/{name}"], top_path)) is not None), None)
        )
        if _hash_text(old) == recorded:
            diff = difflib.unified_diff(old.splitlines(), now.splitlines(), n=0, lineterm="")
            changed = [ln for ln in list(diff)[2:] if ln[:1] in "+-"]  # past the ---/+++ header: a `---` rule counts
            added = sum(ln.startswith("+") for ln in changed)
            return Since(sha, date, n, added, len(changed) - added, relpath, tuple(code_dirs))
    return None


# ------------------------------------------------------------------------------ status


@dataclass
class Status:
    path: Path  # the translated page
    lang: str
    source: Path  # its original
    state: str  # "up to date", "behind", "missing", "stale flag", "no source"
    record: Record | None
    current: str | None  # source_hash of the original now
    since: Since | None = None  # only when behind, and git can say

    @property
    def marked_behind(self) -> bool:
        return bool(self.record and self.record.behind)

    @property
    def ok(self) -> bool:
        return self.state == "up to date" or (self.state == "behind" and self.marked_behind)

    @property
    def line(self) -> int:
        return self.record.line if self.record else 1

    @property
    def how_far(self) -> str:
        if self.since is None:
            return "changed since the recorded version (history not available to say how much)"
        s = self.since
        return (
            f"{s.commits} commit{'s' if s.commits != 1 else ''} and +{s.added}/−{s.removed} lines of the "
            f"{language_name(default_language(), 'en')} page since {s.date} ({s.sha[:7]}); see `git diff {s.sha[:7]} -- {' '.join((s.path, *s.code))}`"
        )

    @property
    def text(self) -> str:
        """One line for a maintainer: the state and, when behind, how far."""
        if self.state == "behind":
            return f"behind{' (marked)' if self.marked_behind else ''}: {self.how_far}"
        return self.state


def status(page_or_path, *, source: Path | None = None) -> Status:
    """Where a translated page stands against its original (`source`: by default its twin)."""
    path = _path(page_or_path)
    lang = page_lang(path)[1]
    source = Path(source) if source else source_of(path)
    record = read_record(path)
    if not source.is_file():
        return Status(path, lang, source, "no source", record, None)
    current = source_hash(source)
    if record is None or not record.source:
        return Status(path, lang, source, "missing", record, current)
    if record.source == current:
        return Status(path, lang, source, "stale flag" if record.behind else "up to date", record, current)
    return Status(path, lang, source, "behind", record, current, find_since(source, record.source))


def problems(page_or_path, *, source: Path | None = None) -> list[str]:
    """What is wrong with a translated page's record, each with its file:line and the fix."""
    st = status(page_or_path, source=source)
    page, orig = rel(st.path), rel(st.source)
    where = f"{page}:{st.line} [{st.lang}]"
    done, behind = f"`{COMMAND} done {page}`", f"`{COMMAND} behind {page}`"
    if st.state == "no source":
        return [f"{where}: its original {orig} does not exist; a translated page has one in {default_language()}"]
    if st.state == "missing":
        return [
            f"{where}: no translation record (front matter `{KEY}: source:`) saying which version of {orig} it "
            f"translates; if it is up to date with {orig}, run {done}"
        ]
    if st.state == "stale flag":
        return [f"{where}: marked `behind: true`, but it is up to date with {orig}; remove the flag: run {done}"]
    if st.state == "behind" and not st.marked_behind:
        return [
            f"{where}: its original {orig} is ahead of this translation: {st.how_far}. Bring the translation up to date, then run {done}; "
            f"or, to publish it knowingly behind (readers see a notice), run {behind}"
        ]
    return []


def problems_for(slug: str, docs: Path = DOCS) -> list[str]:
    """The problems of every translation of `slug`, read afresh from disk (for the mutation checker)."""
    out: list[str] = []
    for lang in languages()[1:]:
        path = Path(docs) / f"{slug}.{lang}.md"
        if path.is_file():
            out += problems(path)
    return out


# ------------------------------------------------------------------------------ CLI


def _translated(arg: str) -> Path:
    path = _path(arg)
    if not path.is_file():
        raise SystemExit(f"{arg}: no such page")
    if page_lang(path)[1] == default_language():
        raise SystemExit(
            f"{arg}: a {default_language()} page is an original, not a translation; name its translation, "
            f"e.g. {path.name.replace(f'.{default_language()}.md', f'.{languages()[-1]}.md')}"
        )
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m verified_docs.translations", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("status", help="every translated page: up to date, or how far behind its original")
    d = sub.add_parser("done", help="after bringing pages up to date: record their original's current hash")
    d.add_argument("pages", nargs="+")
    b = sub.add_parser("behind", help="publish pages knowingly behind their original (readers see a notice)")
    b.add_argument("pages", nargs="+")
    args = parser.parse_args(argv)

    if args.command == "status":
        rows = [status(p) for p in translated_paths()]
        width = max((len(rel(s.path)) for s in rows), default=0)
        for s in rows:
            print(f"{rel(s.path):<{width}}  {s.text}")
        bad = [m for s in rows for m in problems(s.path)]
        for m in bad:
            print(m, file=sys.stderr)
        return 1 if bad else 0

    for path in map(_translated, args.pages):
        st = status(path)
        if st.state == "no source":
            raise SystemExit(problems(path)[0])
        if args.command == "done":
            write_record(path, st.current, behind=False)
            print(f"{rel(path)}: up to date with {rel(st.source)} ({st.current})")
        elif st.state in ("up to date", "stale flag"):
            raise SystemExit(f"{rel(path)}: already up to date with {rel(st.source)}; nothing is behind")
        elif st.state == "missing":
            raise SystemExit(
                f"{rel(path)}: has no record of which version of {rel(st.source)} it translates, so how far "
                f"behind it is cannot be said; bring it up to date and run `{COMMAND} done {rel(path)}`"
            )
        else:
            write_record(path, st.record.source, behind=True)
            print(f"{rel(path)}: marked behind {rel(st.source)}: {st.how_far}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
