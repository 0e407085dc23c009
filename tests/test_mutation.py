"""The mutation check's own helpers: how each mistake is made, and how a mutant's outcome is typed.

`make mutation` is what proves the suite catches broken pages; these tests prove that its mutants
are the mistakes they claim to be (no page runs here: its pure functions only).
"""

from __future__ import annotations

import ast
from decimal import Decimal
from types import SimpleNamespace

import pytest
from pyflakes.api import check as pyflakes_check
from pyflakes.reporter import Reporter

from verified_docs import mutation
from verified_docs.mutation import Mutant, Outcome


def test_a_digit_outside_the_volatile_spans_is_changed():
    text, what = mutation.mutate_digit("took 12.5 s, loss 0.31\n", r"\d+\.\d s")
    assert text == "took 12.5 s, loss 1.31\n" and what == "digit 0->1 on line 1"


def test_an_output_without_digits_gets_a_letter_changed_and_an_empty_one_nothing():
    assert mutation.mutate_digit("ok\n", None)[0] == "Ok\n"
    assert mutation.mutate_digit("12 s\n", r"\d+ s") is None


def _undefined_names(code: str) -> list[str]:
    import io

    out = io.StringIO()
    pyflakes_check(code, "mutant.py", Reporter(out, out))
    return [ln for ln in out.getvalue().splitlines() if "undefined name" in ln]


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("import numpy as np\nnp.ones(3)\n", "import numpyz as np"),
        ("import keras.ops\nkeras.ops.ones(3)\n", "import kerasz.ops as keras"),
        ("import os, sys\nos.getcwd(); sys.path\n", "import osz as os, sys"),
        ("from keras import layers\nlayers.Dense(1)\n", "from kerasz import layers"),
        ("x = 1\nfrom tensorflow.data import Dataset\nDataset\n", "from tensorflowz.data import Dataset"),
    ],
)
def test_a_bad_import_keeps_every_name_bound(code, expected):
    """Only the import resolver can catch the renamed module: pyflakes finds no undefined name."""
    start, end, new, module = mutation._first_import(code)
    mutated = code[:start] + new + code[end:]
    assert new == expected, mutated
    assert not _undefined_names(mutated), f"the mutant leaves a name unbound, so pyflakes would kill it: {mutated}"
    ast.parse(mutated)


def test_static_variants_break_a_shell_blocks_embedded_python_import():
    block = SimpleNamespace(syntax="bash")
    script = "set -e\npython - <<'EOF'\nimport torch\nprint(torch.__version__)\nEOF\n"
    variants = {kind: (text, says) for kind, text, _, says in mutation.static_variants(block, script)}
    assert set(variants) == {"syntax", "undefined-name", "bad-import"}
    text, says = variants["bad-import"]
    assert "import torchz as torch" in text and says == "no module named 'torchz'"
    assert variants["syntax"][0].endswith("if then fi\n") and variants["syntax"][1] == "bash -n says"


@pytest.mark.parametrize(
    ("code", "kind", "expected"),
    [
        ("model.fit(x, y, epochs=3)\n", "literal", "model.fit(x, y, epochs=4)\n"),
        ("opt = keras.optimizers.Adam(learning_rate=0.001)\n", "literal", "opt = keras.optimizers.Adam(learning_rate=0.002)\n"),
        ("train = datos[:800]\n", "literal", "train = datos[:801]\n"),
        ("model.fit(x, y, epochs=3)\n", "swap", "model.fit(y, x, epochs=3)\n"),
        ("total = a * b + c\n", "operator", "total = a * b - c\n"),
        ("media = suma / n\n", "operator", "media = suma * n\n"),
        # columns count UTF-8 bytes: a non-ASCII string before the change must not shift it
        ('print("año", pérdida - 1)\n', "operator", 'print("año", pérdida + 1)\n'),
        ('print("año", f(a, b))\n', "swap", 'print(f(a, b), "año")\n'),
    ],
)
def test_semantic_variants_change_what_the_program_computes(code, kind, expected):
    variants = {what: text for what, text, _ in mutation.semantic_variants(code)}
    assert variants.get(kind) == expected, variants


def test_semantic_variants_leave_out_what_the_code_does_not_offer():
    assert mutation.semantic_variants("import keras\nprint(keras.__version__)\n") == []
    assert [w for w, _, _ in mutation.semantic_variants("f(a, a)\n")] == []  # swapping equal arguments changes nothing


def _number(line: str, text: str, lang: str = "en"):
    col = line.index(text)
    return SimpleNamespace(col=col, end=col + len(text), lang=lang, percent=False)


def test_a_prose_number_is_changed_to_a_figure_nothing_produced_or_to_one_the_page_prints():
    line = "The loss falls to 0.31 after 3 epochs."
    produced = [Decimal("0.31"), Decimal("0.41"), Decimal("3")]
    number = _number(line, "0.31")
    unproduced = mutation._changed(number, line, produced, wanted=False)
    assert unproduced is not None and "0.31" not in unproduced
    assert not any(mutation.prose_numbers.same_figure(Decimal(unproduced.split()[4]), v) for v in produced)
    assert mutation._changed(number, line, produced, wanted=True) == line.replace("0.31", "0.41")


def test_a_prose_swap_is_another_figure_never_the_same_one_written_longer():
    """An added trailing zero (0.08521 -> 0.085210) is the figure the page prints, but the same
    value: no mistake, so it is not a swap mutant (it would be listed as a survivor)."""
    line = "Five ways end at a loss of 0.08521."
    number = _number(line, "0.08521")
    assert mutation._changed(number, line, [Decimal("0.08521")], wanted=True) is None
    swapped = mutation._changed(number, line, [Decimal("0.08521"), Decimal("0.085213")], wanted=True)
    assert swapped == line.replace("0.08521", "0.085213")


def test_an_error_of_the_check_is_not_a_kill():
    def crash():
        raise ValueError("harness bug")

    m = mutation.guarded(Mutant("code", "docs/x.es.md", "failing first statement"), crash)
    assert m.outcome is Outcome.NOT_CHECKED and m.error and "harness bug" in m.reason


def test_a_check_that_reaches_no_verdict_is_an_error():
    m = mutation.guarded(Mutant("resolve", "docs/x.es.md", "bad pin"), lambda: None)
    assert m.outcome is Outcome.NOT_CHECKED and m.error


def test_the_report_fails_on_a_survivor_or_an_error_but_not_on_a_known_limit():
    killed = Mutant("syntax", "a", "x").killed("bash -n")
    limit = Mutant("prose-swap", "b", "'4' -> '5'").survived(mutation.KNOWN_LIMITS["prose-swap"])
    nothing = Mutant("output", "c", "no digits").not_checked("nothing to mutate")
    lines, passed = mutation.report([killed, limit, nothing], [])
    assert passed, lines
    assert any(line.startswith("  1 prose-swap survivors, a known limit") for line in lines)
    survivor = Mutant("semantic", "d", "literal").survived("outputs unchanged")
    assert not mutation.report([killed, survivor], [])[1]
    error = Mutant("code", "e", "x").not_checked("error of the mutation run: boom", error=True)
    assert not mutation.report([killed, error], [])[1]
    sensitivity, coverage = (lines.index(t) for t in lines if t.endswith("):"))
    assert "syntax" in lines[sensitivity + 1] and "output" in lines[coverage + 1], "kinds not reported apart"
