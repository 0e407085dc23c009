"""The warm interpreters (scripts/verified_docs/quick_gc/warm_start.py): a program a page runs
starts from a fork of a process that has imported Keras on its engine. A program run warm must do
what it does started cold, and a program that could start otherwise must start cold."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from verified_docs import execute
from verified_docs.project import warm_start
from verified_docs.tiers import CI_TIER

pytestmark = pytest.mark.independent_of_pages  # its programs are its own

WS = warm_start()

# Prints what `python FILE` gives a program; imports Keras only when asked (a cold start of a
# program that does not is quick, and whether it started warm shows in its pid alone).
PROGRAM = '''"""A program a page could run."""
import os

os.environ["KERAS_BACKEND"] = "torch"
import sys

import numpy  # the first import a warm start could not run before Keras's

print("pid", os.getpid())
if "keras" in sys.argv:
    import keras

    print(keras.config.backend(), keras.ops.convert_to_numpy(keras.ops.ones((2,)) * 3).tolist())
    print(sys.argv, __name__, __file__, sys.path[0], os.getcwd(), os.environ.get("MINE"))
    print(os.environ["KERAS_HOME"], sorted(os.listdir(os.environ["KERAS_HOME"])))
    print(type(__loader__).__name__, __spec__, __builtins__ is __import__("builtins"))
if "fail" in sys.argv:
    {}["missing"]
if "interrupt" in sys.argv:
    raise KeyboardInterrupt
if "sleep" in sys.argv:
    sys.stdout.flush()
    import time

    time.sleep(60)
'''


@pytest.fixture(scope="module")
def warm(tmp_path_factory):
    folder = tmp_path_factory.mktemp("warm")
    servers = execute.share_interpreters(folder)
    yield folder
    execute.stop_interpreters(servers, folder)


def start(
    folder: Path | None, workdir: Path, *args: str, program: str = PROGRAM, script: str = "prog.py", **extra: str
) -> subprocess.Popen:
    """`python prog.py ARGS` as a page's shell cell starts it (warm if folder is given)."""
    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / "prog.py").write_text(program)
    env = execute.runner_env(CI_TIER, workdir)
    env.pop(WS.WARM, None)
    if folder:
        env[WS.WARM] = str(folder)
    env.update({"MINE": "1", "TERM": "xterm-color", **extra})  # every run the same, but where a test changes it
    return subprocess.Popen(
        [sys.executable, script, *args], cwd=workdir, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def run(folder, workdir, *args, **kw) -> tuple[subprocess.CompletedProcess, bool]:
    """The finished run, and whether it ran warm (in another process than the one started)."""
    proc = start(folder, workdir, *args, **kw)
    out, err = proc.communicate(timeout=120)
    pid = int(out.split()[1]) if out.startswith("pid ") else None
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err), pid not in (None, proc.pid)


def without_pid(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("pid "))


def log(folder: Path, engine: str = "torch") -> str:
    """A server's log, or (engine "cold") the programs the start-up code sent to none."""
    return (folder / f"{engine}.log").read_text()


def test_a_program_run_warm_does_what_it_does_cold(warm, tmp_path):
    work = tmp_path / "page"
    cold, was_warm = run(None, work, "keras", "fail")
    assert not was_warm
    for _ in range(2):  # the first asks the server to import Keras; the second is a plain fork
        hot, was_warm = run(warm, work, "keras", "fail")
        assert was_warm, f"the program did not run warm; the server's log:\n{log(warm)}"
        assert without_pid(hot.stdout) == without_pid(cold.stdout)
        assert hot.returncode == cold.returncode == 1
        # The traceback as Python prints it: the program's frames only.
        assert hot.stderr.splitlines()[-6:] == cold.stderr.splitlines()[-6:], hot.stderr
        assert "warm_start" not in hot.stderr
    assert f"warm: {work / 'prog.py'}" in log(warm)
    assert json.loads((work / ".keras" / "keras.json").read_text())["backend"] == "tensorflow"  # as Keras writes it
    # __file__ as Python makes it: the folder joined to the path given, not normalised
    dotted, was_warm = run(warm, work, "keras", script="./prog.py")
    assert was_warm and f"{work}/./prog.py" in dotted.stdout
    # An uncaught KeyboardInterrupt: Python prints it, then dies of SIGINT
    cold, _ = run(None, work, "interrupt")
    hot, was_warm = run(warm, work, "interrupt")
    assert was_warm and hot.returncode == cold.returncode == -signal.SIGINT


def test_a_program_that_could_start_otherwise_starts_cold(warm, tmp_path):
    run(warm, tmp_path / "first", "keras")  # the server imports Keras in this environment
    same, was_warm = run(warm, tmp_path / "same", "keras")
    assert was_warm, log(warm)
    # Its own KERAS_HOME, with keras.json written as Keras's import writes it
    assert f"{tmp_path / 'same' / '.keras'} ['keras.json']" in same.stdout
    # Another environment: another interpreter, which imports Keras in it, as that program would.
    _, was_warm = run(warm, tmp_path / "env", JAX_ENABLE_X64="1")
    assert was_warm and "note: another environment, for" in log(warm) and "JAX_ENABLE_X64='1'" in log(warm)
    # The kernel's and the shell's own variables differ from one program to the next: the same interpreter.
    notes = log(warm).count("note: another environment")
    _, was_warm = run(warm, tmp_path / "kernel", JPY_PARENT_PID="12345", SHLVL="7")
    assert was_warm and log(warm).count("note: another environment") == notes
    # Keras's own settings file says something else.
    (tmp_path / "json" / ".keras").mkdir(parents=True)
    (tmp_path / "json" / ".keras" / "keras.json").write_text(json.dumps({"floatx": "float64"}))
    _, was_warm = run(warm, tmp_path / "json")
    assert not was_warm and "keras.json differs" in log(warm)
    # The program changes its environment in a way the reading cannot follow: never sent.
    changes = PROGRAM.replace("import sys\n", 'import sys\nfor k in sorted(os.environ)[:1]:\n    os.environ[k] = "1"\n', 1)
    _, was_warm = run(warm, tmp_path / "loop", program=changes)
    assert not was_warm and "loop/prog.py: its environment or code before its imports cannot be read" in log(warm, "cold")
    # No engine named: cold.
    _, was_warm = run(warm, tmp_path / "engine", program=PROGRAM.replace('os.environ["KERAS_BACKEND"] = "torch"\n', ""))
    assert not was_warm and "engine/prog.py: KERAS_BACKEND=None" in log(warm, "cold")


