"""Code parity: each language's snippet is the same program as the default language's.

Translations rename things and reword prose, nothing else. Each snippet is reduced to a canonical
token stream in which what a translation may rename is a marked reference (NAME, STR or KEY, the
name or string itself kept aside); the two languages' streams must be equal token by token. Then
all the references of a page, in page order, must be ONE renaming:

- a name is translated one way in the scope that binds it: the page's cells share one namespace
  (once Spanish `modelo` is English `model`, no cell of the page may have `modelo` as `x_train`
  or `datos` as `model`); each saved file (a block titled `x.py`), each child process (`python -c`,
  a heredoc read by python, a string of code given to one), each function and each comprehension
  has its own. So `modelo.evaluate(x_prueba, y_prueba)` against `model.evaluate(x_train, y_train)`
  fails when another cell made `x_prueba` `x_test`;
- strings, dictionary keys and files are one page-wide renaming, shared by every program on the
  page (a file saved by one block is loaded by another; a saved block's title is its file name):
  `python a.py` against `python b.py` fails when the page saved `a.py` as `a.py`. Identical pairs
  count: where the page says "jax" in both languages, no place may say "jax" in one and "torch"
  in the other;
- a pair that contradicts another pair is reported in both blocks, naming the other place.

Which strings may differ at all (a differing pair must also fit the renaming above):
- prose: a string with whitespace or a non-ASCII letter (f-strings' literal text is one string,
  `{}` where the expressions go) is words for the reader and may differ freely, except in its
  numbers: a translation states the same numbers (digit runs), in order. Prose is outside the
  renaming;
- a label: a string each language's recorded output on the page shows (a printed word, a layer or
  column name in a printed table) is text for the reader too. It may translate a word that the
  code also uses as a value ("activo", a data column, printed as "asset"), but may not become a
  string that stands for something else in the other language;
- a key the author names: a dictionary display's string key, or a keyword read back as a key
  (below);
- a file name: both strings are `stem.ext` with the same extension (a translation renames the
  stem; the type is the program's);
- a token used at least twice on the page as the same pair (written and read back).
Any other string is a value the program passes to an API, the same in every language: `loss="mse"`
against `"mae"`, `astype("float32")` against `"float16"`, `history["loss"]` against
`["val_loss"]`, `set_backend("jax")` against `"torch"` all fail.

Python (ast):
- comments vanish; a statement that is only a string (a docstring) is dropped: it is prose;
  a string that is itself a Python program (for `python -c`) is normalised as Python instead;
- f-strings keep their expressions, conversions and format specs (`:.3f`), in order; a spec's
  width may differ (it aligns a column with a translated heading);
- identifiers the code binds (assignment/for/with/except/walrus/comprehension targets, function
  and class names, parameters, `import x as y` aliases, global/nonlocal, match captures), and names
  bound by the page's other cells, are NAME references;
- `from comun import TASA` where comun.py is a file the page saves: the module is that file's title
  (STR, renamed as the title is), and TASA, in the import and in every use, is a NAME of comun.py's
  program: one renaming with its definition there;
- attribute names are NAME references only when a class assigns them on itself (`self.capa = ...`)
  or defines them as a method it also calls by name; a method never called by name is a hook the
  framework calls (`call`, `on_epoch_end`), and `base.trainable = False` sets the API's attribute:
  both stay verbatim. argparse's attributes are the strings given to add_argument (STR);
- keyword names are NAME references in calls to functions/classes/methods the code defines (their
  parameters), and KEY references when some program on the page reads the same name back as a
  subscript key (`np.savez(tres=...)`, then `datos["tres"]`: one renaming with that string). Any
  other keyword is the API's parameter, verbatim: `.update(lr=...)` is not `.update(epochs=...)`.
  (An attribute read back does not count: `optimizer=` beside `model.optimizer` is the API's.)
- everything else (numbers, operators, calls, control flow, API names) stays verbatim.

Shell (own tokeniser over shlex, so that heredocs and line numbers survive):
- comments vanish; `echo`/`printf` arguments are prose: one placeholder keeping only the
  variables and the command substitutions (`$(nproc)`, backticks: normalised as shell) they
  expand, and printf's % conversions;
- variables the snippet defines (for/read targets, standalone or local assignments, functions) are
  NAME references (the page's shell blocks share them); the files the page saves (its blocks'
  `title="..."`), inside any word, are STR references; variables set before a command or exported
  are configuration of a program: verbatim;
- Python given to an interpreter (`python -c "..."`, `python - <<'END'`) is normalised as Python,
  a child process; heredoc delimiters are a placeholder;
- commands, flags, numbers, quoted patterns, version pins and system paths stay verbatim.

The modules: tokens (the token stream's marks, Token, Context), python_bindings (what a Python
program binds), python and shell_code (the two normalisers), compare (the page-wide comparison and
its messages), mutants (the mutation check's one-language changes); this file reads the pages'
blocks from disk (block_problem, block_context, page_context, pairs).
"""

