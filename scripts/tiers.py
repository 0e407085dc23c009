"""The verification tiers: the one place that knows them.

Every code block on a page carries exactly one tier marker, written as a pytest-codeblocks mark
comment on the line before the fence, e.g. ``<!--pytest.mark.run-->``. The test harness
(tests/pages.py) decides what to do with a block from its tier; the MkDocs hook
(scripts/hooks/tier_badges.py) shows the same tier to the reader as a badge.
"""

TIERS = {
    "run": {
        "es": ("ejecutado en CI", "La CI ejecuta este bloque en CPU y compara su salida con la mostrada."),
        "en": ("run in CI", "CI runs this block on a CPU and compares its output with the one shown."),
    },
    "gpu": {
        "es": ("GPU", "Se ejecuta solo donde hay una GPU visible (make test-gpu); en CPU se omite y se dice por qué."),
        "en": ("GPU", "Runs only where a GPU is visible (make test-gpu); on a CPU it is skipped with the reason."),
    },
    "resolve": {
        "es": ("resuelto", "La CI resuelve esta instalación con pip install --dry-run, sin instalar nada."),
        "en": ("resolved", "CI resolves this install line with pip install --dry-run, installing nothing."),
    },
    "lint": {
        "es": ("sintaxis", "Necesita hardware, root o red que la CI no tiene: solo se comprueba su sintaxis."),
        "en": ("syntax", "Needs hardware, root or a network CI lacks: only its syntax is checked."),
    },
    "network": {
        "es": ("red", "Descarga datos: solo se ejecuta con make test-online."),
        "en": ("network", "Downloads data: it runs only with make test-online."),
    },
}

import re

# Fences that are not code for the reader to run (diagrams); they need no tier.
NOT_CODE = {"mermaid"}

# Fences that are shell commands: the page runner runs them with bash, the notebooks make them
# %%bash cells, and the browser suite checks that their copy button copies no prompt.
SHELL = {"bash", "sh"}

# The mark itself, as pytest-codeblocks hands it over (`pytest.mark.run(volatile=...)`); the
# harness and the badge hook both parse it with this pattern, so they cannot disagree.
MARK = r"pytest\.mark\.(?P<tier>\w+)(?:\((?P<args>.*)\))?"
# The mark as a line of the page's Markdown (the badge and notebook hooks read pages this way).
MARK_LINE = re.compile(rf"^(?P<indent>[ \t]*)<!--\s*{MARK}\s*-->[ \t]*$", re.M)
