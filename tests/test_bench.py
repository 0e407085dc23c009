"""Bench figures in pages (verified_docs.figures) without running the bench: synthetic records."""

import json
from types import SimpleNamespace

import pytest
from verified_docs import bench
from verified_docs import figures as hook
from verified_docs.figures import FigureError
from verified_docs.project import DOCS


def record(gpu="none", inputs_hash=None) -> dict:
    fig = {"unit": "s", "median": 1.5, "min": 1.25, "max": 2.0, "reps": 5, "cold": 3.0}
    figures = {key: dict(fig) for key in bench.FIGURE_KEYS if gpu != "none" or ".cuda." not in key}
    ratios = {key: 0.25 for key in bench.RATIO_KEYS if gpu != "none" or ("cuda" not in key and "gpu" not in key)}
    return {
        "schema": 1, "mode": "full", "date": "2026-11-29 10:00 UTC", "commit": "abc1234",
        "inputs_hash": inputs_hash or bench.inputs_hash(),
        "versions": {"python": "3.11.7", "keras": "3.15.1", "torch": "2.13.0", "jax": "0.10.2",
                     "tensorflow": "2.21.0", "numpy": "2.4.6"},
        "machine": {"cpu": "Test CPU", "cores": 2, "gpu": gpu, "os": "Linux"},
        "figures": figures, "ratios": ratios,
    }


@pytest.fixture
def page(tmp_path):
    def make(text, lang="es"):
        src = tmp_path / f"perf.{lang}.md"
        src.write_text(text)
        return SimpleNamespace(file=SimpleNamespace(src_uri=src.name, abs_src_path=str(src)))

    return make


@pytest.fixture
def with_record(tmp_path, monkeypatch):
    def write(rec):
        path = tmp_path / "record.json"
        path.write_text(json.dumps(rec))
        monkeypatch.setenv("BENCH_RECORD", str(path))

    return write


def render(page, text, lang="es"):
    return "\n".join(hook.substitute(text.split("\n"), 1, page(text, lang).file.src_uri, lang))


def test_figure_is_rendered_with_spread_and_in_the_pages_language(page, with_record):
    with_record(record())
    assert render(page, "t: {{ bench:har.jax.warm_40 }}") == "t: 1,5 s (1,25–2, 5 rep.)"
    assert render(page, "t: {{ bench:har.jax.warm_40 }}", "en") == "t: 1.5 s (1.25–2, 5 reps)"
    assert render(page, "{{ bench:har.jax.warm_40.cold }}", "en") == "3 s"
    assert render(page, "{{ bench:ratio:har.jax_over_torch }}", "en") == "0.25×"


def test_provenance_names_machine_date_versions_and_commit(page, with_record):
    with_record(record())
    out = render(page, "{{ bench:provenance }}", "en")
    for part in ("2026-11-29 10:00 UTC", "Test CPU", "GPU: none", "Keras 3.15.1", "commit abc1234", "full mode"):
        assert part in out
    assert "stale" not in out


def test_unknown_key_fails_the_build_naming_page_and_line(page, with_record):
    with_record(record())
    text = "first line\n\nsecond: {{ bench:har.jax.warm_41 }}\n"
    with pytest.raises(FigureError, match=r"perf\.es\.md:3: unknown bench key 'har\.jax\.warm_41'"):
        render(page, text)
    with pytest.raises(FigureError, match="unknown bench chart"):
        render(page, "{{ bench:chart:nope }}")


def test_stale_record_is_marked_never_shown_as_fresh(page, with_record):
    with_record(record(inputs_hash="0" * 16))
    assert "⚠" in render(page, "{{ bench:har.torch.warm_40 }}")
    assert "⚠" in render(page, "{{ bench:ratio:har.jax_over_torch }}")
    assert "desactualizado" in render(page, "{{ bench:provenance }}")


def test_missing_gpu_is_said_not_hidden(page, with_record):
    with_record(record(gpu="none"))
    assert render(page, "{{ bench:mobilenet.cuda.epoch }}") == "sin GPU en la máquina que midió"
    assert render(page, "{{ bench:ratio:mobilenet.cpu_over_gpu }}", "en") == "no GPU on the machine that measured"


def test_gpu_record_fills_gpu_figures(page, with_record):
    with_record(record(gpu="NVIDIA H200"))
    assert render(page, "{{ bench:mobilenet.cuda.epoch.median }}", "en") == "1.5 s"


def test_no_record_says_what_to_run(page, monkeypatch, tmp_path):
    monkeypatch.setenv("BENCH_RECORD", str(tmp_path / "absent.json"))
    assert "make bench" in render(page, "{{ bench:har.torch.warm_40 }}", "en")
    assert "make bench" in render(page, "{{ bench:provenance }}", "en")


