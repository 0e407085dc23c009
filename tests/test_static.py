"""The offline static check of blocks CI does not execute (gpu, network, lint): what breaks in them
is reported with page, language, line and snippet file, and what is sound passes."""

from __future__ import annotations

import re

import pytest

from verified_docs.pages import read
from verified_docs.project import snippet_options
from verified_docs.static import page_problems


def page_of(tmp_path, blocks: list[tuple[str, str, str]], title: str | None = None):
    """A page of (tier, file name, code) blocks, written under tmp_path/t/es/."""
    (tmp_path / "t/es").mkdir(parents=True, exist_ok=True)
    text = ["# Title", ""]
    for tier, name, code in blocks:
        (tmp_path / "t/es" / name).write_text(code)
        syntax = "python" if name.endswith(".py") else "bash"
        info = f'{syntax} title="{title}"' if title and name.endswith(".py") and tier != "run" else syntax
        text += [f"<!--pytest.mark.{tier}-->", f"```{info}", f'--8<-- "t/es/{name}"', "```", ""]
    options = dict(snippet_options()) | {"base_path": [str(tmp_path)]}
    return read("\n".join(text), tmp_path / "page.es.md", options=options)


def problem_of(page, index=-1):
    return page_problems(page)[page.blocks[index].lineno]


def test_a_gpu_cell_sees_the_names_of_earlier_cells(tmp_path):
    page = page_of(
        tmp_path,
        [
            ("run", "01_a.py", "import math\nradius = 2.0\n"),
            ("gpu", "02_b.py", "import torch\nprint(torch.cuda.is_available(), math.pi * radius)\n"),
        ],
    )
    assert problem_of(page) is None


@pytest.mark.parametrize(
    "code, message",
    [
        ("print(radius_typo)\n", r"page\.es\.md \[es\], block at line 4 \(.*02_b\.py\), line 1: undefined name 'radius_typo'"),
        ("def f(:\n", r"syntax error: .*02_b\.py\), line 1: invalid syntax"),
        ("import kears\n", r"line 1: `import kears`: no module named 'kears' in the pinned environment"),
        ("import torch\ntorch.cuda.is_availble()\n", r"line 2: `torch.cuda.is_availble`: torch.cuda.is_availble does not exist"),
        ("from keras import layres\n", r"`from keras import layres`: keras.layres does not exist"),
        ("nonlocal radius\n", r"line 1: nonlocal declaration not allowed at module level"),  # compiled, not only parsed
        ("from math import *\nprint(tau_typo)\n", r"line 2: 'tau_typo' may be undefined, or defined from star imports"),
    ],
)
def test_a_broken_gpu_cell_is_named(tmp_path, code, message):
    page = page_of(tmp_path, [("gpu", "02_b.py", code)])
    assert problem_of(page) is not None

    assert re.search(message, problem_of(page)), problem_of(page)


def test_a_saved_file_is_its_own_module(tmp_path):
    """A name defined in a notebook cell does not exist in a file the reader saves and runs."""
    page = page_of(tmp_path, [("run", "01_a.py", "radius = 2.0\n"), ("gpu", "02_b.py", "print(radius)\n")], title="b.py")
    assert "undefined name 'radius'" in problem_of(page)


@pytest.mark.parametrize(
    "code, message",
    [
        ('python -c "import torch; print(torch.cuda.is_available())"\n', None),
        ('python -c "import torhc"\n', "no module named 'torhc'"),
        ("python - <<'EOF'\nimport torch\nprint(torch.versoin.hip)\nEOF\n", "line 3: `torch.versoin.hip`"),
        ("python probar.py\n", "runs probar.py, which this page never asks the reader to save"),
        ("cd /tmp && python probar.py; echo done\n", "runs probar.py, which this page never asks the reader to save"),
        ('python -u -W ignore -c "import torhc"\n', "no module named 'torhc'"),
        ('python -c "\nimport torch\nprint(torch.cuda.is_availble())\n"\n', "`torch.cuda.is_availble`"),
        ("python -X dev - <<'EOF'\nimport torhc\nEOF\n", "line 2: `import torhc`"),
        ("python -m pipp install x\n", "`python -m pipp`: no module named 'pipp'"),
        ("if then fi\n", "bash -n says"),
        ('echo "$undefined_var"\n', "SC2154"),
        ("python3.11 -m venv .venv\nsource .venv/bin/activate\n", None),  # SC1091: a file on the reader's machine
        ('source .venv/bin/activate\necho "$undefined_var"\n', "SC2154"),  # only that one is let through
    ],
)
def test_a_shell_block_and_the_python_it_embeds(tmp_path, code, message):
    page = page_of(tmp_path, [("network", "03_c.sh", code)])
    problem = problem_of(page)
    if message is None:
        assert problem is None, problem
    else:
        assert problem is not None and message in problem, problem


def test_a_script_the_page_saves_may_be_run(tmp_path):
    page = page_of(tmp_path, [("gpu", "01_a.py", "print(1)\n"), ("gpu", "02_b.sh", ".venv/bin/python a.py\n")], title="a.py")
    assert problem_of(page) is None


def test_two_threads_never_parse_python_at_once_in_the_suites_process():
    """verified_docs.pytest_plugin.one_ast_parse_at_a_time: Python 3.11's ast.parse is not safe in two
    threads at once (python/cpython#106905), and the static checks parse on a pool beside the tests."""
    import ast
    import threading

    inside, release = threading.Event(), threading.Event()

    class HoldsTheParse:  # compile() reads a path-like filename through __fspath__, inside ast.parse
        def __fspath__(self):
            inside.set()
            release.wait(10)
            return "held.py"

    first = threading.Thread(target=ast.parse, args=("a = 1",), kwargs={"filename": HoldsTheParse()})
    second = threading.Thread(target=ast.parse, args=("b = 2",))
    first.start()
    assert inside.wait(10)
    second.start()
    second.join(0.5)
    overlapped = not second.is_alive()
    release.set()
    first.join(10)
    second.join(10)
    assert not overlapped, "a second thread's ast.parse ran while the first was inside its own (no lock around ast.parse)"
