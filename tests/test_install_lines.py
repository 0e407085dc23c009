"""Install lines a reader pastes install what the site was tested with, and never CUDA PyTorch by accident.

The resolve tier proves a line resolves; it cannot prove that the line's pins are the versions
the pages were run with, and a line that uses PyTorch's own index (not reachable from CI) is
only syntax-checked. These checks hold both facts for every such line:
- a pin of a package the site installs (constraints.txt) names the same version, in every
  block that installs into the site's Python (resolve tier without another `python=`) or from
  PyTorch's CPU index; pages that reproduce another environment (the ROCm guide under the
  source's Python 3.13) state it with `python=` and keep their own pins;
- `torch` is only installed from one of PyTorch's own indexes: on Linux x86_64, PyPI's torch is
  the multi-GB CUDA build, which no page of this site asks for.
"""

from __future__ import annotations

import re

import pytest

from verified_docs import shell
from verified_docs.checks import PIP_INSTALL
from verified_docs.pages import readable_pages
from verified_docs.project import ROOT, rel
from verified_docs.tiers import SHELL

PAGES = readable_pages()
PIN = re.compile(r"^([A-Za-z0-9_.\-\[\]]+)==([^\s;]+)$")
PYTORCH_INDEX = "https://download.pytorch.org/whl/"
CPU_INDEX = PYTORCH_INDEX + "cpu"


def site_pins() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        m = PIN.match(line.strip())
        if m:
            pins[m[1].lower().replace("_", "-")] = m[2]
    return pins


def install_commands(code: str) -> list[list[str]]:
    """Each `pip install` command of a shell block, as words (read by the engine's shell reader)."""
    return [words for words in shell.command_words(code) if PIP_INSTALL.search(" ".join(words))]


INSTALL_BLOCKS = [
    pytest.param(b, id=f"{pg.id}:{b.lineno}") for pg in PAGES for b in pg.blocks if b.syntax in SHELL and install_commands(b.code)
]


def pinned(words: list[str]) -> dict[str, str]:
    return {m[1].lower().split("[")[0].replace("_", "-"): m[2] for w in words if (m := PIN.match(w))}


@pytest.mark.parametrize("block", INSTALL_BLOCKS)
def test_install_line_uses_the_sites_versions(block):
    site = site_pins()
    for words in install_commands(block.code):
        index = words[words.index("--index-url") + 1] if "--index-url" in words else None
        in_site_python = (block.tier == "resolve" and "python" not in block.options) or index == CPU_INDEX
        if not in_site_python:
            continue
        for name, version in pinned(words).items():
            if name in site:
                assert version == site[name].removesuffix("+cpu"), (
                    f"{block.where}: pins {name}=={version}, but the site runs {name}=={site[name]} "
                    "(constraints.txt): change the page's pin, or run `make lock` if the site moved"
                )


@pytest.mark.parametrize("block", INSTALL_BLOCKS)
def test_torch_comes_from_a_pytorch_index(block):
    for words in install_commands(block.code):
        if "torch" not in pinned(words) and "torch" not in words:
            continue
        index = words[words.index("--index-url") + 1] if "--index-url" in words else ""
        assert index.startswith(PYTORCH_INDEX), (
            f"{block.where}: installs torch from PyPI, which on Linux x86_64 is the multi-GB CUDA "
            f"build; add `--index-url {CPU_INDEX}` (or the ROCm index the page is about)"
        )


def test_the_install_checks_see_the_pages_install_lines():
    """The checks above are not vacuous: the pages' CPU-index torch lines are among them."""
    cpu_lines = [b for b in (p.values[0] for p in INSTALL_BLOCKS) if CPU_INDEX in b.code]
    assert len({rel(b.page) for b in cpu_lines}) >= 4, [rel(b.snippet) for b in cpu_lines]


