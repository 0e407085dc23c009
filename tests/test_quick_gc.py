"""The collector tuned for the suite's page processes (scripts/verified_docs/quick_gc/sitecustomize.py):
loaded in front of the offline layer, in every tier, and never by the bench."""

import gc
import json
import os
import shutil
import subprocess
import sys

import pytest

from fixture_site import make_site, pytest_in
from verified_docs import bench
from verified_docs.execute import WORK, runner_env
from verified_docs.project import OFFLINE, QUICK_GC, quick_gc

pytestmark = pytest.mark.independent_of_pages

THRESHOLDS = list(quick_gc().THRESHOLDS)
DEFAULT = json.loads(
    subprocess.check_output([sys.executable, "-I", "-c", "import gc, json; print(json.dumps(gc.get_threshold()))"])
)
# The process's collector thresholds, and whether the offline layer is loaded (its after_import hook).
PROBE = (
    "import gc, json, sys\n"
    "offline = hasattr(sys.modules.get('sitecustomize'), 'after_import')\n"
    "print(json.dumps([gc.get_threshold(), offline]))\n"
)
# An object still in a reference cycle when the program exits: Python finalizes it in its last collection.
CYCLE_AT_EXIT = "class Cycle:\n    def __del__(self):\n        print('finalized at exit', flush=True)\na = Cycle()\na.me = a\n"