from __future__ import annotations

import functools
from pathlib import Path

from ..project import DOCS, languages
from .compare import (
    DIGITS,
    PROSE_CHAR,
    Snippet,
    _compare,
    _context,
    _page_problems,
    _sides,
    is_prose,
    normalised,
    page_problems,
    problem,
    translated_strings,
)
from .mutants import MUTANT_KINDS, SHORT_STRING, Mutant, mutants
from .python import SKIP_FIELDS, SPEC
from .python_bindings import COMPREHENSIONS, DEFS, FUNCTIONS
from .tokens import ADVICE, KEY, MARKS, NAME, PROSE, SCOPE, STR, Context, Token

__all__ = [
    # the page-level checks (mutation.py, the pytest plugin, tests)
    "block_problem",
    "block_context",
    "page_context",
    "page_strings",
    "pairs",
    "page_problems",
    "translated_strings",
    "problem",
    "normalised",
    "is_prose",
    "Snippet",
    "Context",
    "Token",
    "ADVICE",
    # the mutation check's mutants
    "mutants",
    "Mutant",
    "MUTANT_KINDS",
    "SHORT_STRING",
    # the token stream's marks and the normalisers' patterns
    "NAME",
    "STR",
    "KEY",
    "MARKS",
    "SCOPE",
    "PROSE",
    "DEFS",
    "SPEC",
    "SKIP_FIELDS",
    "FUNCTIONS",
    "COMPREHENSIONS",
    "PROSE_CHAR",
    "DIGITS",
]


@functools.cache
def _page_blocks(path: Path, stamp: tuple) -> tuple:
    """A page's blocks: where they are (their snippets' contents are read on each use)."""
    from ..pages import load_page

    return tuple(load_page(path, missing_outputs_ok=True).blocks)


def _blocks_of(page: Path) -> tuple:
    stat = Path(page).stat()
    return _page_blocks(Path(page), (stat.st_mtime_ns, stat.st_size))


def _row(block, text: str | None = None) -> Snippet:
    output = block.output_file.read_text(encoding="utf-8") if block.output_file and block.output_file.is_file() else ""
    return Snippet(
        block.syntax, block.snippet.read_text(encoding="utf-8") if text is None else text, block.title, block.snippet, output
    )


def _page_rows(block, text: str | None) -> tuple[tuple, int]:
    """The rows of a block's page as its files are now (the block's snippet replaced by text),
    and the block's place among them."""
    blocks = list(_blocks_of(block.page))
    at = next((i for i, x in enumerate(blocks) if x.lineno == block.lineno and x.snippet == block.snippet), None)
    if at is None:  # not where the page on disk has it: compared after the page's blocks
        blocks.append(block)
        at = len(blocks) - 1
    return tuple(_row(x, text if i == at else None) for i, x in enumerate(blocks)), at


def block_problem(a, b, *, text_a: str | None = None, text_b: str | None = None) -> str | None:
    """None when block b (a translation) is the same program as block a (the default language's);
    else a message naming both blocks (page, language, line, snippet), the first line where the
    two snippets differ, and what to do.

    Each block is compared as part of its page: the page's blocks, in page order, are one renaming
    (see the package's docstring), so a block is also reported when it contradicts another block.
    text_a / text_b stand in for a's or b's snippet (a mutant); the rest is read from disk.
    """
    if a.syntax != b.syntax:
        return f"{a.where} is {a.syntax} but {b.where} is {b.syntax}. {ADVICE}"
    rows_a, ia = _page_rows(a, text_a)
    rows_b, ib = _page_rows(b, text_b)
    if ia == ib:
        message = _page_problems(rows_a, rows_b)[ia]
    else:  # at different places on their pages: the two alone, each with its page's context
        side_a = _sides(rows_a, _context(rows_a))[ia]
        side_b = _sides(rows_b, _context(rows_b))[ib]
        message = _compare([(side_a, side_b)])[0]
    return f"{a.where} and {b.where}: {message}" if message else None


def page_strings(page_a, page_b) -> list[tuple[str, str]] | None:
    """The strings page_b (a translation) writes differently from page_a (compare.translated_strings)."""
    return translated_strings(tuple(_row(x) for x in page_a.blocks), tuple(_row(x) for x in page_b.blocks))


def page_context(page) -> Context:
    """What a page's cells bind, the files its blocks are saved as and the keys it reads back."""
    return _context([_row(b) for b in page.blocks])


def block_context(block) -> Context:
    """The context of a block's page, from its snippets as they are now."""
    return _context(_page_rows(block, None)[0])


def pairs(slug: str) -> list[tuple]:
    """The default language's blocks of a page, each with its translation, in page order."""
    from ..pages import load_page

    langs = languages()
    pages = {lang: load_page(DOCS / f"{slug}.{lang}.md") for lang in langs}
    return [(a, b) for lang in langs[1:] for a, b in zip(pages[langs[0]].blocks, pages[lang].blocks)]
