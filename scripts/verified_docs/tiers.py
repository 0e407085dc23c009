"""The verification tiers: the one table that says how each kind of block is checked and shown.

Every code block on a page carries exactly one tier, written as a pytest-codeblocks style mark on
the line before its fence, e.g. ``<!--pytest.mark.run-->`` or ``<!--pytest.mark.resolve(python="3.13")-->``.
Everything else reads this table: the page reader validates marks and options against it, the
pytest plugin registers its markers and decides what to run, the notebooks decide what becomes a
cell, the mutation check decides how to break a block, and the build shows the badge (whose colour
is `.tier--<name>` in docs/assets/site.css). Adding a tier touches this file and the stylesheet.

How a tier is checked (`check`):
- "execute": the block runs as a cell of the page's notebook, in a kernel, in page order;
  `requires` says what must be present for that ("gpu": a visible GPU, "online": --online);
  without it the block is skipped with that reason. `compare` says whether its printed output is
  compared with a recording.
- "resolve": the install line is resolved without installing anything: pip's with --dry-run under
  the Python the page states, apt's with apt-get --simulate against this machine's archive.
- "syntax": never executed.
Every block that CI does not execute (check "syntax", or "execute" with a `requires`) also gets
the offline static check (static.py): syntax, undefined names in its page's namespace, imports
and dotted names resolved against the pinned environment, bash -n and shellcheck.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


def _regex(value) -> str | None:
    try:
        re.compile(value)
    except (re.error, TypeError) as exc:
        return f"a regular expression that compiles ({exc})"
    return None


# What each mark option must be: None when the value is fine, else what it should be.
OPTION_CHECKS = {
    "volatile": _regex,
    # one version, or several separated by spaces: the line is resolved under each
    "python": lambda v: (
        None
        if isinstance(v, str) and re.fullmatch(r"\d+\.\d+( \d+\.\d+)*", v)
        else 'a version string such as "3.13" or "3.12 3.13"'
    ),
    "figure": lambda v: (
        None
        if isinstance(v, str) and re.fullmatch(r"assets/[\w./-]+\.(svg|png)", v)
        else 'a path under docs/ such as "assets/figures/x.svg"'
    ),
}


@dataclass(frozen=True)
class Tier:
    name: str
    check: str  # "execute", "resolve" or "syntax" (see above)
    requires: str | None  # for "execute": None (always, offline), "gpu" or "online"
    compare: bool  # printed output compared with its recording
    notebook: str  # "cell" (runs), "skipped-cell" (tagged skip-execution), "text" (terminal step)
    mutation: str  # how `make mutation` breaks it: "failing-statement" (run it), "bad-requirement" (resolve
    # it), "static" (syntax error, undefined name, bad import: the offline static check's mistakes;
    # which blocks get that check is static.not_executed, derived from `check` and `requires`)
    options: frozenset = field(default_factory=frozenset)  # what the mark may take: run(volatile=...)
    marker_help: str = ""
    badge: dict = field(default_factory=dict)  # language -> (short label, tooltip)

    def __post_init__(self):
        # A typo in a field would otherwise make a tier silently behave as no tier does.
        for name, allowed in FIELD_VALUES.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"tier {self.name!r}: {name}={getattr(self, name)!r} is not one of {sorted(allowed, key=str)}")
        if self.requires is not None and self.check != "execute":
            raise ValueError(f"tier {self.name!r}: requires={self.requires!r} applies only to check='execute'")
        if unknown := set(self.options) - set(OPTION_CHECKS):
            raise ValueError(f"tier {self.name!r}: options {sorted(unknown)} have no check in OPTION_CHECKS")


# The values each of a Tier's fields may take (see the Tier's comments and the module's docstring).
FIELD_VALUES = {
    "check": {"execute", "resolve", "syntax"},
    "requires": {None, "gpu", "online"},
    "compare": {True, False},
    "notebook": {"cell", "skipped-cell", "text"},
    "mutation": {"failing-statement", "bad-requirement", "static"},
}


TIERS: dict[str, Tier] = {
    t.name: t
    for t in (
        Tier(
            "run",
            "execute",
            None,
            compare=True,
            notebook="cell",
            mutation="failing-statement",
            options=frozenset({"volatile", "figure"}),
            marker_help="executed on the CPU in CI, output compared with its recording",
            badge={
                "es": ("ejecutado en CI", "La CI ejecuta este bloque en CPU y compara su salida con la mostrada."),
                "en": ("run in CI", "CI runs this block on a CPU and compares its output with the one shown."),
            },
        ),
        Tier(
            "gpu",
            "execute",
            "gpu",
            compare=False,
            notebook="skipped-cell",
            mutation="static",
            marker_help="executed only where a GPU is visible (make test-gpu)",
            badge={
                "es": (
                    "GPU",
                    "Se ejecuta solo donde hay una GPU visible (make test-gpu); sin GPU, la CI comprueba su sintaxis, sus nombres y sus imports.",
                ),
                "en": (
                    "GPU",
                    "Runs only where a GPU is visible (make test-gpu); without one, CI checks its syntax, names and imports.",
                ),
            },
        ),
        Tier(
            "resolve",
            "resolve",
            None,
            compare=False,
            notebook="text",
            mutation="bad-requirement",
            options=frozenset({"python"}),
            marker_help="the install line is resolved (pip install --dry-run; apt-get install --simulate)",
            badge={
                "es": (
                    "resuelto",
                    "La CI resuelve esta instalación sin instalar nada: pip install --dry-run para los paquetes de Python; apt-get install --simulate, contra el archivo de Debian de la CI, para los del sistema.",
                ),
                "en": (
                    "resolved",
                    "CI resolves this install line, installing nothing: pip install --dry-run for Python packages; apt-get install --simulate, against CI's Debian archive, for system packages.",
                ),
            },
        ),
        Tier(
            "lint",
            "syntax",
            None,
            compare=False,
            notebook="text",
            mutation="static",
            marker_help="never executed (needs hardware, root or a network we lack); checked offline (static.py)",
            badge={
                "es": (
                    "sintaxis",
                    "Necesita hardware, root o red que la CI no tiene: no se ejecuta; se comprueban su sintaxis, sus nombres y sus imports.",
                ),
                "en": (
                    "syntax",
                    "Needs hardware, root or a network CI lacks: it is not run; its syntax, names and imports are checked.",
                ),
            },
        ),
        Tier(
            "network",
            "execute",
            "online",
            compare=False,
            notebook="skipped-cell",
            mutation="static",
            marker_help="executed only with --online",
            badge={
                "es": (
                    "red",
                    "Descarga datos: solo se ejecuta con make test-online; sin red, la CI comprueba su sintaxis, sus nombres y sus imports.",
                ),
                "en": (
                    "network",
                    "Downloads data: it runs only with make test-online; offline, CI checks its syntax, names and imports.",
                ),
            },
        ),
    )
}


# Fences that are not code for the reader to run (diagrams): prose to the reader, no tier.
NOT_CODE = {"mermaid"}

# Fences that are shell commands: run with bash (%%bash cells), and their copy button must copy
# no prompt (the browser suite).
SHELL = {"bash", "sh"}

# The mark as a line of a page: `<!--pytest.mark.run-->`, `<!--pytest.mark.run(volatile=r"…")-->`.
MARK_LINE = re.compile(r"^(?P<indent>[ \t]*)<!--\s*pytest\.mark\.(?P<tier>\w+)(?:\((?P<args>.*)\))?\s*-->[ \t]*$")
# The recorded output's mark, before the fence that includes it.
OUTPUT_LINE = re.compile(r"^[ \t]*<!--\s*pytest-codeblocks:expected-output\s*-->[ \t]*$")


# The tier CI executes on every run: its passing run is the page's stamp, and a page with blocks
# of this tier is offered as a notebook.
CI_TIER = next(t.name for t in TIERS.values() if t.check == "execute" and t.requires is None and t.compare)