def run(code: str, env: dict) -> subprocess.CompletedProcess:
    workdir = WORK / "quick-gc-check"
    workdir.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run([sys.executable, "-c", code], env=env, cwd=workdir, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return proc


@pytest.mark.parametrize("tier, offline", [("run", True), ("network", False)])
def test_a_page_process_runs_with_the_tuned_collector_and_its_tiers_offline_layer(tier, offline):
    thresholds, loaded = json.loads(run(PROBE, runner_env(tier, WORK)).stdout)
    assert thresholds == THRESHOLDS, (
        f"a {tier!r} page process started with the collector at {thresholds}, not quick_gc's {THRESHOLDS}"
    )
    assert loaded == offline, (
        f"a {tier!r} page process {'has' if loaded else 'lacks'} the offline layer (offline/sitecustomize.py), "
        "which quick_gc/sitecustomize.py runs as the next sitecustomize on PYTHONPATH"
    )


@pytest.mark.parametrize("how", ["another copy of it first on the path", "a symlink to it first on the path"])
def test_the_chain_ends_in_the_offline_layer_however_quick_gc_is_on_the_path(how, tmp_path):
    folder = tmp_path / "first"
    folder.mkdir()
    if how.startswith("another copy"):
        shutil.copy(QUICK_GC / "sitecustomize.py", folder / "sitecustomize.py")
        path = [folder, QUICK_GC, OFFLINE]
    else:
        (folder / "sitecustomize.py").symlink_to(QUICK_GC / "sitecustomize.py")
        path = [folder, OFFLINE]
    env = dict(runner_env("run", WORK), PYTHONPATH=os.pathsep.join(map(str, path)))
    proc = run(PROBE, env)
    assert "Error in sitecustomize" not in proc.stderr, f"with {how}: {proc.stderr[-2000:]}"
    assert json.loads(proc.stdout) == [THRESHOLDS, True], f"with {how}: {proc.stdout}"


@pytest.mark.parametrize("tier, offline", [("run", True), ("network", False)])
def test_a_recordings_processes_get_pythons_collector_even_when_quick_gc_is_inherited(tier, offline, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(QUICK_GC))  # e.g. a recording started from a page process
    thresholds, loaded = json.loads(run(PROBE, runner_env(tier, WORK, quick_gc=False)).stdout)
    assert thresholds == DEFAULT, f"a recording's {tier!r} process inherited quick_gc from PYTHONPATH: {thresholds}"
    assert loaded == offline


def test_a_page_process_leaves_what_is_alive_at_exit_unfinalized_as_python_allows():
    """The visible difference quick_gc makes (its docstring): the freeze at exit. Without quick_gc the
    same program finalizes its cycle, so this test fails if the freeze is lost or made everywhere."""
    assert run(CYCLE_AT_EXIT, bench.child_env(WORK, None, "cpu")).stdout == "finalized at exit\n"
    assert run(CYCLE_AT_EXIT, runner_env("run", WORK)).stdout == "", "quick_gc's freeze at exit did not happen"


def test_the_bench_times_programs_with_pythons_own_collector():
    thresholds, loaded = json.loads(run(PROBE, bench.child_env(WORK, "jax", "cpu")).stdout)
    assert thresholds == DEFAULT, (
        f"a bench child started with the collector at {thresholds}, not Python's {DEFAULT}: its timings would not be a reader's"
    )
    assert loaded, "a bench child lacks the offline layer"


def test_the_suites_own_process_has_the_same_collector_and_froze_what_collection_built():
    assert list(gc.get_threshold()) == THRESHOLDS, (
        "verified_docs.pytest_plugin did not tune pytest's collector (quick_gc().tune())"
    )
    assert gc.get_freeze_count() > 0, "verified_docs.pytest_plugin did not freeze what collection built"


def test_a_recording_is_made_with_pythons_collector_so_a_run_that_prints_less_at_exit_fails(tmp_path):
    """`--record-outputs` runs a page as a reader's Python does; the suite's quicker run of the same
    page, which finalizes nothing at exit, then lacks the line and fails with the diff."""
    root = make_site(tmp_path / "site")
    folder = root / "snippets" / "ciclo" / "es"  # one page is enough: only it is run
    folder.mkdir(parents=True)
    (folder / "01_ciclo.py").write_text(CYCLE_AT_EXIT)
    (folder / "02_ciclo.sh").write_text("python ciclo.py\n")
    (folder / "02_ciclo.out").write_text("")
    (root / "docs" / "ciclo.es.md").write_text(
        '# Ciclo\n\nGuárdalo y ejecútalo:\n\n<!--pytest.mark.run-->\n```python title="ciclo.py"\n--8<-- "ciclo/es/01_ciclo.py"\n```\n\n'
        '<!--pytest.mark.run-->\n```bash\n--8<-- "ciclo/es/02_ciclo.sh"\n```\n\n'
        '<!--pytest-codeblocks:expected-output-->\n```text\n--8<-- "ciclo/es/02_ciclo.out"\n```\n'
    )
    recorded = pytest_in(root, "--record-outputs", targets=("docs/ciclo.es.md",))
    assert recorded["docs.ciclo.es.md::run"] == "passed", recorded
    assert (root / "snippets/ciclo/es/02_ciclo.out").read_text() == "finalized at exit\n", (
        "the recording was not made as a reader's run"
    )
    verdict = pytest_in(root, targets=("docs/ciclo.es.md",))["docs.ciclo.es.md::run"]
    assert verdict.startswith("failed") and "finalized at exit" in verdict, verdict


# Seeds twice and serializes a model before anything imports TensorFlow, then draws from it.
TENSORFLOW_ON_USE = (
    "import sys\nimport keras\n"
    "keras.utils.set_random_seed(3)\n"
    "keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)]).get_config()\n"
    "keras.utils.set_random_seed(5)\n"
    "print('tensorflow' in sys.modules)\n"
    "import tensorflow as tf\n"
    "print(tf.random.uniform([3]).numpy().tolist())\n"
)


def test_a_page_process_imports_tensorflow_only_when_used_and_draws_what_a_readers_does():
    """quick_gc/lazy_tensorflow.py: on JAX (or torch), seeding and serializing no longer import
    TensorFlow; a program that then imports it draws the numbers a reader's run draws."""
    quick = run(TENSORFLOW_ON_USE, dict(runner_env("run", WORK), KERAS_BACKEND="jax")).stdout.splitlines()
    reader = run(TENSORFLOW_ON_USE, dict(runner_env("run", WORK, quick_gc=False), KERAS_BACKEND="jax")).stdout.splitlines()
    assert reader[0] == "True", "a reader's Keras no longer imports TensorFlow here: lazy_tensorflow.py is not needed"
    assert quick[0] == "False", "a page process imported TensorFlow before its program used it (lazy_tensorflow.py)"
    assert quick[1] == reader[1], (
        f"TensorFlow drew {quick[1]} in a page process and {reader[1]} in a reader's: the seed kept by "
        "lazy_tensorflow.py was not the last one given, or was not given when TensorFlow was imported"
    )
