"""The exemption rules of the prose-number tracer (prose_numbers): the numbers in a page's prose
that are not quantities (a version, a section id, a step, an enumerator, a date, a year, a product
model, a page's name, an issue number, a cell of a version column), one documented function each,
and the words in each language they look for. The tracer asks every rule in RULES, in order."""

from __future__ import annotations

import re

# Words after which a dotted number is a lesson/module/section id, not a quantity.
SECTION_WORDS = {
    "es": ("lección", "lecciones", "módulo", "módulos", "sección", "secciones", "capítulo", "capítulos"),
    "en": ("lesson", "lessons", "module", "modules", "section", "sections", "chapter", "chapters"),
}
# Words after which a number is a step, exercise or question number.
STEP_WORDS = {
    "es": ("paso", "pasos", "ejercicio", "ejercicios", "pregunta", "preguntas"),
    "en": ("step", "steps", "exercise", "exercises", "question", "questions"),
}
MONTHS = {
    "es": (
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ),
    "en": (
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ),
}
# A table column headed by one of these words holds versions.
VERSION_HEADERS = {"es": ("versión", "versiones"), "en": ("version", "versions")}
# Words joining a run of numbers after a step or section word ("pasos 2 y 3").
JOINERS = {"es": ("y", "o", "a"), "en": ("and", "or", "to")}

SPACE = " \u00a0\u202f"  # plain, no-break and narrow no-break space: thousands separators
LETTER = r"[^\W\d_]"

# Each rule gets the masked text, the number's span in it, the language and page context, and
# says whether the number is that kind of non-quantity.


def _before(text: str, start: int) -> str:
    return text[text.rfind("\n", 0, start) + 1 : start]


def is_issue(text: str, start: int, end: int, lang: str, ctx: dict) -> bool:
    """#3553, ROCm/ROCm#2702: an issue or pull-request number."""
    return start > 0 and text[start - 1] == "#"


def is_version(text: str, start: int, end: int, lang: str, ctx: dict) -> bool:
    """2.21.0, 2.22.0rc0: a number with two dots or more is a version."""
    return text[start:end].count(".") >= 2


def _word_before(text: str, start: int) -> str:
    m = re.search(rf"({LETTER}[\w-]*)[*_]*[{SPACE}]+[*_]*$", _before(text, start))
    return m[1] if m else ""


def is_section_id(text: str, start: int, end: int, lang: str, ctx: dict) -> bool:
    """lección 5.6.1, module 5.8: the id after a lesson/module/section word."""
    return _after_word_chain(text, start, SECTION_WORDS[lang], lang)


def is_step(text: str, start: int, end: int, lang: str, ctx: dict) -> bool:
    """paso 3, exercise 2, pasos 2 y 3: the number after a step/exercise/question word."""
    return _after_word_chain(text, start, STEP_WORDS[lang], lang)


def _after_word_chain(text: str, start: int, words: tuple, lang: str) -> bool:
    before = _before(text, start)
    joiners = "|".join(JOINERS[lang])
    chain = rf"(?:[\d.]+(?:,\s*|\s+(?:{joiners})\s+))*$"
    m = re.search(rf"(?i)\b({LETTER}+)[*_]*[{SPACE}]+[*_]*{chain}", before)
    return bool(m) and m[1].lower() in words


def is_enumerator(text: str, start: int, end: int, lang: str, ctx: dict) -> bool:
    """`1.` opening a list item, `**1.**` or `**1. Title**` opening a paragraph, `## 2. Title`.
    A "40. " that merely wraps to the start of a line inside a paragraph is not one: a list
    item follows a blank line or another item, or is numbered 1."""
    line_start = text.rfind("\n", 0, start) + 1
    before = text[line_start:start]
    if not re.match(r"\.(?:\s|\*\*)", text[end : end + 3]):
        return False
    if re.fullmatch(r"[ \t]*(?:#+[ \t]+|\*\*)", before):
        return True
    if not re.fullmatch(r"[ \t]*", before):
        return False
    prev = text[text.rfind("\n", 0, max(line_start - 1, 0)) + 1 : max(line_start - 1, 0)] if line_start else ""
    return text[start:end] == "1" or not prev.strip() or bool(re.match(r"[ \t]+\S|[ \t]*\d+\.\s", prev))


