"""Bench figures in pages (verified_docs.figures) without running the bench: synthetic records."""

import ast
import json
from types import SimpleNamespace

import pytest

from verified_docs import bench, bench_child, bench_inputs, bench_record
from verified_docs import figures as hook
from verified_docs.figures import FigureError
from verified_docs.project import BACKENDS, DOCS, ROOT


def record(gpu="none", inputs_hash=None) -> dict:
    fig = {"unit": "s", "median": 1.5, "min": 1.25, "max": 2.0, "reps": 5, "cold": 3.0}
    figures = {key: dict(fig) for key in bench_record.FIGURE_KEYS if gpu != "none" or ".cuda." not in key}
    ratios = {key: 0.25 for key in bench_record.RATIO_KEYS if gpu != "none" or ("cuda" not in key and "gpu" not in key)}
    return {
        "schema": 1,
        "mode": "full",
        "date": "2026-11-29 10:00 UTC",
        "commit": "abc1234",
        "inputs_hash": inputs_hash or bench_inputs.inputs_hash(),
        "versions": {
            "python": "3.11.7",
            "keras": "3.15.1",
            "torch": "2.13.0",
            "jax": "0.10.2",
            "tensorflow": "2.21.0",
            "numpy": "2.4.6",
        },
        "machine": {"cpu": "Test CPU", "cores": 2, "gpu": gpu, "os": "Linux"},
        "figures": figures,
        "ratios": ratios,
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
    # In Spanish, the record's own words are translated too (a reader saw "GPU: none" and "modo quick").
    out = render(page, "{{ bench:provenance }}", "es")
    for part in ("GPU: ninguna", "modo completo"):
        assert part in out, f"the Spanish provenance lacks {part!r}: {out}"


def test_unknown_key_fails_the_build_naming_page_and_line(page, with_record):
    with_record(record())
    text = "first line\n\nsecond: {{ bench:har.jax.warm_41 }}\n"
    with pytest.raises(FigureError, match=r"perf\.es\.md:3: unknown bench key 'har\.jax\.warm_41'"):
        render(page, text)
    with pytest.raises(FigureError, match="unknown bench chart"):
        render(page, "{{ bench:chart:nope }}")


def test_sizes_of_a_figure_come_from_the_record_in_the_pages_language(page, with_record):
    rec = record()
    rec["figures"]["mobilenet.cpu.epoch"]["images"] = [2944, 368]
    with_record(rec)
    assert render(page, "{{ bench:mobilenet.cpu.epoch.images }}") == "2\u00a0944 + 368"
    assert render(page, "{{ bench:mobilenet.cpu.epoch.images }}", "en") == "2,944 + 368"
    assert "2,944 + 368 images)" in render(page, "{{ bench:mobilenet.cpu.epoch }}", "en")  # the same sizes in a figure
    with pytest.raises(FigureError, match="har.torch.warm_40' has no field 'images'"):
        render(page, "{{ bench:har.torch.warm_40.images }}")


def test_stale_record_is_marked_never_shown_as_fresh(page, with_record):
    with_record(record(inputs_hash="0" * 16))
    assert "⚠" in render(page, "{{ bench:har.torch.warm_40 }}")
    assert "⚠" in render(page, "{{ bench:ratio:har.jax_over_torch }}")
    assert "desactualizado" in render(page, "{{ bench:provenance }}")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_stale_mark_tooltip_is_plain_text_after_markdown(page, with_record, lang):
    """The page's Markdown must not turn the tooltip's words into HTML tags inside the attribute."""
    import re

    import markdown

    with_record(record(inputs_hash="0" * 16))
    html = markdown.markdown(render(page, "| a |\n|---|\n| {{ bench:har.torch.warm_40 }} |", lang), extensions=["tables"])
    (title,) = re.findall(r'class="bench-stale" title="([^"]*)"', html)
    assert "<" not in title and "&lt;" not in title and "make bench" in title, title


def test_missing_gpu_is_said_not_hidden(page, with_record):
    with_record(record(gpu="none"))
    assert render(page, "{{ bench:mobilenet.cuda.epoch }}") == "sin GPU en la máquina que midió"
    assert render(page, "{{ bench:ratio:mobilenet.cpu_over_gpu }}", "en") == "no GPU on the machine that measured"


def test_gpu_record_fills_gpu_figures(page, with_record):
    with_record(record(gpu="NVIDIA H200"))
    assert render(page, "{{ bench:mobilenet.cuda.epoch.median }}", "en") == "1.5 s"


def test_gpu_record_names_the_stack_that_drove_the_gpu(page, with_record):
    rec = record(gpu="AMD Radeon RX 7600")
    rec["machine"].update(runtime="ROCm 6.4.43482", driver="amd-smi: AMDSMI Tool: 26.0.0")
    with_record(rec)
    out = render(page, "{{ bench:provenance }}", "en")
    assert "GPU: AMD Radeon RX 7600) (ROCm 6.4.43482; amd-smi: AMDSMI Tool: 26.0.0)" in out, out


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
            key = re.sub(r"\.(cold|median|min|max|best|images)$", "", key)
            assert key in (bench_record.RATIO_KEYS if expr.startswith("ratio:") else bench_record.FIGURE_KEYS), f"{path}: {expr}"


# ------------------------------------------------------------- the bench runs the pages' programs


def test_measured_programs_are_the_pages_saved_files():
    """Each program the bench times is a file a page asks its reader to save, under the name the
    bench runs it as, and its translation is the same file on the other language's page."""
    from verified_docs.pages import readable_pages

    blocks = [b for p in readable_pages() for b in p.blocks]
    for name, (rel, reader_name) in bench_inputs.PROGRAMS.items():
        assert (ROOT / rel).is_file(), f"bench program {name!r}: {rel} does not exist"
        shown = [b for b in blocks if b.snippet == ROOT / rel]
        assert shown, f"bench program {name!r}: no page shows {rel}, so its figures time code no reader runs"
        assert {b.title for b in shown} == {reader_name}, (
            f"bench program {name!r}: the page saves {rel} as {sorted({str(b.title) for b in shown})}, "
            f"the bench runs it as {reader_name}"
        )
        for twin in bench_inputs.twins(rel):
            assert any(b.snippet == ROOT / twin and b.is_file for b in blocks), (
                f"bench program {name!r}: its translation {twin} is no page's saved file"
            )


def test_staged_program_is_the_snippet_byte_for_byte(tmp_path):

    for name, (rel, reader_name) in bench_inputs.PROGRAMS.items():
        staged = bench.stage(name, tmp_path)
        assert staged.name == reader_name
        assert staged.read_bytes() == (ROOT / rel).read_bytes()


FORMS: dict = {}  # (suffix, bytes) -> bench_inputs.measured_form's answer for them


@pytest.fixture
def bench_tree(tmp_path, monkeypatch):
    """A copy of what inputs_hash reads (the measured files and the pins), plus the lesson's other
    cells and its page, which it must not read."""
    import shutil

    rels = bench_inputs.measured_files() + [bench_inputs.PINS, "docs/lesson-5-6-1.es.md", "docs/lesson-5-6-1.en.md"]
    rels += [p.relative_to(ROOT).as_posix() for p in (ROOT / "snippets/lesson-5-6-1").rglob("*.py")]
    for rel in set(rels):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / rel, tmp_path / rel)
    # inputs_hash parses every measured file (the bench's own modules among them) on each call,
    # and these tests change one file at a time: each distinct content is parsed once. The memo
    # returns what measured_form returns for those bytes, so the hash is computed as ever.
    form = bench_inputs.measured_form

    def memo(path):
        key = (path.suffix, path.read_bytes())
        if key not in FORMS:
            FORMS[key] = form(path)
        return FORMS[key]

    monkeypatch.setattr(bench_inputs, "measured_form", memo)
    assert bench_inputs.inputs_hash(tmp_path) == bench_inputs.inputs_hash()
    return tmp_path


