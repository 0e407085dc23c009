"""Translation drift: every translated page records which version of its original it translates."""

from __future__ import annotations

import subprocess
import warnings

import pytest

from verified_docs import translations as tr
from verified_docs.build import render_page
from verified_docs.pages import load_page
from verified_docs.project import languages, rel

ORIGINAL, OTHER = languages()[0], languages()[1]
TRANSLATED = tr.translated_paths()


@pytest.mark.parametrize("path", TRANSLATED, ids=[rel(p) for p in TRANSLATED])
def test_translation_is_up_to_date(path):
    problems = tr.problems(path)
    assert not problems, "\n".join(problems)
    st = tr.status(path)
    if st.marked_behind:  # passes, but says so in the summary (-rA, or the warnings section)
        print(f"{rel(path)}: {st.text}")
        warnings.warn(f"{rel(path)} is published behind its original: {st.how_far}", stacklevel=1)


# ------------------------------------------------------------------------------ behaviour, on copies

ES = "# Título\n\nUna frase.\n\nOtra frase.\n"
EN_FRONT = "---\n# a comment the record must keep\ntest_workdir:\n  .venv: venv\n---\n\n"
EN = "# Title\n\nA sentence.\n\nAnother sentence.\n"


@pytest.fixture
def pair(tmp_path, monkeypatch):
    # Outside any repository, and git not reading the user's configuration.
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path.parent))
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", "/dev/null")
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    for who in ("AUTHOR", "COMMITTER"):
        monkeypatch.setenv(f"GIT_{who}_NAME", "t")
        monkeypatch.setenv(f"GIT_{who}_EMAIL", "t@example.org")
    es, en = tmp_path / f"x.{ORIGINAL}.md", tmp_path / f"x.{OTHER}.md"
    es.write_text(ES, encoding="utf-8")
    en.write_text(EN_FRONT + EN, encoding="utf-8")
    return es, en


def source_line(path) -> int:
    return next(i for i, ln in enumerate(path.read_text().splitlines(), 1) if ln.strip().startswith("source:"))


def test_missing_record_is_a_problem(pair):
    es, en = pair
    [msg] = tr.problems(en)
    assert f"{rel(en)}:1 [{OTHER}]" in msg and "no translation record" in msg
    assert f"{tr.COMMAND} done {rel(en)}" in msg


def test_done_records_and_keeps_the_front_matter(pair):
    es, en = pair
    assert tr.main(["done", str(en)]) == 0
    text = en.read_text()
    assert text.startswith(EN_FRONT.removesuffix("---\n\n") + "# Hash"), text  # kept, in order, before the record
    assert f"translation:\n  source: {tr.source_hash(es)}\n---\n\n" + EN in text
    assert tr.problems(en) == [] and tr.status(en).state == "up to date"
    assert load_page(en).meta["test_workdir"] == {".venv": "venv"}


def test_done_adds_front_matter_to_a_page_without_one(pair):
    es, en = pair
    en.write_text(EN)
    tr.main(["done", str(en)])
    text = en.read_text()
    assert text.startswith("---\n") and text.endswith("---\n\n" + EN)
    assert load_page(en).meta["translation"]["source"] == tr.source_hash(es)


def test_changed_original_is_a_problem_naming_page_line_and_fix(pair):
    es, en = pair
    tr.main(["done", str(en)])
    es.write_text(ES + "\nUna frase añadida.\n")
    [msg] = tr.problems(en)
    assert msg.startswith(f"{rel(en)}:{source_line(en)} [{OTHER}]: its original {rel(es)} is ahead of this translation: "), msg
    assert f"`{tr.COMMAND} done {rel(en)}`" in msg and f"`{tr.COMMAND} behind {rel(en)}`" in msg
    assert "history not available" in msg
    assert tr.problems_for("x", docs=es.parent) == [msg]


def test_a_changed_comment_in_the_originals_code_is_drift(pair, tmp_path, monkeypatch):
    """Code parity ignores comments and printed messages; the translation record does not."""
    es, en = pair
    snippet = tmp_path / "x.py"
    snippet.write_text("# Un comentario.\nprint(1)\n")
    monkeypatch.setattr(tr, "_read_snippet", lambda name: snippet.read_text() if name == "x/es/01_x.py" else None)
    es.write_text(ES + '\n```python\n--8<-- "x/es/01_x.py"\n```\n')
    tr.main(["done", str(en)])
    snippet.write_text("# Un comentario corregido.\nprint(1)\n")
    [msg] = tr.problems(en)
    assert "is ahead of this translation" in msg


def test_a_quoted_flag_is_no_flag_for_the_check_or_the_banner(pair):
    """One reader of the record: the banner shows exactly when the check accepts a page as behind."""
    es, en = pair
    tr.main(["done", str(en)])
    es.write_text(ES + "\nUna frase añadida.\n")
    en.write_text(en.read_text().replace("translation:\n", 'translation:\n  behind: "true"\n'))
    assert tr.problems(en) and not tr.status(en).marked_behind
    assert "!!! warning" not in render_page(load_page(en), "/", lambda t: t).markdown


