"""Start-up code for every Python process a page run starts in the suite (its folder is first on
PYTHONPATH: verified_docs.execute.runner_env), then the next sitecustomize on the path (the offline
layer, offline/sitecustomize.py, where the tier is offline).

Python's cyclic garbage collector, tuned for the pages' short programs, which import three large
libraries and exit. With the default thresholds it walks the ever-growing heap of imported modules
again and again while they load, and once more at exit; here that was about a third of `import
keras` with the torch backend (2.5 s instead of 3.9 s, start to exit) and a quarter of the
saving-serving page's run (58 s instead of 76 s, alone). The collector still runs, less often, and
nothing a program computes or prints depends on when it does.

The one behaviour that differs: what is still alive when the program exits is frozen (gc.freeze,
after every other atexit handler), so an object left in a reference cycle at exit is not finalized.
Python never promised that (https://docs.python.org/3/reference/datamodel.html#object.__del__: "It is
not guaranteed that __del__() methods are called for objects that still exist when the interpreter
exits"), and files, logs and atexit handlers are flushed and run as before.

The pytest process tunes its own collector the same way (verified_docs.pytest_plugin calls tune()).
Two runs do not load this file, and have Python's default collector, as a reader's run has: the
bench (its timings are a reader's) and a recording (`--record-outputs`), so that a line a reader's
run prints at exit is in the recording, and the suite's runs, which would lack it, go red.
"""

import atexit
import gc
import importlib.util
import sys
from pathlib import Path

THRESHOLDS = (10_000, 10, 100)  # Python's are (700, 10, 10): 10 000 allocations before a young collection


def tune() -> None:
    """This process's collector, as every page process has it (the pytest process calls it too)."""
    gc.set_threshold(*THRESHOLDS)
    atexit.register(gc.freeze)  # registered first, so it runs last


def run_next_sitecustomize() -> None:
    here = Path(__file__).resolve().parent
    for entry in sys.path:
        candidate = Path(entry or ".").resolve() / "sitecustomize.py"
        if candidate.parent != here and candidate.is_file():
            spec = importlib.util.spec_from_file_location("sitecustomize", candidate)
            module = importlib.util.module_from_spec(spec)
            sys.modules["sitecustomize"] = module  # `import sitecustomize` finds the offline layer's hook
            spec.loader.exec_module(module)
            return


if __name__ == "sitecustomize":  # Python's start-up, not verified_docs.quick_gc_tuning
    tune()
    run_next_sitecustomize()
