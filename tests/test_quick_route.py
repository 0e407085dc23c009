"""The ROCm guide's quick route repeats, command for command, what its steps show: every command
of the route block is a command of another block on the same page, so a step cannot change (a
version, a flag, a file name) without the route going red, naming the command."""

from __future__ import annotations

import re

import pytest

from verified_docs.pages import Page, load_page
from verified_docs.project import DOCS

# The quick route's snippet on each page that has one (rocm.<lang>.md).
ROUTES = {"rocm.es": "00a_ruta_rapida.sh", "rocm.en": "00a_quick_route.sh"}
TRAILING_COMMENT = re.compile(r"\s+#\s.*$")


def commands(code: str) -> list[str]:
    """Logical command lines: continuations joined, comments and blank lines dropped, spaces
    collapsed (a heredoc's body lines count as lines of their own)."""
    joined = re.sub(r"\\\n\s*", " ", code)
    out = []
    for line in joined.splitlines():
        line = TRAILING_COMMENT.sub("", line).strip()
        if line and not line.startswith("#"):
            out.append(" ".join(line.split()))
    return out


def missing_from_steps(page: Page, route_name: str, route_code: str | None = None) -> list[str]:
    """The route's commands no other block of the page holds (route_code: the route as edited)."""
    [route] = [b for b in page.blocks if b.snippet.name == route_name]
    steps = {c for b in page.blocks if b is not route for c in commands(b.code)}
    return [c for c in commands(route.code if route_code is None else route_code) if c not in steps]


@pytest.mark.parametrize("page_id", sorted(ROUTES))
def test_every_quick_route_command_is_a_steps_command(page_id):
    page = load_page(DOCS / f"{page_id}.md")
    missing = missing_from_steps(page, ROUTES[page_id])
    assert not missing, (
        f"docs/{page_id}.md: the quick route ({ROUTES[page_id]}) has commands that no step shows; "
        "change the route and the step together:\n" + "\n".join(missing)
    )


def test_a_route_command_that_drifts_is_named():
    page = load_page(DOCS / "rocm.es.md")
    [route] = [b for b in page.blocks if b.snippet.name == ROUTES["rocm.es"]]
    assert missing_from_steps(page, ROUTES["rocm.es"], route.code.replace("rocm6.4", "rocm6.3")) == [
        '.venv/bin/python -m pip install "torch==2.9.1" --index-url https://download.pytorch.org/whl/rocm6.3'
    ]