def is_year(text: str, start: int, end: int, lang: str, ctx: dict) -> bool:
    """marzo de 2015, November 2023, 2008-2017, Patton (2011): four digits from 1900 to 2099 after
    a month name, in a range of years, or in parentheses after a capitalised name (an author-year
    citation). A count such as "2003 predicciones" is not a year."""
    year = r"(?:19|20)\d\d"
    if not re.fullmatch(year, text[start:end]):
        return False
    months = "|".join(MONTHS[lang])
    before, after = _before(text, start), text[end : end + 6]
    return bool(
        re.search(rf"(?i)\b(?:{months})(?:\s+de)?\s+$", before)
        or re.search(rf"{year}\s*[-–]\s*$", before)
        or re.match(rf"\s*[-–]\s*{year}\b", after)
        or (after.startswith(")") and _after_a_name(text[max(0, start - 200) : start]))  # the name may open a line
    )


def _after_a_name(before: str) -> bool:
    """ "… de Patton (", "[Lo (": a capitalised word inside a sentence or opening a link's text, not
    the first word of a sentence (which is capitalised anyway)."""
    m = re.search(r"\b[A-Z]\w+\s+\($", before)
    if not m:
        return False
    prefix = before[: m.start()].rstrip(" \n*_")
    return prefix.endswith("[") or bool(re.search(r"[a-záéíóúñ,;]$", prefix))


def is_date(text: str, start: int, end: int, lang: str, ctx: dict) -> bool:
    """18 de septiembre, 18 September, September 18: a day next to a month name."""
    months = "|".join(MONTHS[lang])
    if not re.fullmatch(r"\d{1,2}", text[start:end]):
        return False
    after, before = text[end : end + 20], _before(text, start)
    if lang == "es":
        return bool(re.match(rf"\s+de\s+(?:{months})\b", after, re.I))
    return bool(re.match(rf"\s+(?:{months})\b", after)) or bool(re.search(rf"\b(?:{months})\s+$", before))


def is_product_version(text: str, start: int, end: int, lang: str, ctx: dict) -> bool:
    """Python 3.13, Keras 3, ROCm 6.4, RX 7600: a version-shaped number (an integer, or major.minor
    with a point and at most two minor digits) right after a proper name is the name's version or
    model; "MSE 0,1735" is a quantity. A proper name is a word with a capital inside it (ROCm, RX,
    JAX) or a capitalised word the page also writes capitalised in mid-sentence (Python, Keras): a
    sentence that starts "Con 4 …" does not make "Con" a name. After an acronym (all capitals)
    only a model number of three digits or more counts (RX 7600): "GPU 8" or "MSE 12.5" are
    quantities."""
    if not re.fullmatch(r"[1-9]\d*(?:\.\d{1,2})?", text[start:end]):
        return False
    word = _word_before(text, start)
    if not word or not word[0].isupper():
        return False
    if word.isupper():  # an acronym (RX, GPU, MSE): only a model number follows it as a name
        return len(word) > 1 and bool(re.fullmatch(r"[1-9]\d{2,}", text[start:end]))  # "A 128-row batch": an article
    return any(c.isupper() for c in word[1:]) or word in ctx["names"]


def is_page_name(text: str, start: int, end: int, lang: str, ctx: dict) -> bool:
    """[Keras en 10 minutos](keras-10-min.md), and that page's own title: a number in the name of
    a page, where the page's file name carries it too."""
    digits = rf"(?<!\d){re.escape(text[start:end])}(?!\d)"
    for a, b, target in ctx["links"]:
        if a <= start < b and re.search(digits, target.split("#")[0]):
            return True
    line = text[text.rfind("\n", 0, start) + 1 :].split("\n", 1)[0]
    return line.startswith("# ") and bool(re.search(digits, ctx["slug"]))


def is_version_column(text: str, start: int, end: int, lang: str, ctx: dict) -> bool:
    """| Python | 3.13 |: a version-shaped number ending its item (before `|`, `,`, `/`, `;`, `)`)
    in a table column headed "Version"; "8 GB" in that column is a quantity."""
    if not re.fullmatch(r"\d+(?:\.\d{1,2})?", text[start:end]) or not re.match(r"\s*(?:[|,/;)]|$)", text[end:], re.M):
        return False
    header = ctx["table_header"](start)
    return bool(header) and any(w in header.lower() for w in VERSION_HEADERS[lang])


RULES = {
    "issue": is_issue,
    "version": is_version,
    "section": is_section_id,
    "step": is_step,
    "enumerator": is_enumerator,
    "date": is_date,
    "year": is_year,
    "name": is_product_version,
    "page-name": is_page_name,
    "version-column": is_version_column,
}
