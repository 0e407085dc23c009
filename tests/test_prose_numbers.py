"""Numbers in the prose are traced (verified_docs.prose_numbers): each is exempt by rule, found in
a recorded output, the page's code or a bench figure, or marked ^fuente^ / ^citado^ / ^generador^
(^source^ / ^cited^ / ^generator^ in English) with a label the reader sees. A failure names page, language, line and
the fix."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

import pytest

from verified_docs import prose_marks as marks
from verified_docs import prose_number_rules as rules
from verified_docs import prose_numbers as pn
from verified_docs.notebooks import build as notebook
from verified_docs.pages import PageError, Prose, load_page, page_paths, read
from verified_docs.project import languages, snippet_options

PATHS = page_paths()


def _id(path):
    return re.sub(r"\.md$", "", path.name)


@pytest.mark.parametrize("path", PATHS, ids=[_id(p) for p in PATHS])
def test_every_prose_number_is_traced(path):
    try:
        page = load_page(path)
    except PageError as exc:
        pytest.skip(f"the page does not read (its ::read item fails): {exc}")
    problems = pn.problems(page)
    assert not problems, "\n" + "\n".join(problems)


def test_every_language_has_its_labels_and_words():
    for table in (
        marks.LABELS,
        marks.TITLES,
        rules.SECTION_WORDS,
        rules.STEP_WORDS,
        rules.MONTHS,
        rules.VERSION_HEADERS,
        rules.JOINERS,
    ):
        assert set(languages()) <= set(table), f"{table} lacks a language of mkdocs.yml"


# ------------------------------------------------------------------------------ small pages

CODE = 'n = 40\nprint(f"mse {0.17349:.5f}")\n'
OUT = "mse 0.17349\n"


@pytest.fixture
def snippets(tmp_path):
    for lang in ("es", "en"):
        (tmp_path / f"t/{lang}").mkdir(parents=True)
        (tmp_path / f"t/{lang}/01_a.py").write_text(CODE)
        (tmp_path / f"t/{lang}/01_a.out").write_text(OUT)
    return tmp_path


def page_of(prose_after: str, snippets, lang="es", prose_before="# Título\n"):
    text = f"""{prose_before}
<!--pytest.mark.run-->
```python
--8<-- "t/{lang}/01_a.py"
```

<!--pytest-codeblocks:expected-output-->
```text
--8<-- "t/{lang}/01_a.out"
```

