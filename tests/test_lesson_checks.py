"""The lesson's exercise checks (the cells after each exercise's solution) fail on a wrong answer,
saying which case and why: run here on answers a student could give, in both languages, in a folder
laid out like the reader's (make_vol5.py beside the notebook)."""

from __future__ import annotations

import contextlib
import io
import shutil

import numpy as np
import pandas as pd
import pytest

from verified_docs.project import ROOT, rel

SNIPPETS = ROOT / "snippets" / "lesson-5-6-1"
# Per language: the check files, the names they read, and the words of a passing and a failing line.
LANGS = {
    "es": {
        "one": "27b_comprobar_1.py",
        "two": "28b_comprobar_2.py",
        "three": "29b_comprobar_3.py",
        "gap": "hueco",
        "weekly": "semanales",
        "table": "comparativa",
        "chosen": "elegidos",
        "net": "coef_red",
        "means": "MEDIAS",
        "pass": "PASA   ",
        "fail": "NO PASA",
    },
    "en": {
        "one": "27b_check_1.py",
        "two": "28b_check_2.py",
        "three": "29b_check_3.py",
        "gap": "gap",
        "weekly": "weekly",
        "table": "side_by_side",
        "chosen": "chosen",
        "net": "net_coefs",
        "means": "MEANS",
        "pass": "PASS   ",
        "fail": "NO PASS",
    },
}


def run_check(lang: str, which: str, names: dict, folder, monkeypatch) -> list[str]:
    shutil.copy(ROOT / "scripts" / "make_vol5.py", folder / "make_vol5.py")
    monkeypatch.chdir(folder)
    monkeypatch.syspath_prepend(str(folder))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec((SNIPPETS / lang / LANGS[lang][which]).read_text(), dict(names))  # the page's own cell, as the notebook runs it
    return out.getvalue().splitlines()


@pytest.mark.parametrize("lang", LANGS)
def test_exercise_1s_check_fails_when_keras_json_wins_over_the_variable(lang, tmp_path, monkeypatch):
    words = LANGS[lang]
    wrong = {("jax", None): "jax", ("jax", "torch"): "jax"}  # the file wins, and the third case is missing
    lines = run_check(lang, "one", {words["chosen"]: wrong}, tmp_path, monkeypatch)
    assert [line.startswith(words["pass"]) for line in lines] == [True, False, False], lines
    assert lines[1].startswith(words["fail"]) and "KERAS_BACKEND=torch" in lines[1] and "jax" in lines[1], lines[1]
    assert lines[2].startswith(words["fail"]) and "tensorflow" in lines[2], lines[2]


@pytest.mark.parametrize("lang", LANGS)
def test_exercise_2s_check_fails_on_the_biased_slope_and_a_positive_leverage(lang, tmp_path, monkeypatch):
    words = LANGS[lang]
    biased = np.array([0.432, 0.228, 0.283, 0.5])  # the three-regressor OLS's slopes, and ℓ with the wrong sign
    right = np.array([0.370, 0.251, 0.277, -14.6])
    names = {"ols": biased, words["net"]: right, words["means"]: ["d1", "s5", "m22"]}
    lines = run_check(lang, "two", names, tmp_path, monkeypatch)[1:]  # after the generator's ℓ
    # d1 and s5 are 0.062 and 0.052 off, over the 0.05 tolerance; m22, 0.013 off, is within it
    assert lines[0].startswith(words["fail"]) and "{'d1': 0.062, 's5': -0.052}" in lines[0] and "ℓ = 0.50" in lines[0], lines[0]
    assert lines[1].startswith(words["pass"]), lines[1]


@pytest.mark.parametrize("lang", LANGS)
def test_exercise_2s_check_holds_the_network_to_the_persistence_not_to_each_slope(lang, tmp_path, monkeypatch):
    """In the flat valley a network's slopes may trade weight (0.41/0.31/0.20, sum 0.92: passes);
    a sum of 0.80 is not the generator's 0.92 (fails, naming the persistence)."""
    words = LANGS[lang]
    ols = np.array([0.370, 0.251, 0.277, -14.6])
    for slopes, passes in (([0.41, 0.31, 0.20], True), ([0.30, 0.30, 0.20], False)):
        names = {"ols": ols, words["net"]: np.array([*slopes, -14.5]), words["means"]: ["d1", "s5", "m22"]}
        _, first, net = run_check(lang, "two", names, tmp_path, monkeypatch)
        assert first.startswith(words["pass"]), first
        assert net.startswith(words["pass"] if passes else words["fail"]), net
        assert passes or "0.800" in net, net


