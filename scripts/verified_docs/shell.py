"""The one reader of shell snippets: logical command lines with their words' line numbers and the
heredoc bodies they open (`units`), simple commands (`simple_commands`), and what each Python
invocation runs (`python_runs`: `python -c CODE`, `python - <<EOF`, `python -m MODULE`,
`python FILE.py`). The static check, code parity and the install-line tests all read shell
through it. Not a shell parser: `bash -n` and shellcheck judge the syntax; this finds the words,
the code and the files a block hands to Python, so that they can be checked too.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field

HEREDOC = re.compile(r"(?<!<)<<(?!<)(-?)\s*(['\"]?)([A-Za-z_]\w*)\2")
PYTHON_WORD = re.compile(r"^(?:\S*/)?python(?:\d(?:\.\d+)?)?$")
# Control operators: they end a simple command and are words (commands) of their own.
SEPARATORS = {";", ";;", "&", "&&", "|", "||", "|&", "(", ")", "{", "}"}
# Interpreter options that take a value (python -W ignore …); others are single words.
OPTIONS_WITH_VALUE = {"-W", "-X", "--check-hash-based-pycs"}


def strip_comment(line: str) -> str:
    """The line without its comment: `#` starting a word, outside quotes."""
    quote, escaped = None, False
    for i, ch in enumerate(line):
        if escaped:
            escaped = False
        elif ch == "\\" and quote != "'":
            escaped = True
        elif quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace() or line[i - 1] in ";&|()"):
            return line[:i]
    return line


def words(segment: str) -> list[str]:
    """Shell words, each operator (`|`, `&&`, `<<`, `>`…) a word of its own; ValueError on an
    unclosed quote."""
    lexer = shlex.shlex(segment, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    lexer.commenters = ""
    return list(lexer)


@dataclass
class Unit:
    """A logical command line: its words as (line, word) and the heredoc bodies it opens."""

    line: int  # 1-based line where it starts
    words: list = field(default_factory=list)
    heredocs: list = field(default_factory=list)  # (1-based line of the body's first line, body text)


def units(text: str) -> list[Unit]:
    """The snippet's logical lines: continuation lines (`\\`) and quotes open across lines joined,
    comments dropped, each heredoc's body taken out (`<<-` strips the terminator's tabs)."""
    lines = text.splitlines()
    out, i = [], 0
    while i < len(lines):
        segments = [(i + 1, strip_comment(lines[i]))]
        while True:
            if segments[-1][1].rstrip().endswith("\\") and i + 1 < len(lines):
                segments[-1] = (segments[-1][0], segments[-1][1].rstrip()[:-1])
            else:
                try:
                    words(" ".join(s for _, s in segments))
                    break
                except ValueError:  # a quote open across lines: the command goes on
                    if i + 1 >= len(lines):
                        break
                    segments[-1] = (segments[-1][0], segments[-1][1] + "\n" + lines[i + 1])
                    i += 1
                    continue
            i += 1
            segments.append((i + 1, strip_comment(lines[i])))
        i += 1
        unit = Unit(segments[0][0])
        try:
            for lineno, seg in segments:
                unit.words += [(lineno, w) for w in words(seg)]
        except ValueError:  # a quote spanning the segments: the whole command at once
            try:
                unit.words = [(unit.line, w) for w in words(" ".join(s for _, s in segments))]
            except ValueError:
                unit.words = [(n, w) for n, s in segments for w in s.split()]
        for _, seg in segments:
            for m in HEREDOC.finditer(seg):
                start, body = i, []
                while i < len(lines) and (lines[i].lstrip("\t") if m[1] else lines[i]) != m[3]:
                    body.append(lines[i])
                    i += 1
                i += 1  # the delimiter line
                unit.heredocs.append((start + 1, "\n".join(body) + "\n"))
        out.append(unit)
    return out


def simple_commands(unit_words: list) -> list[list]:
    """A unit's (line, word) pairs split into simple commands at control operators, each operator
    kept as a 'command' of its own."""
    out, cur = [], []
    for item in unit_words:
        if item[1] in SEPARATORS:
            if cur:
                out.append(cur)
            out.append([item])
            cur = []
        else:
            cur.append(item)
    if cur:
        out.append(cur)
    return out


def command_words(code: str) -> list[list[str]]:
    """Every simple command of a snippet as its words (operators left out), in order."""
    return [[w for _, w in cmd] for unit in units(code) for cmd in simple_commands(unit.words) if cmd[0][1] not in SEPARATORS]


@dataclass
class PythonRun:
    line: int  # 1-based line of the snippet where the code starts (-c: the command's; stdin: the body's)
    kind: str  # "code" (-c), "stdin" (-, with a heredoc), "module" (-m) or "script"
    value: str  # the code, the module or the file


def python_runs(code: str, line_offset: int = 0) -> list[PythonRun]:
    """What each `python …` in the snippet runs, its interpreter options skipped; also in the
    heredoc bodies a non-Python command reads (a shell script fed to bash, say)."""
    runs = []
    for unit in units(code):
        readers = []  # for each heredoc the unit opens: is its reader a Python interpreter?
        for cmd in simple_commands(unit.words):
            ws = [w for _, w in cmd]
            # The interpreter may follow assignments, `sudo`, `env`, `time`…: its word, wherever it is.
            k = next((n for n, w in enumerate(ws) if PYTHON_WORD.match(w)), None)
            readers += [k is not None for w in ws if w == "<<"]
            if k is None:
                continue
            j = k + 1
            while j < len(ws) and ws[j].startswith("-") and ws[j] not in ("-c", "-m", "-"):
                j += 2 if ws[j] in OPTIONS_WITH_VALUE else 1
            if j >= len(ws):
                continue
            arg = ws[j + 1] if j + 1 < len(ws) else None
            if ws[j] == "-c" and arg is not None:
                runs.append(PythonRun(cmd[j][0] + line_offset, "code", arg))
            elif ws[j] == "-m" and arg is not None:
                runs.append(PythonRun(cmd[j][0] + line_offset, "module", arg))
            elif ws[j].endswith(".py"):
                runs.append(PythonRun(cmd[j][0] + line_offset, "script", ws[j]))
        for n, (start, body) in enumerate(unit.heredocs):
            if n < len(readers) and readers[n]:
                runs.append(PythonRun(start + line_offset, "stdin", body))
            else:
                runs += python_runs(body, start - 1 + line_offset)
    return runs
