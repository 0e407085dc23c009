"""TensorFlow imported by a torch or JAX page process only when the program uses it.

Keras 3.15.1 imports TensorFlow, when it is installed, from code that does not need it on the
other engines: `keras.utils.set_random_seed` seeds it (keras/src/utils/rng_utils.py: `if
tf.available: tf.random.set_seed(seed)`) and serializing a model (`get_config`, `save`) asks whether
an object is a TensorFlow shape, dtype or type spec (keras/src/saving/serialization_lib.py:
`tf.available and isinstance(...)`); `available` imports TensorFlow to answer. Here that import is
about 5 s of CPU, in 36 of the 50 torch and JAX processes of the pages' runs (measured 2026-12-07).
In the suite's page processes (loaded by sitecustomize.py beside this file, never in a recording
nor in the bench), those two modules ask instead whether TensorFlow is already imported:
- an object cannot be a TensorFlow shape, dtype or type spec while TensorFlow is not imported, so
  serialization answers the same;
- the seed a program gives TensorFlow is kept and given to it right after something imports it
  (its global seed then holds before its first operation, as in a reader's run, where nothing
  used TensorFlow between the seed and that point either).
The recordings are made without this file, so a program whose output it changed fails the next
run of the suite, with the diff, as for the collector.
"""

from __future__ import annotations

import functools
import sys

WHERE_KERAS_ASKS = ("keras.src.utils.rng_utils", "keras.src.saving.serialization_lib")
_pending: dict[str, int] = {}  # the last seed a program set before TensorFlow was imported
_installed = False


class TensorFlowIfImported:
    """Keras's lazy `tensorflow` module, except that `available` is only true once TensorFlow has
    been imported by something else; every other attribute is the lazy module's (and imports it)."""

    def __init__(self, lazy):
        self._lazy = lazy

    @property
    def available(self) -> bool:
        return "tensorflow" in sys.modules and self._lazy.available

    def __getattr__(self, name):
        return getattr(self._lazy, name)


def _ask_if_imported(module) -> None:
    module.tf = TensorFlowIfImported(module.tf)
    if module.__name__ == "keras.src.utils.rng_utils":
        seed_all = module.set_random_seed

        @functools.wraps(seed_all)
        def set_random_seed(seed):
            seed_all(seed)
            if "tensorflow" not in sys.modules:
                _pending["seed"] = seed

        module.set_random_seed = set_random_seed


def _seed_on_import(tensorflow) -> None:
    if "seed" in _pending:
        tensorflow.random.set_seed(_pending.pop("seed"))


def install(after_import) -> None:
    """after_import: the offline layer's one import hook (offline/sitecustomize.py). Once per process,
    however many copies of quick_gc's sitecustomize.py the path chains."""
    global _installed
    if _installed:
        return
    _installed = True
    for name in WHERE_KERAS_ASKS:
        after_import(name, _ask_if_imported)
    after_import("tensorflow", _seed_on_import)
