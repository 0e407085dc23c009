"""Start-up code for every Python process a page run starts in the suite (its folder is first on
PYTHONPATH: verified_docs.execute.runner_env), then the next sitecustomize on the path (the offline
layer, offline/sitecustomize.py, where the tier is offline), then, offline, lazy_tensorflow.py
(TensorFlow imported by a torch or JAX process only when the program uses it: see that file).

Python's cyclic garbage collector, tuned for the pages' short programs, which import three large
libraries and exit. With the default thresholds it walks the ever-growing heap of imported modules
again and again while they load, and once more at exit; here that was about a third of `import
keras` with the torch backend (2.5 s instead of 3.9 s, start to exit) and a quarter of the
saving-serving page's run (58 s instead of 76 s, alone). The collector still runs, less often.

What can differ from a reader's run, and why the suite still sees what a reader sees:
- When a cycle is collected: a `__del__` or weakref callback runs later, a WeakValueDictionary
  keeps an entry longer, the peak memory is higher. No output the suite compares shows these (the
  ROCm page's peak-VRAM line is printed on a GPU only: the gpu tier compares nothing, and the bench
  does not load this file).
- At exit, what is still alive is frozen (gc.freeze, after the atexit handlers registered after
  it), so an object left in a reference cycle is not finalized: its `__del__` does not run, and a
  file only that cycle holds is not flushed. Python never promised either
  (https://docs.python.org/3/reference/datamodel.html#object.__del__: "It is not guaranteed that
  __del__() methods are called for objects that still exist when the interpreter exits"). Objects
  freed by their reference count, the standard streams and atexit handlers are as before.
A recording (`--record-outputs`) runs the page's processes with Python's own collector, as a
reader's, so a program that prints or writes more that way than under this file fails the suite's
next run, with the diff. The bench never loads this file either: its timings are a reader's. The
pytest process tunes its own collector with tune() (verified_docs.pytest_plugin).
"""

import atexit
import gc
import importlib.util
import os
import sys
from pathlib import Path

THRESHOLDS = (10_000, 10, 100)  # Python's are (700, 10, 10): 10 000 allocations before a young collection


def tune() -> None:
    """This process's collector, as every page process has it (the pytest process calls it too)."""
    gc.set_threshold(*THRESHOLDS)
    atexit.register(gc.freeze)  # atexit runs handlers last-registered first: in a page process, this one last


def run_next_sitecustomize() -> None:
    """Runs the first sitecustomize.py on sys.path after this file's folder (another copy of this
    file there runs its own next one, so the chain always ends)."""
    here = Path(__file__).parent.resolve()  # the folder on sys.path, even if this file is a symlink
    folders = [Path(entry).resolve() for entry in sys.path if entry]
    for folder in folders[folders.index(here) + 1 :] if here in folders else folders:
        candidate = folder / "sitecustomize.py"
        if candidate.is_file():
            spec = importlib.util.spec_from_file_location("sitecustomize", candidate)
            module = importlib.util.module_from_spec(spec)
            # This module replaces itself in sys.modules, so `import sitecustomize` (the bench's
            # observer does it) gets the offline layer's: CPython's import returns sys.modules' entry
            # after running a module (https://docs.python.org/3/reference/import.html#loading).
            sys.modules["sitecustomize"] = module
            spec.loader.exec_module(module)
            return


def load_beside(name: str):
    """A module of this file's real folder (this file may be a symlink, or a copy earlier on the
    path), loaded once per process whichever copy asks first."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, Path(__file__).resolve().parent / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


if __name__ == "sitecustomize":  # Python's start-up; verified_docs.project.quick_gc() loads it under another name
    tune()
    run_next_sitecustomize()
    # TensorFlow only when a program uses it (lazy_tensorflow.py, beside this file), through the
    # offline layer's import hook: offline runs only (an online run has no hook to hand it to).
    if hasattr(sys.modules.get("sitecustomize"), "after_import"):
        load_beside("lazy_tensorflow").install(sys.modules["sitecustomize"].after_import)
    # Keras already imported: a program the session's warm interpreter of its engine can run the
    # same as a new one does is run by a fork of it (warm_start.py, beside this file).
    if "VERIFIED_DOCS_WARM" in os.environ:
        load_beside("warm_start").forward()
