"""A small site of its own for the tests that drive the engine from outside, as a maintainer does.

`make_site(root)` writes two page pairs whose snippets run in milliseconds, under the project's own
mkdocs.yml (nav cut down to them) and the project's site tests:

- `uno`: prints a translated greeting, then a number (a recording that ends in digits); its
  English recording is the Spanish one with the string translated, so the Spanish run proves the
  English page (translation_proof).
- `dos`: underlines a translated title; the English underline is longer, a line that shows no
  translated string yet differs, so the English page runs itself.

`pytest_in(root, *args)` runs pytest there in a process of its own (VERIFIED_DOCS_ROOT points the
engine at the fixture) and returns each test's outcome.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from verified_docs.project import ROOT

PAGES = {
    # slug: {lang: (title, code, recorded output)}
    "uno": {
        "es": ("Uno", 'print("hola, mundo")\nprint(6 * 7)\n', "hola, mundo\n42\n"),
        "en": ("One", 'print("hello, world")\nprint(6 * 7)\n', "hello, world\n42\n"),
    },
    "dos": {
        "es": ("Dos", 'titulo = "hola, mundo"\nprint(titulo)\nprint("=" * len(titulo))\n', "hola, mundo\n===========\n"),
        "en": ("Two", 'title = "hello, world"\nprint(title)\nprint("=" * len(title))\n', "hello, world\n============\n"),
    },
}
WORDS = {"es": "Ejecútalo:", "en": "Run it:"}


def page_text(slug: str, lang: str, title: str) -> str:
    folder = f"{slug}/{lang}"
    return (
        f'# {title}\n\n{WORDS[lang]}\n\n<!--pytest.mark.run-->\n```python\n--8<-- "{folder}/01_{slug}.py"\n```\n\n'
        f'<!--pytest-codeblocks:expected-output-->\n```text\n--8<-- "{folder}/01_{slug}.out"\n```\n'
    )


def _mkdocs_yml() -> str:
    """The project's mkdocs.yml with the nav (and its translations) cut down to the home page."""
    text = (ROOT / "mkdocs.yml").read_text()
    text = re.sub(r"^nav:\n(?:  .*\n)+", "nav:\n  - Inicio: index.md\n", text, flags=re.M)
    text = re.sub(r"(\n +nav_translations:\n)(?: {12}.*\n)+", lambda m: m.group(1) + " " * 12 + "Inicio: Home\n", text)
    return re.sub(r"^watch:\n(?:  .*\n)+", "", text, flags=re.M)  # the engine's folders are not the fixture's


def make_site(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "mkdocs.yml").write_text(_mkdocs_yml())
    shutil.copytree(ROOT / "overrides", root / "overrides")
    (root / "docs" / "assets").mkdir(parents=True)
    shutil.copy(ROOT / "docs" / "assets" / "site.css", root / "docs" / "assets" / "site.css")
    (root / "tests").mkdir()
    shutil.copy(ROOT / "package-lock.json", root / "package-lock.json")  # a site test's key reads it
    for name in ["test_site.py", "test_translation_proof.py", "conftest.py", "browser_tours.py"]:
        shutil.copy(ROOT / "tests" / name, root / "tests" / name)
    (root / "pytest.ini").write_text("[pytest]\naddopts = -p no:cacheprovider --strict-markers\n")
    (root / "docs" / "index.es.md").write_text("# Inicio\n\nPáginas de prueba.\n")
    (root / "docs" / "index.en.md").write_text("# Home\n\nTest pages.\n")
    for slug, langs in PAGES.items():
        add_page(root, slug, langs, mark_done=False)
    engine(root, "verified_docs.translations", "done", *[f"docs/{slug}.en.md" for slug in ["index", *PAGES]])
    return root


def add_page(root: Path, slug: str, langs: dict, mark_done: bool = True) -> None:
    """A page pair added as CONTRIBUTING.md's recipe says: the two pages, their snippets and
    recordings, the nav entry and its English title, then `translations done`."""
    for lang, (title, code, output) in langs.items():
        folder = root / "snippets" / slug / lang
        folder.mkdir(parents=True)
        (folder / f"01_{slug}.py").write_text(code)
        (folder / f"01_{slug}.out").write_text(output)
        (root / "docs" / f"{slug}.{lang}.md").write_text(page_text(slug, lang, title))
    yml = root / "mkdocs.yml"
    text = re.sub(
        r"^(nav:\n(?:  .*\n)+)", lambda m: m.group(1) + f"  - {langs['es'][0]}: {slug}.md\n", yml.read_text(), flags=re.M
    )
    text = re.sub(
        r"(\n +nav_translations:\n(?: {12}.*\n)+)", lambda m: m.group(1) + f"{' ' * 12}{langs['es'][0]}: {langs['en'][0]}\n", text
    )
    yml.write_text(text)
    if mark_done:
        engine(root, "verified_docs.translations", "done", f"docs/{slug}.en.md")


def env_for(root: Path) -> dict:
    return dict(os.environ, VERIFIED_DOCS_ROOT=str(root), PYTHONDONTWRITEBYTECODE="1")


def engine(root: Path, module: str, *args: str) -> subprocess.CompletedProcess:
    proc = subprocess.run(
        [sys.executable, "-m", module, *args], cwd=root, env=env_for(root), capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, f"python -m {module} {' '.join(args)} in the fixture site failed:\n{proc.stdout}{proc.stderr}"
    return proc


# The site tests the fixture runs: the ones whose verdicts depend on the page runs' records.
SITE_TESTS = ["tests/test_site.py::test_page_shows_its_verification_stamp"]


def pytest_in(root: Path, *options: str, targets: tuple[str, ...] = ("docs", *SITE_TESTS)) -> dict[str, str]:
    """Run pytest in the fixture site (its pages and SITE_TESTS unless targets says otherwise);
    each test's outcome: "passed", "failed: <message>", or "skipped: <reason>"."""
    report = root / "build" / "report.xml"
    report.unlink(missing_ok=True)
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", *targets, *options, f"--junitxml={report}", "-q"],
        cwd=root,
        env=env_for(root),
        capture_output=True,
        text=True,
        timeout=600,
    )
    if not report.is_file():
        raise AssertionError(
            f"pytest in the fixture site left no report (exit {proc.returncode}):\n{proc.stdout[-4000:]}{proc.stderr[-4000:]}"
        )
    outcomes = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        name = f"{case.get('classname')}::{case.get('name')}"
        if (bad := case.find("failure")) is not None or (bad := case.find("error")) is not None:
            outcomes[name] = "failed: " + (bad.get("message") or "")[:400]
        elif (skip := case.find("skipped")) is not None:
            outcomes[name] = "skipped: " + (skip.get("message") or "")
        else:
            outcomes[name] = "passed"
    return outcomes