def _edit(path, old, new):
    text = path.read_text()
    assert old in text, f"{path}: {old!r} not found"
    path.write_text(text.replace(old, new, 1))


def _printed_label(path):
    """Line and column just inside the quotes of the first string a print() call prints."""
    import ast

    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "print":
            for arg in node.args:
                if isinstance(arg, (ast.Constant, ast.JoinedStr)):
                    line = path.read_text().splitlines()[arg.lineno - 1]
                    return arg.lineno, arg.col_offset + (2 if line[arg.col_offset] in "fF" else 1)
    return None


@pytest.mark.parametrize("lang_dir", ["es", "en"])
def test_inputs_hash_changes_when_what_a_measured_file_computes_changes(bench_tree, lang_dir):
    """Stale both ways, in either language: a new statement in any measured snippet changes the
    hash; a comment or a printed label in it does not."""
    before = bench_inputs.inputs_hash(bench_tree)
    relabelled = 0
    for rel in bench_inputs.measured_files():
        if not (rel.startswith("snippets/") and f"/{lang_dir}/" in rel and rel.endswith(".py")):
            continue
        target = bench_tree / rel
        original = target.read_text()
        target.write_text(original + "\nbench_probe = 2\n")
        assert bench_inputs.inputs_hash(bench_tree) != before, f"{rel}: a new statement left the figures fresh"
        target.write_text(original + "\n# a comment changes no timing\n")
        assert bench_inputs.inputs_hash(bench_tree) == before, f"{rel}: a comment marked the figures stale"
        if (where := _printed_label(target)) is not None:
            lines = original.splitlines(keepends=True)
            row, col = where
            lines[row - 1] = lines[row - 1][:col] + "relabelled " + lines[row - 1][col:]
            target.write_text("".join(lines))
            assert bench_inputs.inputs_hash(bench_tree) == before, f"{rel}:{row}: a printed label marked the figures stale"
            relabelled += 1
        target.write_text(original)
    assert relabelled >= 3, "the label check must have labels to change"
    assert bench_inputs.inputs_hash(bench_tree) == before


