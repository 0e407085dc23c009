"""Reading a shell snippet as the engine needs it: commands with their line numbers, heredoc
bodies, and what each Python invocation runs (`python -c CODE`, `python - <<EOF`, `python -m
MODULE`, `python FILE.py`). Not a shell parser: `bash -n` and shellcheck judge the syntax; this
finds the code and files a block hands to Python, so that they can be checked too.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

HEREDOC = re.compile(r"<<-?\s*(['\"]?)(\w+)\1")
PYTHON_WORD = re.compile(r"^(?:\S*/)?python(?:\d(?:\.\d+)?)?$")
SEPARATORS = {";", "&&", "||", "|", "&", "(", ")"}
# Interpreter options that take a value (python -W ignore …); others are single words.
OPTIONS_WITH_VALUE = {"-W", "-X", "--check-hash-based-pycs"}


@dataclass
class Command:
    line: int  # 1-based line of the snippet where the command starts
    words: list[str]  # shell words, separators (`;`, `&&`, `|`…) as words of their own
    heredoc: str | None = None  # the body of its heredoc, if it has one
    heredoc_line: int | None = None  # the line of the body's first line


def _split(text: str) -> list[str] | None:
    lexer = shlex.shlex(text, posix=True, punctuation_chars=";&|()")
    lexer.whitespace_split = True
    lexer.commenters = "#"
    try:
        return list(lexer)
    except ValueError:  # an open quote: the command goes on on the next line
        return None


def commands(code: str) -> list[Command]:
    """Each command of a snippet: continuation lines (`\\`) and open quotes joined."""
    lines = code.splitlines()
    out, i = [], 0
    while i < len(lines):
        start, text = i, lines[i]
        while True:
            if text.endswith("\\") and i + 1 < len(lines):
                i += 1
                text = text[:-1] + " " + lines[i]
                continue
            words = _split(text)
            if words is None and i + 1 < len(lines):
                i += 1
                text = text + "\n" + lines[i]
                continue
            break
        command = Command(start + 1, words or [])
        m = HEREDOC.search(text)
        if m:
            body = []
            command.heredoc_line = i + 2
            while i + 1 < len(lines) and lines[i + 1].strip() != m[2]:
                i += 1
                body.append(lines[i])
            i += 1  # the terminator
            command.heredoc = "\n".join(body) + "\n"
        out.append(command)
        i += 1
    return out


@dataclass
class PythonRun:
    command: Command
    kind: str  # "code" (-c), "stdin" (-, with a heredoc), "module" (-m) or "script"
    value: str  # the code, the module or the file


def python_runs(code: str) -> list[PythonRun]:
    """What each `python …` in the snippet runs, its interpreter options skipped."""
    runs = []
    for command in commands(code):
        words = command.words
        for k, word in enumerate(words):
            if not PYTHON_WORD.match(word):
                continue
            j = k + 1
            while j < len(words) and words[j].startswith("-") and words[j] not in ("-c", "-m", "-"):
                j += 2 if words[j] in OPTIONS_WITH_VALUE else 1
            if j >= len(words) or words[j] in SEPARATORS:
                continue
            arg = words[j + 1] if j + 1 < len(words) else None
            if words[j] == "-c" and arg is not None:
                runs.append(PythonRun(command, "code", arg))
            elif words[j] == "-m" and arg is not None:
                runs.append(PythonRun(command, "module", arg))
            elif words[j] == "-" and command.heredoc is not None:
                runs.append(PythonRun(command, "stdin", command.heredoc))
            elif words[j].endswith(".py"):
                runs.append(PythonRun(command, "script", words[j]))
    return runs
