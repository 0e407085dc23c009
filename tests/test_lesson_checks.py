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


# Exercise 2's answers, as a student could hand them in (rounded to three decimals as the solution
# prints them). The right ones are the lesson's recording (28_*.out); the wrong ones were computed
# once, apart from the check, from the same parquet: ℓ of the same day (look-ahead), every session
# instead of those before 2016, ℓ in percent, and the network's coefficients left standardised.
RIGHT_OLS = [0.370, 0.251, 0.277, -14.633]
RIGHT_NET = [0.363, 0.262, 0.264, -14.525]
# Each mistake is handed in where it can be told apart: the network is held by the sum of its slopes
# and its ℓ only (the flat valley), so every session's coefficients pass for it and only the OLS,
# from the same data, catches them; standardising is a network mistake.
EX2_WRONG = {
    "look-ahead": ([0.417, 0.230, 0.264, -11.432], "both", {"es": "mira hacia delante", "en": "looks ahead"}),
    "every session": ([0.367, 0.278, 0.277, -14.428], "ols", {"es": "anteriores a 2016", "en": "before 2016"}),
    "percent": ([0.370, 0.251, 0.277, -0.146], "both", {"es": "porcentaje", "en": "percent"}),
    "standardised": ([0.370, 0.220, 0.219, -0.167], "net", {"es": "tipificados", "en": "standardised"}),
    "wrong sign": ([0.432, 0.228, 0.283, 0.5], "both", {"es": "ni la respuesta esperada", "en": "neither the expected"}),
}


def run_check_2(lang, ols, net, tmp_path, monkeypatch):
    words = LANGS[lang]
    shutil.copy(ROOT / "docs" / "assets" / "data" / "vol5_diario.parquet", tmp_path)
    names = {"ols": np.array(ols), words["net"]: np.array(net), words["means"]: ["d1", "s5", "m22"]}
    return run_check(lang, "two", names, tmp_path, monkeypatch)


@pytest.mark.parametrize("lang", LANGS)
def test_exercise_2s_check_passes_the_lessons_answer(lang, tmp_path, monkeypatch):
    words = LANGS[lang]
    first, ols_line, net_line = run_check_2(lang, RIGHT_OLS, RIGHT_NET, tmp_path, monkeypatch)
    assert "-13.64" in first and "0.92" in first, first
    assert ols_line.startswith(words["pass"]) and "-14.63" in ols_line, ols_line
    assert net_line.startswith(words["pass"]) and "-14.53" in net_line, net_line


@pytest.mark.parametrize("mistake", EX2_WRONG)
@pytest.mark.parametrize("lang", LANGS)
def test_exercise_2s_check_names_each_wrong_answer(lang, mistake, tmp_path, monkeypatch):
    """Each wrong answer is rejected, for the OLS and for the network, with the reason that fits."""
    words = LANGS[lang]
    wrong, where, reason = EX2_WRONG[mistake]
    ols = wrong if where in ("both", "ols") else RIGHT_OLS
    net = wrong if where in ("both", "net") else RIGHT_NET
    _, ols_line, net_line = run_check_2(lang, ols, net, tmp_path, monkeypatch)
    for line, handed in ((ols_line, ols), (net_line, net)):
        if handed is wrong:
            assert line.startswith(words["fail"]) and reason[lang] in line, line
        else:
            assert line.startswith(words["pass"]), line


@pytest.mark.parametrize("lang", LANGS)
def test_exercise_2s_check_holds_the_network_to_the_persistence_not_to_each_slope(lang, tmp_path, monkeypatch):
    """In the flat valley a network's slopes may trade weight (0.41/0.29/0.20, sum 0.90: passes);
    a sum of 0.80 is not the OLS's 0.898 (fails, naming the sum)."""
    words = LANGS[lang]
    for slopes, passes in (([0.41, 0.29, 0.20], True), ([0.30, 0.30, 0.20], False)):
        _, _, net = run_check_2(lang, RIGHT_OLS, [*slopes, -14.5], tmp_path, monkeypatch)
        assert net.startswith(words["pass"] if passes else words["fail"]), net
        assert passes or "0.800" in net, net


# The three-engine table's weekly slopes: PyTorch and JAX 0.0323 apart.
ENGINES = pd.DataFrame({"s5": [0.2736, 0.3059]}, index=["keras-torch", "keras-jax"])
# The standard deviations the lesson's cells define; here made up so that standardising halves the slope.
UNITS = {"sd_x": np.array([1.0, 0.5, 1.0]), "sd_y": 1.0}


@pytest.mark.parametrize(
    "gap, weekly, why",
    [
        (1e-3, [0.27, 0.23, 0.09], "1.0e-03"),  # the engines disagree with the same weights
        (2e-7, [0.27, 0.23], "2 "),  # two seeds are not enough
        (2e-7, [0.2736, 0.275, 0.280], "0.0064"),  # seeds that move it less than the engines do
        (0.0, [0.2736, 0.2297, 0.0902], "resultado_jax_cargado.npz"),  # PyTorch against itself
        (2e-7, [0.1368, 0.1149, 0.0451], "sd_y / sd_x[1]"),  # left standardised (sd_x[1] / sd_y = 0.5)
        (2e-7, [0.2297, 0.0902, 0.2736], "0.2297"),  # seed 0 is not first: another seed or recipe
    ],
)
@pytest.mark.parametrize("lang", LANGS)
def test_exercise_3s_check_fails_on_each_wrong_answer(lang, gap, weekly, why, tmp_path, monkeypatch):
    words = LANGS[lang]
    names = {words["gap"]: gap, words["weekly"]: weekly, words["table"]: ENGINES, **UNITS}
    [line] = run_check(lang, "three", names, tmp_path, monkeypatch)
    assert line.startswith(words["fail"]) and why in line, line


@pytest.mark.parametrize("lang", LANGS)
def test_exercise_3s_check_passes_the_lessons_answer(lang, tmp_path, monkeypatch):
    words = LANGS[lang]
    names = {words["gap"]: 2.4e-7, words["weekly"]: [0.2736, 0.2297, 0.0902], words["table"]: ENGINES, **UNITS}
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