def test_inputs_hash_ignores_the_pages_other_cells_and_prose(bench_tree):
    before = bench_inputs.inputs_hash(bench_tree)
    _edit(bench_tree / "snippets/lesson-5-6-1/es/07_tres_apis.py", "def ", "import os\n\n\ndef ")
    _edit(bench_tree / "docs/lesson-5-6-1.es.md", "#", "# Nuevo título\n\n#")
    assert bench_inputs.inputs_hash(bench_tree) == before


@pytest.mark.parametrize(
    "rel, old, new",
    [
        ("snippets/lesson-5-6-1/es/11_har_keras.py", "epochs=40", "epochs=41"),  # its epochs
        ("snippets/lesson-5-6-1/en/05_sharpe.py", "ddof=", "ddof=0 or "),  # a data cell's arithmetic
        ("scripts/make_fixtures.py", "def ", "SEED_SHIFT = 1\n\n\ndef "),  # the stand-in's generator
        ("scripts/make_vol5.py", "def ", "SEED_SHIFT = 1\n\n\ndef "),  # the panel's generator
        ("scripts/verified_docs/offline/sitecustomize.py", "\nimport os", "\nimport time\nimport os"),
        ("constraints.txt", "torch==", "torch==0.0.1+"),  # a measured package's pin
    ],
)
def test_inputs_hash_marks_figures_stale_when_an_input_changes(bench_tree, rel, old, new):
    before = bench_inputs.inputs_hash(bench_tree)
    _edit(bench_tree / rel, old, new)
    assert bench_inputs.inputs_hash(bench_tree) != before, f"{rel}: changed, and the figures stayed fresh"


