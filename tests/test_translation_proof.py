"""A translation's run is proven by its original's only when the translation would print its
recordings (verified_docs.translation_proof); anything else makes it run itself, or fail."""

from __future__ import annotations

import threading
from concurrent.futures import Future
from dataclasses import replace
from types import SimpleNamespace

import pytest

from verified_docs import code_parity, pytest_plugin, translation_proof
from verified_docs.pages import Block, readable_pages
from verified_docs.project import rel

TRANSLATIONS = [p for p in readable_pages() if translation_proof.original_of(p) is not None and p.has("run")]
WHY_NOT = {p.id: translation_proof.why_not(p, translation_proof.original_of(p)) for p in TRANSLATIONS}  # once per page


def with_block(page, old: Block, new: Block):
    return replace(page, items=[new if item is old else item for item in page.items])


@pytest.mark.parametrize("page", TRANSLATIONS, ids=[p.id for p in TRANSLATIONS])
def test_every_translation_is_proven_by_its_original(page):
    """A translation that is not proven runs itself in every make test (a minute or more): say
    why, so that the recording, the figure or the code is put right instead of the suite growing slower."""
    why = WHY_NOT[page.id]
    assert why is None, f"{rel(page.path)} runs itself instead of being proven by its original's run: {why}"


def recorded_pair(page):
    original = translation_proof.original_of(page)
    for a, b in zip(original.blocks, page.blocks):
        if a.tier == "run" and a.expected and b.expected and not a.is_file:
            return original, a, b
    pytest.skip(f"{page.id} has no recorded output")


PROVEN = [p for p in TRANSLATIONS if WHY_NOT[p.id] is None]


@pytest.mark.parametrize("page", PROVEN, ids=[p.id for p in PROVEN])
def test_a_changed_character_in_a_translations_recording_makes_it_run_itself(page):
    original, a, b = recorded_pair(page)
    # The first character of the recording's last line that is not a space, swapped for another
    # of its kind (a letter, a digit, a sign): a hand edit nobody ran.
    lines = b.expected.rstrip("\n").split("\n")
    row = max(i for i, line in enumerate(lines) if line.strip())
    at = next(i for i, ch in enumerate(lines[row]) if not ch.isspace())
    lines[row] = lines[row][:at] + swapped(lines[row][at]) + lines[row][at + 1 :]
    edited = with_block(page, b, replace(b, expected="\n".join(lines) + "\n"))
    why = translation_proof.why_not(edited, original)
    assert why and rel(b.output_file) in why and f"line {row + 1} " in why, why


def swapped(ch: str) -> str:
    """Another character of the same kind as ch."""
    kind = "xy" if ch.isalpha() else "12" if ch.isdigit() else "#%"
    return kind[0] if ch != kind[0] else kind[1]


@pytest.mark.parametrize("page", PROVEN, ids=[p.id for p in PROVEN])
def test_code_changed_in_the_translation_only_makes_it_run_itself(page):
    original, a, b = recorded_pair(page)
    # One more statement at the end, in the translation only: what it prints is not the original's.
    mutant = b.snippet.read_text(encoding="utf-8") + ("\nprint(1)\n" if b.syntax == "python" else "\nexit 3\n")

    def parity(x, y):
        return code_parity.block_problem(x, y, text_b=mutant if y is b else None)

    why = translation_proof.why_not(page, original, parity=parity)
    assert why and why.startswith("code parity:") and rel(b.snippet) in why, why


FIGURES = [p for p in PROVEN if any(b.options.get("figure") for b in p.blocks)]


@pytest.mark.parametrize("page", FIGURES, ids=[p.id for p in FIGURES])
def test_a_figure_drawn_elsewhere_in_the_translation_makes_it_run_itself(page, tmp_path):
    """A translated figure is proven only when it is the original's drawing with its texts
    translated: one point moved by a pixel (a layout that followed its texts) is not."""
    original = translation_proof.original_of(page)
    (a, b), *_ = [(a, b) for a, b in zip(original.blocks, page.blocks) if b.options.get("figure")]
    svg = (translation_proof.DOCS / b.options["figure"]).read_text(encoding="utf-8")
    moved = tmp_path / "moved.svg"
    moved.write_text(svg.replace('y="', 'y="1', 1), encoding="utf-8")  # one coordinate, 1xx px further down
    why = translation_proof.why_not(with_block(page, b, replace(b, options=dict(b.options, figure=str(moved)))), original)
    assert why and "moved.svg is not" in why and "line " in why, why