@pytest.mark.parametrize("lang", LANGS)
def test_exercise_2s_check_compares_the_leverage_with_the_generators(lang, tmp_path, monkeypatch):
    """-0.15 / 0.011 = -13.64 in the generator: -9 (negative, but far) fails, -15.5 (Keras's) passes."""
    words = LANGS[lang]
    slopes = [0.370, 0.251, 0.277]
    names = {"ols": np.array([*slopes, -9.0]), words["net"]: np.array([*slopes, -15.5]), words["means"]: ["d1", "s5", "m22"]}
    first, *lines = run_check(lang, "two", names, tmp_path, monkeypatch)
    assert "-13.64" in first and "0.92" in first, first
    assert lines[0].startswith(words["fail"]) and "ℓ = -9.00" in lines[0] and "{" not in lines[0], lines[0]
    assert lines[1].startswith(words["pass"]), lines[1]


# The three-engine table's weekly slopes: PyTorch and JAX 0.0323 apart.
ENGINES = pd.DataFrame({"s5": [0.2736, 0.3059]}, index=["keras-torch", "keras-jax"])


@pytest.mark.parametrize(
    "gap, weekly, why",
    [
        (1e-3, [0.27, 0.23, 0.09], "1.0e-03"),  # the engines disagree with the same weights
        (2e-7, [0.27, 0.23], "2 "),  # two seeds are not enough
        (2e-7, [0.270, 0.275, 0.280], "0.0100"),  # seeds that move it less than the engines do
    ],
)
@pytest.mark.parametrize("lang", LANGS)
def test_exercise_3s_check_fails_on_each_wrong_answer(lang, gap, weekly, why, tmp_path, monkeypatch):
    words = LANGS[lang]
    names = {words["gap"]: gap, words["weekly"]: weekly, words["table"]: ENGINES}
    [line] = run_check(lang, "three", names, tmp_path, monkeypatch)
    assert line.startswith(words["fail"]) and why in line, line


@pytest.mark.parametrize("lang", LANGS)
def test_exercise_3s_check_passes_the_lessons_answer(lang, tmp_path, monkeypatch):
    words = LANGS[lang]
    names = {words["gap"]: 2.4e-7, words["weekly"]: [0.2736, 0.2297, 0.0902], words["table"]: ENGINES}
    [line] = run_check(lang, "three", names, tmp_path, monkeypatch)
    assert line.startswith(words["pass"]) and "0.1834" in line and "0.0323" in line, line


# Part two rebuilds har.npz and retrains PyTorch's HAR in its own setup cell, and its JAX script's
# first row (seed 0) is har_keras.py on JAX: the pages say both give part one's keras-torch and
# keras-jax rows. Their recordings are compared here, so a drift in either part (a changed recipe,
# other data) turns this red instead of leaving two pages that quietly disagree.
PART_TWO = {
    "es": ("01_preparar.out", "09_ejecutar_jax.out", "12_tres_backends.out"),
    "en": ("01_prepare.out", "09_run_jax.out", "12_three_backends.out"),
}


def _slopes_after_colon(line: str) -> list[float]:
    return [float(x) for x in line.rsplit(":", 1)[1].strip(" []").split()]


@pytest.mark.parametrize("lang", sorted(PART_TWO))
def test_part_two_starts_from_part_ones_trained_weights(lang):
    setup, jax_run, table = PART_TWO[lang]
    part_two = ROOT / "snippets" / "lesson-5-6-1-part-2" / lang
    rows = {
        line.split()[0]: [float(x) for x in line.split()[1:4]]
        for line in (SNIPPETS / lang / table).read_text().splitlines()
        if line.startswith("keras-")
    }
    torch_line = (part_two / setup).read_text().splitlines()[-1]
    jax_line = (part_two / jax_run).read_text().splitlines()[-1]
    assert _slopes_after_colon(torch_line) == rows["keras-torch"], (
        f"part two's setup ({rel(part_two / setup)}) trained other PyTorch slopes than part one's keras-torch row "
        f"({rel(SNIPPETS / lang / table)}): {torch_line!r} vs {rows['keras-torch']}"
    )
    assert _slopes_after_colon(jax_line) == rows["keras-jax"], (
        f"part two's JAX script ({rel(part_two / jax_run)}), first row with seed 0, is not part one's keras-jax row "
        f"({rel(SNIPPETS / lang / table)}): {jax_line!r} vs {rows['keras-jax']}"
    )