def _engine_imports(rel: str) -> set[str]:
    """The engine modules a file imports (`from verified_docs.x import …`, `from . import x`), as paths."""
    tree = ast.parse((ROOT / rel).read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level and not module:  # from . import a, b
                names |= {alias.name for alias in node.names}
            elif node.level or module.startswith("verified_docs."):
                names.add(module.removeprefix("verified_docs."))
    return {f"scripts/verified_docs/{name.replace('.', '/')}.py" for name in names}


def test_every_engine_module_the_bench_runs_with_is_an_input_or_says_why_not():
    """A module the runner or its child imports can change what is timed; inputs_hash must cover it
    (bench_inputs.TOOLS), or bench_inputs.NOT_INPUTS must say why it changes no timing."""
    known = set(bench_inputs.TOOLS) | set(bench_inputs.NOT_INPUTS)
    seen, todo = set(), ["scripts/verified_docs/bench.py", "scripts/verified_docs/bench_child.py"]
    while todo:
        rel = todo.pop()
        if rel not in seen:
            seen.add(rel)
            todo += sorted(_engine_imports(rel))
    unknown = sorted(seen - known)
    assert not unknown, f"the bench imports {unknown}, which neither bench_inputs.TOOLS nor NOT_INPUTS names"


def test_inputs_hash_ignores_pins_of_packages_the_bench_does_not_measure_with(bench_tree):
    before = bench_inputs.inputs_hash(bench_tree)
    _edit(bench_tree / bench_inputs.PINS, "mkdocs-material==", "mkdocs-material==0.0.1+")
    assert bench_inputs.inputs_hash(bench_tree) == before
    _edit(bench_tree / bench_inputs.PINS, "\njaxlib==", "\n# jaxlib==")
    with pytest.raises(ValueError, match="jaxlib"):
        bench_inputs.inputs_hash(bench_tree)


@pytest.mark.parametrize(
    "rel, check",
    [
        ("snippets/rocm/es/15_entrenar_keras.py", "comprobar_entorno()"),
        ("snippets/rocm/en/15_train_keras.py", "check_environment()"),
    ],
)
def test_other_backends_run_the_programs_own_statements_through_its_fit(rel, check):
    """Under jax/tensorflow only the environment check (which insists on torch) is left out."""
    import ast

    code, skipped = bench_child._through_fit(ROOT / rel)
    assert skipped == check
    assert code.co_filename == str(ROOT / rel)
    source = (ROOT / rel).read_text()
    body = ast.parse(source).body
    kept = [ast.get_source_segment(source, n) for n in body if n.lineno in _top_level_lines(code)]
    assert check not in kept and any(".fit(" in s for s in kept)
    assert not any("modelo.save" in s or "model.save" in s for s in kept)  # nothing after fit


def _top_level_lines(code) -> set[int]:
    return {line for _, _, line in code.co_lines() if line}


# ------------------------------------------------------- sentences that rest on the committed record

COMMITTED = "cpu-full"


@pytest.mark.parametrize(
    "key, below_one, page, sentence",
    [
        (
            "mobilenet.cpu.tensorflow_over_torch",
            True,
            "performance",
            "Why is TensorFlow so much faster than PyTorch on MobileNetV2?",
        ),
        ("mobilenet.cpu.tensorflow_over_torch_without_copies", True, "performance", "Nor do the copies\nexplain everything"),
        ("har.jax_over_torch", True, "keras-3-multibackend", "a tiny model, on which the whole compiled step wins"),
        ("feeding.tensorflow.tf_data_over_numpy", True, "feeding-data", "on TensorFlow, which uses it as is, `tf.data`"),
        (
            "feeding.torch.tf_data_over_numpy",
            False,
            "feeding-data",
            "on torch and JAX, where each batch goes through NumPy, it is slower",
        ),
        (
            "feeding.jax.tf_data_over_numpy",
            False,
            "feeding-data",
            "on torch and JAX, where each batch goes through NumPy, it is slower",
        ),
        ("feeding.torch.pydataset_over_numpy", False, "feeding-data", "is slower than NumPy on all three engines"),
        ("feeding.jax.pydataset_over_numpy", False, "feeding-data", "is slower than NumPy on all three engines"),
        ("feeding.tensorflow.pydataset_over_numpy", False, "feeding-data", "is slower than NumPy on all three engines"),
    ],
)
def test_speed_sentences_agree_with_the_committed_record(key, below_one, page, sentence):
    """Prose that states which engine is faster must agree with the record its figures come from."""

    rec = bench_record.read_record(ROOT / f"bench/records/{COMMITTED}.json")
    assert rec is not None, f"bench/records/{COMMITTED}.json is missing; the pages cite it"
    for lang in ("es", "en"):
        assert f"bench@{COMMITTED}:ratio:{key}" in (DOCS / f"{page}.{lang}.md").read_text(), (page, lang, key)
    assert sentence in (DOCS / f"{page}.en.md").read_text(), sentence
    value = rec["ratios"][key]
    assert (value < 1) == below_one, (
        f"{page}: '{sentence}' says {key} is {'below' if below_one else 'above'} 1, "
        f"but bench/records/{COMMITTED}.json measured {value:.3g}: reword both languages"
    )


def test_the_cache_sentences_agree_with_the_committed_record():
    """feeding-data says what cache() with prefetch() did on its grid: the ratio to plain tf.data
    moves from record to record, either way (TensorFlow 1.05 in one, 1.28 in the next; JAX 1.12,
    0.85, 1.18), but on all three engines the two rows' ranges of runs overlap, in the record its
    figures come from."""
    rec = bench_record.read_record(ROOT / f"bench/records/{COMMITTED}.json")
    sentences = {
        "en": ["on all three engines the ranges of the two rows' runs overlap"],
        "es": ["en los tres\nmotores los rangos de las ejecuciones de las dos filas se solapan"],
    }
    for lang, said in sentences.items():
        text = (DOCS / f"feeding-data.{lang}.md").read_text()
        for sentence in said:
            assert sentence in text, (lang, sentence)
        for backend in BACKENDS:
            assert f"bench@{COMMITTED}:ratio:feeding.{backend}.tf_data_cache_over_tf_data" in text, (lang, backend)
    reword = f"bench/records/{COMMITTED}.json measured otherwise: reword both languages"
    for backend in BACKENDS:
        figures = rec["figures"]
        plain, tuned = figures[f"feeding.{backend}.tf_data.ms_per_step"], figures[f"feeding.{backend}.tf_data_cache.ms_per_step"]
        assert tuned["min"] <= plain["max"] and plain["min"] <= tuned["max"], (
            f"feeding-data: 'on all three engines the ranges of the runs overlap', but on {backend} "
            f"tf.data+cache ran {tuned['min']:.3g}-{tuned['max']:.3g} and tf.data {plain['min']:.3g}-{plain['max']:.3g}; {reword}"
        )


def test_the_core_count_the_pages_name_is_the_records():

    rec = bench_record.read_record(ROOT / f"bench/records/{COMMITTED}.json")
    for page, words in (
        ("performance.en.md", "ours has 2 cores"),
        ("keras-3-multibackend.en.md", "Measured on a 2-core CPU"),
        ("performance.es.md", "la nuestra tiene 2 núcleos"),
        ("keras-3-multibackend.es.md", "Medido en una CPU de 2 núcleos"),
    ):
        assert words in (DOCS / page).read_text(), (page, words)
        assert rec["machine"]["cores"] == 2, f"{page}: says '{words}', the record was measured on {rec['machine']['cores']} cores"


def test_every_committed_record_the_pages_cite_is_fresh():
    """The published pages never show a committed measurement as stale: a change to what the
    figures depend on (bench_inputs.inputs_hash) has to come with a new measurement."""
    from verified_docs.figures import PLACEHOLDER

    # The placeholders as the build reads them (figures.PLACEHOLDER), not a pattern of this test's own.
    cited = {m["name"] for path in DOCS.rglob("*.md") for m in PLACEHOLDER.finditer(path.read_text()) if m["name"]}
    assert cited, "no page cites a committed bench record"
    for name in sorted(cited):
        rec = bench_record.read_record(ROOT / f"bench/records/{name}.json")
        assert rec is not None, f"a page cites bench/records/{name}.json, which does not exist"
        assert not rec["stale"], (
            f"bench/records/{name}.json was measured with other inputs than today's (its inputs_hash "
            f"{rec['inputs_hash']}, today's {bench_inputs.inputs_hash()}): the pages would mark its figures stale. "
            f"Run `make bench` and copy build/bench/record.json to bench/records/{name}.json"
        )


# ------------------------------------------------------------------ the observer in a bench child

OBSERVED = """
import keras
import numpy as np

x, y = np.zeros((8, 2), "float32"), np.zeros((8, 1), "float32")
wide = keras.Sequential([keras.Input((2,)), keras.layers.Dense(3), keras.layers.Dense(1)])
wide.compile(optimizer="sgd", loss="mse")
try:
    wide.fit(x, y[:3], epochs=1, verbose=0)  # 8 rows of x, 3 of y: fit raises before training
except ValueError:
    pass


def batches():
    while True:
        yield x, y


narrow = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
narrow.compile(optimizer="sgd", loss="mse")
narrow.fit(batches(), steps_per_epoch=2, epochs=2, verbose=0)
"""


@pytest.mark.independent_of_pages  # its program is its own
def test_the_observer_notes_each_fit_that_returned_with_its_input_and_its_model(tmp_path):
    """A fit that raised leaves no record (else every later fit is paired with the model before
    it); a returned fit says what kind of input it got and how many batches it ran."""
    (tmp_path / "observed.py").write_text(OBSERVED)
    job = {"kind": "whole", "program": "observed.py", "argv": [], "sync_cuda": False, "per_batch": False}
    fits = bench.run_child(tmp_path, job, bench.child_env(tmp_path, "torch", "cpu"), "the observer's test program")["fits"]
    assert [f["input"] for f in fits] == ["generator"], f"one fit returned, on a generator; the observer noted {fits}"
    assert fits[0]["steps"] == 4 and len(fits[0]["epochs"]) == 2
    assert fits[0]["macs_per_image"] == 2, "the returned fit's model is the narrow one (2 inputs -> 1 unit)"


def test_input_kinds_are_known_by_class_and_anything_else_is_none():
    import numpy as np

    assert bench_child.input_kind(np.zeros(3)) == "numpy"
    assert bench_child.input_kind(i for i in range(3)) == "generator"
    assert bench_child.input_kind([1, 2]) is None
    # tf.data by tf.data's own classes (faked here: importing TensorFlow costs seconds), tuned before plain
    dataset = type("DatasetV2", (), {"__module__": "tensorflow.python.data.ops.dataset_ops"})
    batched = type("_BatchDataset", (dataset,), {"__module__": "tensorflow.python.data.ops.batch_op"})
    prefetched = type("_PrefetchDataset", (dataset,), {"__module__": "tensorflow.python.data.ops.prefetch_op"})
    assert bench_child.input_kind(batched()) == "tf_data"
    assert bench_child.input_kind(prefetched()) == "tf_data_cache", "a .cache().prefetch() pipeline counted as plain tf.data"
