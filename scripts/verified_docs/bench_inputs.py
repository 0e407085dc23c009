"""What the bench measures, and the hash of everything its figures depend on.

The measured programs are the pages' own snippet files (PROGRAMS, with the modules they import,
PROGRAM_MODULES). inputs_hash() covers what the timings depend on and nothing else:
- the measured programs and the lesson's data cells, in every language (measured_files()), and the
  bench's own tools (TOOLS), each as its Python syntax tree without comments, docstrings or the
  text of print() calls: editing a comment or a printed label changes no timing, editing a
  literal, a call or an operator does;
- the pins of the packages that do the arithmetic (MEASURED_PACKAGES in constraints.txt).
Other cells of the same pages and the prose are not inputs. The machine is provenance, not an
input: a record from another machine is shown as that machine's, never as stale.
"""

from __future__ import annotations

import ast
import hashlib
from pathlib import Path

from verified_docs.project import ROOT

# The measured programs: the snippet that runs (the Spanish one, the site's first language) and
# the file name the page tells the reader to save it as.
PROGRAMS = {
    "mobilenet": ("snippets/rocm/es/15_entrenar_keras.py", "entrenar_keras.py"),
    "har": ("snippets/lesson-5-6-1/es/11_har_keras.py", "har_keras.py"),
    "feeding": ("snippets/feeding-data/es/02_rejilla.py", "rejilla.py"),
    "smoke": ("snippets/rocm/es/09_probar_rocm.py", "probar_rocm.py"),
}
# Modules a program imports, saved beside it under the name the page gives them.
PROGRAM_MODULES = {
    "feeding": [("snippets/feeding-data/es/01_datos.py", "datos.py")],
    "har": [("snippets/lesson-5-6-1/es/06c_qlike.py", "qlike.py")],
}
# The input kinds of the feeding grid, each known by a class in the MRO of what fit receives; the
# first kind that matches wins, so the tuned tf.data (`.cache().prefetch(...)`, a _PrefetchDataset
# outermost) comes before plain tf.data, whose DatasetV2 is in every dataset's MRO.
FEEDING_INPUTS = {
    "numpy": "numpy.ndarray",
    "pandas": "pandas.DataFrame",
    "tf_data_cache": "tensorflow._PrefetchDataset",
    "tf_data": "tensorflow.DatasetV2",
    "dataloader": "torch.DataLoader",
    "pydataset": "keras.PyDataset",
    "generator": "builtins.generator",
}
# The lesson's cells that write har.npz, in page order (one namespace, like the notebook).
HAR_DATA_CELLS = [
    "snippets/lesson-5-6-1/es/03_configurar.py",
    "snippets/lesson-5-6-1/es/05_sharpe.py",
    "snippets/lesson-5-6-1/es/06_har_ols.py",
    "snippets/lesson-5-6-1/es/10_guardar_datos.py",
]
# Not snippets, but the figures depend on them: the bench modules that decide what runs and how (this
# list, the runner, the child and its observer), the start-up code of every child (network guard,
# fixture substitution, the import hook the observer uses), the stand-in and panel generators.
TOOLS = [
    "scripts/verified_docs/bench_inputs.py",
    "scripts/verified_docs/bench.py",
    "scripts/verified_docs/bench_child.py",
    "scripts/verified_docs/offline/sitecustomize.py",
    "scripts/make_fixtures.py",
    "scripts/make_vol5.py",
]
# Engine modules the bench imports that are not inputs, and why: reading, checking and describing a
# record changes no timing; project holds paths and the backend list (a changed list changes the
# record's keys, which its schema catches). A test holds every other module the bench imports to TOOLS.
NOT_INPUTS = {
    "scripts/verified_docs/bench_record.py": "reads and checks records",
    "scripts/verified_docs/bench_provenance.py": "describes the machine and versions",
    "scripts/verified_docs/project.py": "paths and the backend list",
}
# The packages that do the arithmetic: their pins are inputs, and the record carries their versions.
MEASURED_PACKAGES = ("keras", "torch", "jax", "jaxlib", "tensorflow", "tensorflow-datasets", "numpy", "pandas")
PINS = "constraints.txt"


def twins(rel: str, root: Path = ROOT) -> list[str]:
    """A snippet in every language: snippets/<page>/<lang>/NN_name.ext -> every <lang>/NN_*.ext."""
    path = root / rel
    number = path.name.split("_", 1)[0]
    found = sorted(p.relative_to(root).as_posix() for p in path.parents[1].glob(f"*/{number}_*{path.suffix}"))
    if rel not in found or len(found) < 2:
        raise FileNotFoundError(f"{rel}: expected it and its translation under {path.parents[1]}, found {found}")
    return found


def measured_files(root: Path = ROOT) -> list[str]:
    """Every file the figures depend on: the programs and the lesson's data cells in all languages,
    and the tools."""
    modules = [rel for pairs in PROGRAM_MODULES.values() for rel, _ in pairs]
    snippets = [rel for rel, _ in PROGRAMS.values()] + modules + HAR_DATA_CELLS
    return sorted({twin for rel in snippets for twin in twins(rel, root)} | set(TOOLS))


class _Unprinted(ast.NodeTransformer):
    """Blanks what only shows up as text: docstrings, and the strings inside print() calls."""

    def generic_visit(self, node):
        body = getattr(node, "body", None)
        if (
            isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            body[0] = ast.Pass()
        return super().generic_visit(node)

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "print":
            for part in node.args + [k.value for k in node.keywords]:
                for inner in ast.walk(part):
                    if isinstance(inner, ast.JoinedStr):  # an f-string keeps only what it formats
                        inner.values = [v for v in inner.values if not isinstance(v, ast.Constant)]
                    elif isinstance(inner, ast.Constant) and isinstance(inner.value, str):
                        inner.value = ""
        return node


def measured_form(path: Path) -> bytes:
    """What a file contributes to inputs_hash(): a Python file's syntax tree without comments,
    docstrings and printed text; any other file, its bytes."""
    if path.suffix != ".py":
        return path.read_bytes()
    tree = _Unprinted().visit(ast.parse(path.read_bytes(), filename=str(path)))
    return ast.dump(tree).encode()


def pinned_versions(root: Path = ROOT) -> list[str]:
    """The lines of constraints.txt that pin MEASURED_PACKAGES; a missing pin is an error."""
    lines = (root / PINS).read_text().splitlines()
    pins = [line for line in lines if line.split("==")[0].strip().lower() in MEASURED_PACKAGES]
    missing = set(MEASURED_PACKAGES) - {line.split("==")[0].strip().lower() for line in pins}
    if missing:
        raise ValueError(f"{PINS} pins none of {sorted(missing)}: the bench's inputs_hash needs every measured package pinned")
    return pins


def inputs_hash(root: Path = ROOT) -> str:
    """The hash a record is measured with; see the module's docstring for what it covers."""
    digest = hashlib.sha256()
    for rel in measured_files(root):
        digest.update(rel.encode() + b"\0" + measured_form(root / rel) + b"\0")
    digest.update("\n".join(pinned_versions(root)).encode())
    return digest.hexdigest()[:16]