def test_committed_record_is_shown_as_recorded_elsewhere(page, monkeypatch, tmp_path):
    monkeypatch.setattr(hook, "ROOT", tmp_path)
    (tmp_path / "bench/records").mkdir(parents=True)
    (tmp_path / "bench/records/h200.json").write_text(json.dumps(record(gpu="NVIDIA H200")))
    out = render(page, "{{ bench@h200:provenance }}", "en")
    assert out.startswith("Recorded on 2026-11-29 10:00 UTC on Test CPU") and "NVIDIA H200" in out
    with pytest.raises(FigureError, match="no committed bench record"):
        render(page, "{{ bench@absent:provenance }}")


def test_chart_is_inline_svg_with_a_text_alternative(page, with_record):
    with_record(record())
    out = render(page, "{{ bench:chart:har }}", "en")
    assert out.startswith('<div class="bench-chart" role="img" aria-label="HAR Dense(1)') and "<svg" in out


def test_bench_schema_covers_what_the_site_asks_for():
    """Every placeholder on the real pages names a key the bench can produce."""
    import re


    for path in DOCS.rglob("*.md"):
        for m in hook.PLACEHOLDER.finditer(path.read_text()):
            expr = m["expr"]
            if expr == "provenance" or expr.startswith("chart:"):
                continue
            key = expr.removeprefix("ratio:")
            key = re.sub(r"\.(cold|median|min|max|best)$", "", key)
            assert key in (bench.RATIO_KEYS if expr.startswith("ratio:") else bench.FIGURE_KEYS), f"{path}: {expr}"


# ------------------------------------------------------------- the bench runs the pages' programs


def test_measured_programs_are_the_pages_snippet_files():
    """The bench names the snippet files it runs, and hashes them in every language."""
    from verified_docs.project import ROOT

    assert bench.PROGRAMS["mobilenet"] == ("snippets/rocm/es/15_entrenar_keras.py", "entrenar_keras.py")
    assert bench.PROGRAMS["har"] == ("snippets/lesson-5-6-1/es/11_har_keras.py", "har_keras.py")
    assert bench.PROGRAMS["smoke"] == ("snippets/rocm/es/09_probar_rocm.py", "probar_rocm.py")
    inputs = bench.measured_files()
    for rel, _ in bench.PROGRAMS.values():
        assert (ROOT / rel).is_file()
        assert len([t for t in bench.twins(rel) if t in inputs]) >= 2, rel  # Spanish and English
    for rel in ("snippets/rocm/en/15_train_keras.py", "snippets/rocm/en/09_test_rocm.py",
                "snippets/lesson-5-6-1/en/11_har_keras.py", "snippets/lesson-5-6-1/en/10_save_data.py",
                "scripts/verified_docs/bench.py", "scripts/make_fixtures.py", "scripts/make_vol5.py"):
        assert rel in inputs


def test_staged_program_is_the_snippet_byte_for_byte(tmp_path):
    from verified_docs.project import ROOT

    for name, (rel, reader_name) in bench.PROGRAMS.items():
        staged = bench.stage(name, tmp_path)
        assert staged.name == reader_name
        assert staged.read_bytes() == (ROOT / rel).read_bytes()


@pytest.mark.parametrize("lang_dir", ["es", "en"])
def test_inputs_hash_changes_when_a_measured_snippet_changes_in_either_language(tmp_path, lang_dir):
    import shutil

    from verified_docs.project import ROOT

    for rel in bench.measured_files():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / rel, tmp_path / rel)
    before = bench.inputs_hash(tmp_path)
    assert before == bench.inputs_hash()
    for rel in bench.measured_files():
        if rel.startswith("snippets/") and f"/{lang_dir}/" in rel:
            target = tmp_path / rel
            original = target.read_bytes()
            target.write_bytes(original + b"\n# changed\n")
            assert bench.inputs_hash(tmp_path) != before, rel
            target.write_bytes(original)
    assert bench.inputs_hash(tmp_path) == before


@pytest.mark.parametrize("rel, check", [
    ("snippets/rocm/es/15_entrenar_keras.py", "comprobar_entorno()"),
    ("snippets/rocm/en/15_train_keras.py", "check_environment()"),
])
def test_other_backends_run_the_programs_own_statements_through_its_fit(rel, check):
    """Under jax/tensorflow only the environment check (which insists on torch) is left out."""
    import ast

    from verified_docs.project import ROOT

    code, skipped = bench._through_fit(ROOT / rel)
    assert skipped == check
    assert code.co_filename == str(ROOT / rel)
    source = (ROOT / rel).read_text()
    body = ast.parse(source).body
    kept = [ast.get_source_segment(source, n) for n in body if n.lineno in _top_level_lines(code)]
    assert check not in kept and any(".fit(" in s for s in kept)
    assert not any("modelo.save" in s or "model.save" in s for s in kept)  # nothing after fit


def _top_level_lines(code) -> set[int]:
    return {line for _, _, line in code.co_lines() if line}