{prose_after}
"""
    options = dict(snippet_options()) | {"base_path": [str(snippets)]}
    return read(text, snippets / f"page.{lang}.md", first_line=3, options=options)


def how(page, text):
    return next(n.how for n in pn.numbers(page) if n.text == text)


def test_a_number_from_the_output_or_the_code_is_traced(snippets):
    page = page_of("El MSE queda en 0,1735 tras 40 épocas.", snippets)
    assert how(page, "0,1735") == "output"  # 0.17349 rounded to the prose's four decimals
    assert how(page, "40") == "code"
    assert pn.problems(page) == []


def test_an_untraced_number_fails_with_page_line_and_the_fix(snippets):
    page = page_of("Texto.\n\nLa red tarda 12 s por época.", snippets)
    [problem] = pn.problems(page)
    # The text starts on the file's line 3: its line 15 is the file's line 17.
    assert re.search(r'page\.es\.md:17 \[es\]: "12" is not traced', problem)
    assert "^fuente^" in problem and "^generador^" in problem


def test_a_changed_output_number_fails_naming_the_nearest_output(snippets):
    page = page_of("El MSE queda en 0,1736.", snippets)
    [problem] = pn.problems(page)
    assert '"0,1736" is not traced' in problem
    assert "nearest: 0.17349 in" in problem and "01_a.out" in problem


def test_a_label_covers_its_clause_and_not_the_next_sentence(snippets):
    page = page_of("La fuente midió 28,6 s y 5 s ^fuente^. Aquí tardó 12 s.", snippets)
    assert how(page, "28,6") == how(page, "5") == "source"
    assert how(page, "12") is None
    [problem] = pn.problems(page)
    assert '"12" is not traced' in problem
    [label] = pn.labels(page)
    assert [n.text for n in label.covers] == ["28,6", "5"]


def test_a_label_after_a_comma_covers_back_to_the_previous_label(snippets):
    page = page_of("Unos 5 s ^fuente^, frente a 28,6 s ^fuente^; 30 épocas ^fuente^.", snippets)
    assert [[n.text for n in lab.covers] for lab in pn.labels(page)] == [["5"], ["28,6"], ["30"]]


def test_a_label_inside_a_parenthesis_covers_only_the_parenthesis(snippets):
    page = page_of("Suman 12, cerca de la persistencia del generador (0,92 ^generador^).", snippets)
    assert how(page, "0,92") == "generator"
    assert how(page, "12") is None


def test_a_label_in_a_table_header_covers_the_table(snippets):
    table = "| Cifras ^fuente^ | CPU |\n|---|---|\n| Segundos | 28,6 |\n| Épocas | 30 |\n\nDespués, 12 s."
    page = page_of(table, snippets)
    assert how(page, "28,6") == how(page, "30") == "source"
    assert how(page, "12") is None


def test_a_label_with_no_number_fails(snippets):
    page = page_of("El modelo es pequeño ^fuente^.", snippets)
    [problem] = pn.problems(page)
    assert re.search(r"page\.es\.md:15 \[es\]: the label \^fuente\^ covers no number", problem)


def test_a_label_of_the_other_language_fails(snippets):
    page = page_of("Unos 5 s ^source^.", snippets)
    assert any("^source^ is the en label; on a es page write ^fuente^" in p for p in pn.problems(page))


def test_a_cited_label_needs_a_link_in_its_paragraph(snippets):
    good = page_of("La descarga son unos 811 MB ([catálogo de TFDS](https://www.tensorflow.org/datasets)) ^citado^.", snippets)
    assert how(good, "811") == "cited" and pn.problems(good) == []
    bad = page_of(
        "La descarga son unos 811 MB ^citado^.\n\nEl [catálogo](https://www.tensorflow.org/datasets) lo dice.", snippets
    )
    [problem] = pn.problems(bad)
    assert re.search(
        r"page\.es\.md:15 \[es\]: \^citado\^ says the figure comes from the page this paragraph links to", problem
    ), problem


def test_a_generator_label_needs_the_number_in_the_generator(snippets):
    good = page_of("Persistencia total de 0,92 ^generador^.", snippets)
    assert how(good, "0,92") == "generator" and pn.problems(good) == []
    bad = page_of("Persistencia total de 0,93 ^generador^.", snippets)
    [problem] = pn.problems(bad)
    assert '"0,93" is marked ^generador^ but scripts/make_vol5.py has no such number' in problem


@pytest.mark.parametrize(
    "prose, number, rule",
    [
        ("Con Python 3.13 y Keras 3 en una Radeon RX 7600 con ROCm 6.4.", "3.13", "name"),
        ("Con Python 3.13 y Keras 3 en una Radeon RX 7600 con ROCm 6.4.", "7600", "name"),
        ("Con Python 3.13 y Keras 3 en una Radeon RX 7600 con ROCm 6.4.", "6.4", "name"),
        ("Usa TensorFlow 2.21.0.", "2.21.0", "version"),
        ("| Componente | Versión |\n|---|---|\n| Python | 3.13 |", "3.13", "version-column"),
        ("Lo trata el módulo 5.8 del curso.", "5.8", "section"),
        ("Se publicó en noviembre de 2023.", "2023", "year"),
        ("Se entrena con 2008-2017.", "2008", "year"),
        ("Lo aproxima [Lo (2002)](https://doi.org/x).", "2002", "year"),  # an author-year citation
        ("La corrección de Harvey, Leybourne y\nNewbold (1997) encoge z.", "1997", "year"),  # the name opens a line
        ("Consultada el 18 de septiembre.", "18", "date"),
        ("El paso 3 lo comprueba.", "3", "step"),
        ("Ver los pasos 2 y 3.", "3", "step"),
        ("**2.** Amplía el HAR.", "2", "enumerator"),
        ("Lo cuenta el hilo #3553.", "3553", "issue"),
    ],
)
def test_exempt_by_rule(snippets, prose, number, rule):
    page = page_of(prose, snippets)
    assert how(page, number) == f"exempt:{rule}"
    assert pn.problems(page) == []


@pytest.mark.parametrize(
    "prose, number",
    [
        ("El MSE 0,25 baja.", "0,25"),  # a quantity after an acronym is not a version
        ("Con 4 dispositivos.", "4"),  # "Con" opens a sentence: not a proper name
        ("Hay 2003 predicciones.", "2003"),  # a count, not a year
        ("Con (2003) predicciones.", "2003"),  # in parentheses, but after no name
        ("Son 40 épocas (2003 filas).", "2003"),
        ("| Componente | Versión |\n|---|---|\n| GPU | 8 GB |", "8"),  # a quantity in a version column
    ],
)
def test_what_the_rules_do_not_exempt(snippets, prose, number):
    assert how(page_of(prose, snippets), number) is None


def test_code_math_links_and_placeholders_are_not_prose(snippets):
    prose = "El código `epochs=12`, la fórmula $y = 3x$, [un enlace](https://example.org/7) y gfx1102, MobileNetV2."
    assert pn.numbers(page_of(prose, snippets)) == []


def test_numbers_are_read_in_the_page_language(snippets):
    es = page_of("Son 2 944 imágenes y 0,1735.", snippets)
    assert [n.value for n in pn.numbers(es)] == [2944, Decimal("0.1735")]
    en = page_of("There are 2,944 images and 0.1735.", snippets, lang="en", prose_before="# Title\n")
    assert [n.value for n in pn.numbers(en)] == [2944, Decimal("0.1735")]


def test_a_number_locates_its_file_line_and_column(snippets):
    page = page_of("Texto.\n\nEl MSE queda en 0,1735.", snippets)
    [num] = pn.numbers(page)
    assert (num.line, num.col, num.end) == (17, 16, 22)


GUIDE = {"kind": "Guía", "title": "Una guía de prueba", "url": "https://example.org/guia", "note": "de su autora"}


def rendered_text(page) -> str:
    return "\n".join(line for item in marks.render(page).items if isinstance(item, Prose) for line in item.lines)


def test_labels_render_as_a_small_mark_on_the_site_and_in_the_notebook(snippets):
    page = replace(page_of("Unos 5 s ^fuente^, y `^fuente^` en código.", snippets), meta={"sources": [GUIDE]})
    rendered = rendered_text(page)
    assert (
        '5 s\u00a0<a class="trace-link" href="#fuentes"><sup class="trace trace--source" '
        'title="Cifra del documento fuente, no medida en este sitio">fuente</sup></a>,'
    ) in rendered, "a source mark is a link to the page's sources"
    assert "`^fuente^`" in rendered  # code stays as written
    cells = "\n".join(c.source for c in notebook(page).cells if c.cell_type == "markdown")
    assert '<sup class="trace trace--source"' in cells


def test_a_label_that_starts_an_indented_line_stays_inside_its_fold(snippets):
    """An indented label keeps its line's four spaces: a no-break space in their place would end
    the fold there, and the rest of the fold would render outside it (as code, four spaces in)."""
    text = '??? note "Cifras"\n    Unos 5 s por época, multiplicados por\n    30 y por\n    ^fuente^, sin más.'
    page = replace(page_of(text, snippets), meta={"sources": [GUIDE]})
    lines = rendered_text(page).split("\n")
    [line] = [line for line in lines if "trace--source" in line]
    assert line.startswith('    <a class="trace-link"'), repr(line[:12])


def test_a_source_mark_on_a_page_that_lists_no_source_fails_the_build_naming_its_line(snippets):
    page = page_of("Texto.\n\nUnos 5 s por época ^fuente^.", snippets)
    with pytest.raises(PageError, match=r"page\.es\.md:17: a \^fuente\^ mark, but the page lists no source"):
        marks.render(page)


def test_the_sources_are_listed_under_the_pages_sources_heading_or_a_new_one_at_the_end(snippets):
    listed = "- Guía: [Una guía de prueba](https://example.org/guia), de su autora."
    page = replace(page_of("Unos 5 s ^fuente^.\n\n## Fuentes\n\nOtras lecturas.", snippets), meta={"sources": [GUIDE]})
    text = rendered_text(page)
    assert text.index("## Fuentes") < text.index(listed) < text.index("Otras lecturas."), text
    page = replace(page_of("About 5 s ^source^.", snippets, lang="en"), meta={"sources": [dict(GUIDE, url=None)]})
    text = rendered_text(page)
    assert text.rstrip().endswith("- Guía: *Una guía de prueba*, de su autora."), text
    assert "## Sources" in text and 'href="#sources"' in text


def test_a_source_without_a_title_is_refused(snippets):
    page = replace(page_of("Texto.", snippets), meta={"sources": [{"kind": "Guía"}]})
    with pytest.raises(PageError, match=r"sources\[1\] needs a kind and a title"):
        marks.render(page)
