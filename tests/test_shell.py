"""The one shell reader (verified_docs.shell), which the static check, code parity, the install-line
tests and the mutation check share: what it finds in a shell block, and on which line."""

from __future__ import annotations

from verified_docs import shell


def runs(code: str) -> list[tuple[int, str, str]]:
    return [(r.line, r.kind, r.value) for r in shell.python_runs(code)]


def test_each_way_of_handing_python_code_is_found_on_its_line():
    code = (
        "set -e\n"
        "KERAS_BACKEND=jax python -W ignore -c 'import keras' 2>&1 | tee log  # a comment\n"
        "python - <<'END'\n"
        "print('from stdin')\n"
        "END\n"
        "sudo .venv/bin/python3.11 -m pip install keras==3.15.1\n"
        "for engine in jax torch; do KERAS_BACKEND=$engine python train.py; done\n"
    )
    assert runs(code) == [
        (2, "code", "import keras"),
        (4, "stdin", "print('from stdin')\n"),
        (6, "module", "pip"),
        (7, "script", "train.py"),
    ]


def test_a_quote_open_across_lines_and_a_continuation_are_one_command():
    code = 'python -c "\nimport keras\nprint(keras.__version__)\n" \\\n  && echo done\n'
    assert runs(code) == [(1, "code", "\nimport keras\nprint(keras.__version__)\n")]
    assert shell.command_words(code) == [["python", "-c", "\nimport keras\nprint(keras.__version__)\n"], ["echo", "done"]]


def test_python_inside_a_heredoc_that_bash_reads_is_found_with_the_pages_line():
    code = "docker run --rm img bash <<-EOF\n\tpython -c 'print(1)'\n\tEOF\necho after\n"
    assert runs(code) == [(2, "code", "print(1)")]
    assert shell.command_words(code)[-1] == ["echo", "after"], "the <<- terminator (tab-indented) was not found"


def test_a_hash_inside_quotes_or_a_word_is_not_a_comment():
    assert shell.command_words("echo 'a # b' c#d # gone\n") == [["echo", "a # b", "c#d"]]