def test_echoed_text_is_cut_at_what_it_expands():
    """What an echo/printf prints besides its values: the texts a translation may reword."""
    from verified_docs.code_parity.shell_code import echoed_texts

    code = 'python x.py || echo "código de salida: $?"\nA=1 echo -n "a ${B} c $(date +%s) d" > f\n'
    assert echoed_texts(code) == ["código de salida: ", "", "a ", " c ", " d"]


def test_a_translated_text_is_put_in_whole_and_longest_first():
    table = {"pérdida": "loss", "pérdida de validación": "validation loss", "de": "of"}
    lines, touched = translation_proof.derived_output("pérdida de validación 0.5\npérdida 0.4\nmodelo 0.1 (de)\n", table)
    assert lines == ["validation loss 0.5", "loss 0.4", "modelo 0.1 (of)"]
    assert touched == {0, 1, 2}
    lines, touched = translation_proof.derived_output("deuda 1\n", table)  # "de" is not a word here
    assert lines == ["deuda 1"] and not touched


def test_a_recording_is_compared_before_its_mask_and_only_spaces_may_move():
    table = {" s | pérdida ": " s | loss "}
    volatile = r"\d+\.\d s"
    assert translation_proof.translated_problem("1: 2.5 s | pérdida 3.1\n", "1: 9.9 s | loss 3.1\n", table, volatile) is None
    assert "line 1" in translation_proof.translated_problem("1: 2.5 s | pérdida 3.1\n", "1: 9.9 s | loss 3.2\n", table, volatile)
    table = {"activo": "asset"}  # a table's columns padded to the heading's width
    assert translation_proof.translated_problem("activo  media\n     1    2.0\n", "asset media\n    1   2.0\n", table) is None
    assert translation_proof.translated_problem("activo  media\n     1    2.0\n", "asset media\n    1   2.01\n", table)
    assert translation_proof.translated_problem("media 1\n", "media  1\n", table), "spaces moved where nothing is translated"


def test_a_proven_translation_passes_and_fails_with_its_original():
    """The translation's item waits for its original's run: passes with it (its record says
    through which page), or fails naming it (its record forgotten)."""
    written = []
    lock = threading.Lock()
    scheduler = pytest_plugin.Scheduler(SimpleNamespace(getoption={"--page-jobs": 1}.get))
    # Fakes for this scheduler only: the session's own scheduler is recording real pages meanwhile.
    scheduler.records = SimpleNamespace(
        write_passed=lambda page, seconds=None, through=None: written.append((page, "passed", through)),
        forget=lambda page, kind="run": written.append((page, "forgot", None)),
    )
    for problems in ([], ["docs/x.es.md [es], block at line 3: output differs"]):
        with lock:
            written.clear()
        original = SimpleNamespace(nodeid="docs/x.es.md::run", page="x.es")
        item = SimpleNamespace(nodeid="docs/x.en.md::run", page="x.en")
        scheduler.futures[original.nodeid] = Future()
        proven = scheduler._proven_by(item, original)
        assert not proven.done(), "the translation did not wait for its original's run"
        scheduler.futures[original.nodeid].set_result((12.0, [], [], problems))
        _, _, _, mine = proven.result(timeout=5)
        if problems:
            assert mine and original.nodeid in mine[0] and "failed" in mine[0], mine
            assert written == [("x.en", "forgot", None)]
        else:
            assert mine == [] and written == [("x.en", "passed", "x.es")], (mine, written)
    scheduler.pool.shutdown()
    scheduler.resolvers.shutdown()


def test_a_saved_modules_name_is_translated_with_its_file():
    """An output can show the name of a module the page saves (the module a saved model records
    for a custom layer): the file's stem, renamed with the file. Library modules keep theirs."""
    page = next(p for p in TRANSLATIONS if p.id == "saving-serving.en")
    table = translation_proof.string_pairs(translation_proof.original_of(page), page)
    assert table.get("piezas.py") == "pieces.py" and table.get("piezas") == "pieces", table
    assert "keras" not in table and "torch" not in table
    recorded = "tutorial>Temperatura: piezas; keras.src.backend.torch\n"
    shown = "tutorial>Temperature: pieces; keras.src.backend.torch\n"
    assert translation_proof.translated_problem(recorded, shown, table) is None
    assert "line 1" in translation_proof.translated_problem(recorded, shown.replace("pieces", "piezas"), table)