def test_a_signal_reaches_the_program_and_its_death_ends_it(warm, tmp_path):
    run(warm, tmp_path / "first", "keras")
    proc = start(warm, tmp_path / "sleep", "sleep")
    pid = int(proc.stdout.readline().split()[1])
    assert pid != proc.pid
    proc.send_signal(signal.SIGTERM)  # passed on: the program dies of it, and so does its process
    assert proc.wait(timeout=30) == -signal.SIGTERM
    proc = start(warm, tmp_path / "sleep", "sleep")
    pid = int(proc.stdout.readline().split()[1])
    proc.kill()  # nothing to pass on: the server sees its process gone and kills the program
    proc.wait()
    for _ in range(100):
        if not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2]:
            break
        time.sleep(0.1)
    else:
        pytest.fail(f"the program {pid} outlived its killed process")


def test_a_module_of_the_programs_folder_that_changes_the_environment_is_not_followed(tmp_path):
    (tmp_path / "p.py").write_text('import os\nos.environ["KERAS_BACKEND"] = "jax"\nimport ayuda\nimport keras\n')
    (tmp_path / "ayuda.py").write_text("X = 1\n")
    assert WS.program_env(str(tmp_path / "p.py"), {})["KERAS_BACKEND"] == "jax"
    (tmp_path / "ayuda.py").write_text('import os\nos.environ["JAX_ENABLE_X64"] = "1"\n')
    assert WS.program_env(str(tmp_path / "p.py"), {}) is None


@pytest.mark.parametrize(
    ("lines", "env"),
    [
        ('os.environ["KERAS_BACKEND"] = "jax"', {"KERAS_BACKEND": "jax"}),
        ('os.environ.setdefault("KERAS_BACKEND", "jax")', {"KERAS_BACKEND": "torch"}),  # the environment's stays
        ('import numpy\nmine = dict(os.environ)\nmine["X"] = "1"', {"KERAS_BACKEND": "torch"}),  # a copy changes nothing
        ('print("before")\nimport keras', None),  # code before the first import: run warm, it would come after
        ('import keras\nos.environ["X"] = "1"', None),  # after an import: not followed
        ('def f():\n    os.environ["X"] = "1"', None),
        ('os.environ.update(X="1")', None),
        ('os.putenv("X", "1")', None),
        ('del os.environ["HOME"]', None),
        ('os.environ["X"] = str(1)', None),
        # A loop over literal names, as the pages' standalone programs set their thread variables
        ('for v in ("A", "KERAS_BACKEND"):\n    os.environ.setdefault(v, "1")', {"A": "1", "KERAS_BACKEND": "torch"}),
        ('for v in ["A", "B"]:\n    os.environ[v] = "2"', {"A": "2", "B": "2"}),
        ('for v in ("A", "B"):\n    os.environ[v] = "2"\n    print(v)', None),  # anything else in the loop
        ('for v in ("A", "B"):\n    os.environ["A"] = v', None),  # a key that is not the loop's name
        ('for v in ("A", "B"):\n    os.environ[v] = str(2)', None),  # a value that is not literal
        # in order: a setdefault after a write of the same key does nothing, a write after it wins
        ('os.environ["A"] = "1"\nfor v in ("A",):\n    os.environ.setdefault(v, "2")', {"A": "1"}),
        ('os.environ.setdefault("A", "1")\nos.environ.setdefault("A", "2")', {"A": "1"}),
        ('os.environ.setdefault("A", "1")\nos.environ["A"] = "2"', {"A": "2"}),
        ('for v in ("A", "B"):\n    os.environ[v] = "2"\nelse:\n    os.environ["C"] = "3"', None),
        ('for v in names:\n    os.environ[v] = "2"', None),  # names that are not literal
    ],
)
def test_the_environment_a_program_imports_with(tmp_path, lines, env):
    path = tmp_path / "p.py"
    path.write_text(f'"""doc"""\nimport os\n{lines}\n')
    got = WS.program_env(str(path), {"KERAS_BACKEND": "torch"})
    assert (got if got is None else {k: got[k] for k in env}) == env


def test_a_run_that_records_starts_no_program_warm(tmp_path, monkeypatch):
    """A recording's processes start as a reader's (execute.runner_env drops the variable)."""
    monkeypatch.setenv(WS.WARM, str(tmp_path))
    assert WS.WARM not in execute.runner_env(CI_TIER, tmp_path, quick_gc=False)
    assert execute.runner_env(CI_TIER, tmp_path)[WS.WARM] == str(tmp_path)