def test_whitespace_only_edit_is_not_drift(pair):
    es, en = pair
    tr.main(["done", str(en)])
    es.write_text("\n\n" + ES.replace("Una frase.", "Una frase.   ").replace("\n\n", "\n\n\n\n") + "\n\n\n")
    assert tr.problems(en) == []


def test_behind_passes_and_shows_a_banner(pair):
    es, en = pair
    tr.main(["done", str(en)])
    es.write_text(ES + "\nUna frase añadida.\n")
    assert tr.main(["behind", str(en)]) == 0
    assert "  behind: true" in en.read_text()
    assert tr.problems(en) == []
    st = tr.status(en)
    assert st.state == "behind" and st.marked_behind and st.ok
    page = load_page(en)
    out = render_page(page, "/", lambda t: t).markdown
    title = out.index("# Title")
    warn = out.index("!!! warning")
    assert title < warn < out.index("A sentence."), out
    assert 'href="../../x/"' in out  # the original, from this page's URL
    # Brought up to date: `done` drops the flag, the banner goes.
    tr.main(["done", str(en)])
    assert "behind" not in en.read_text() and tr.problems(en) == []
    assert "!!! warning" not in render_page(load_page(en), "/", lambda t: t).markdown


def test_behind_flag_on_an_up_to_date_page_is_a_problem(pair):
    es, en = pair
    tr.write_record(en, tr.source_hash(es), behind=True)
    [msg] = tr.problems(en)
    assert f"{rel(en)}:{source_line(en)} [{OTHER}]" in msg and "remove the flag" in msg and "done" in msg
    with pytest.raises(SystemExit, match="already up to date"):
        tr.main(["behind", str(en)])


def git(cwd, *args):
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def test_how_far_behind_comes_from_git(pair):
    es, en = pair
    repo = es.parent
    git(repo, "init", "-q")
    git(repo, "add", es.name)
    git(repo, "commit", "-qm", "v1")
    tr.main(["done", str(en)])
    es.write_text(ES + "\nDos.\nTres.\n")
    git(repo, "commit", "-qam", "v2")
    es.write_text(es.read_text().replace("Otra frase.", "Otra frase, cambiada."))  # uncommitted edits count too
    sha = subprocess.run(["git", "rev-list", "--max-parents=0", "HEAD"], cwd=repo, capture_output=True, text=True).stdout[:7]
    st = tr.status(en)
    assert (st.since.commits, st.since.added, st.since.removed) == (1, 4, 1)
    assert "1 commit and +4/−1 lines of the " in st.how_far
    assert f"({sha}); see `git diff {sha} -- {es.name}`" in st.how_far
    [msg] = tr.problems(en)
    assert st.how_far in msg


def test_how_far_behind_counts_a_removed_rule_line(pair):
    """A `---` line of the page (a horizontal rule) is a line like any other, not the diff's header."""
    es, en = pair
    es.write_text(ES + "\n---\n\nFin.\n", encoding="utf-8")
    git(es.parent, "init", "-q")
    git(es.parent, "add", es.name)
    git(es.parent, "commit", "-qm", "v1")
    tr.main(["done", str(en)])
    es.write_text(ES + "\nFin.\n", encoding="utf-8")
    since = tr.status(en).since
    assert (since.added, since.removed) == (0, 2), since  # the rule and the blank line after it


def test_how_far_behind_names_the_snippets_when_only_a_snippet_changed(pair, monkeypatch):
    """The hint's `git diff` shows the change even when it is only in a snippet the page includes."""
    es, en = pair
    repo = es.parent
    code = repo / "snippets" / "x" / ORIGINAL
    code.mkdir(parents=True)
    (code / "a.py").write_text('print("uno")\n', encoding="utf-8")
    monkeypatch.setattr(tr, "snippet_options", lambda: (("base_path", [str(repo / "snippets")]),))
    monkeypatch.setattr(tr, "_read_snippet", lambda name: (repo / "snippets" / name).read_text(encoding="utf-8"))
    es.write_text(ES + f'\n```python\n--8<-- "x/{ORIGINAL}/a.py"\n```\n', encoding="utf-8")
    git(repo, "init", "-q")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "v1")
    tr.main(["done", str(en)])
    (code / "a.py").write_text('print("dos")\n', encoding="utf-8")  # the page itself unchanged
    hint = tr.status(en).how_far
    command = hint.split("see `", 1)[1].rstrip("`").split()
    shown = subprocess.run(command, cwd=repo, capture_output=True, text=True, check=True).stdout
    assert '+print("dos")' in shown, f"{hint!r} shows nothing of the snippet's change:\n{shown}"


def test_a_recorded_version_never_committed_is_reported_without_history(pair):
    es, en = pair
    git(es.parent, "init", "-q")
    git(es.parent, "add", es.name)
    git(es.parent, "commit", "-qm", "v1")
    tr.write_record(en, "0123456789ab", behind=False)
    assert "history not available" in tr.status(en).how_far
