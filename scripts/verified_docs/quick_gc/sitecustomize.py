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

The bench does not load this file: its timings are a reader's, with Python's default collector.
"""

import atexit
import gc
import importlib.util
import sys
from pathlib import Path

THRESHOLDS = (10_000, 10, 100)  # Python's are (700, 10, 10): 10 000 allocations before a young collection

gc.set_threshold(*THRESHOLDS)
atexit.register(gc.freeze)  # registered first, so it runs last

_here = Path(__file__).resolve().parent
for _entry in sys.path:
    _next = Path(_entry or ".").resolve() / "sitecustomize.py"
    if _next.parent != _here and _next.is_file():
        _spec = importlib.util.spec_from_file_location("sitecustomize", _next)
        _module = importlib.util.module_from_spec(_spec)
        sys.modules["sitecustomize"] = _module  # `import sitecustomize` finds the offline layer's hook
        _spec.loader.exec_module(_module)
        break