def test_the_projects_own_install_takes_the_cpu_torch_where_it_can():
    """The project's own install follows the same rule: the Makefile hands TORCH_INDEX to pip, empty
    by default (this project's CI machines take the CPU wheel from their local store), and the
    GitHub workflow sets it to PyTorch's CPU index (an ordinary runner would get the CUDA build)."""
    import yaml

    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^TORCH_INDEX \?=\s*$", makefile, re.M), "the Makefile does not default TORCH_INDEX to empty"
    install = next(ln for ln in makefile.splitlines() if "pip install" in ln and "--group site" in ln)
    assert "$(if $(TORCH_INDEX),--extra-index-url $(TORCH_INDEX))" in install, (
        f"the Makefile's install line does not pass TORCH_INDEX to pip: {install.strip()}"
    )
    flow = yaml.safe_load((ROOT / ".github/workflows/docs.yml").read_text())
    assert flow.get("env", {}).get("TORCH_INDEX") == CPU_INDEX, (
        f"the workflow must set TORCH_INDEX: {CPU_INDEX} (its runners would otherwise install PyPI's CUDA torch)"
    )


@pytest.mark.independent_of_pages  # its line is its own; pip reads no page
def test_a_line_is_resolved_under_each_python_the_page_states(tmp_path):
    """`resolve(python="3.12 3.13")`: a line that resolves under the first (3.13) and not the second fails, naming the second."""
    from types import SimpleNamespace

    from verified_docs.checks import resolve_problem

    line = SimpleNamespace(code='pip install "numpy==2.5.2"\n', where="docs/x.es.md [es], block at line 3")
    problem = resolve_problem(SimpleNamespace(**vars(line), options={"python": "3.13 3.11"}), tmp_path)
    assert problem and "(Python 3.11)" in problem and "3.13)" not in problem, problem


@pytest.mark.independent_of_pages  # its lines are its own; apt-get reads no page
def test_an_apt_line_resolves_against_the_archive_and_an_unknown_package_fails_naming_it(tmp_path):
    """`sudo apt install` lines are simulated, not run: no root, nothing installed; a name the
    archive lacks fails, naming the block and the package."""
    import shutil
    from types import SimpleNamespace

    from verified_docs.checks import resolve_problem
    from verified_docs.mutation import BAD_PACKAGE, bad_requirement

    if not shutil.which("apt-get"):
        pytest.skip("no apt-get on this machine: the resolve tier cannot check apt lines here")
    where = "docs/x.es.md [es], block at line 3"
    good = SimpleNamespace(code="sudo apt install rocminfo rocm-smi\n", where=where, options={})
    assert resolve_problem(good, tmp_path) is None
    mutated, _, named = bad_requirement(good.code)
    assert named == BAD_PACKAGE and mutated == f"sudo apt install {BAD_PACKAGE} rocm-smi\n"
    problem = resolve_problem(SimpleNamespace(code=mutated, where=where, options={}), tmp_path)
    assert problem and problem.startswith(where) and BAD_PACKAGE in problem and "archive" in problem, problem


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_rocm_clean_up_removes_pypis_cuda_leftovers_and_keeps_rocms_triton(lang):
    """The guide's step 2 feeds `pip freeze` through a sed filter into `pip uninstall`. Fed the
    freeze of a venv that had PyPI's torch 2.9.1 (its CUDA triton and nvidia-* wheels) beside
    Keras and the ROCm build's own pytorch-triton-rocm, the filter names exactly the CUDA side."""
    import subprocess

    snippet = next((ROOT / "snippets/rocm" / lang).glob("05_*.sh"))
    program = re.search(r"sed -nE '([^']+)'", snippet.read_text())
    assert program, f"{rel(snippet)}: no `sed -nE '…'` filter in the clean-up"
    freeze = "\n".join(
        [
            "keras==3.15.1",
            "numpy==2.5.2",
            "nvidia-cublas-cu12==12.8.4.1",
            "nvidia-cudnn-cu12==9.10.2.21",
            "nvidia-nccl-cu12 @ file:///tmp/nvidia_nccl_cu12.whl",
            "pytorch-triton-rocm==3.5.1",
            "torch==2.9.1",
            "torchvision==0.24.1",
            "triton==3.5.1",
        ]
    )
    out = subprocess.run(["sed", "-nE", program[1]], input=freeze, capture_output=True, text=True, check=True).stdout.split()
    assert out == ["nvidia-cublas-cu12", "nvidia-cudnn-cu12", "nvidia-nccl-cu12", "torch", "torchvision", "triton"], (
        f"{rel(snippet)}: the clean-up would uninstall {out}"
    )
