"""Every prose reference to a section is a link that goes to that section (cross_refs.py).

The strict build fails on a link whose anchor does not exist; this check makes sure a reference
is such a link, and that the link goes where its quoted title says. Together they turn a renamed
heading or entry into a red build instead of prose pointing at nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from verified_docs import cross_refs
from verified_docs.pages import read, readable_pages
from verified_docs.project import rel

PAGES = readable_pages()
PROBLEMS = cross_refs.problems(PAGES)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.id)
def test_every_section_reference_is_a_link_to_that_section(page):
    mine = [p for p in PROBLEMS if p.startswith(f"{rel(page.path)} [{page.lang}]")]
    assert not mine, "\n".join(mine)


GUIDE = """# Guía

## Paso 3: una prueba

Texto.

## Resolución de problemas

??? failure "`HIP error: invalid device function` en la primera operación"
    Causa.

## Fuentes

{body}
"""


def _problems(body: str, tmp_path: Path, other: str | None = None) -> list[str]:
    pages = [read(GUIDE.format(body=body), tmp_path / "docs" / "guia.es.md")]
    if other is not None:
        pages.append(read(other, tmp_path / "docs" / "otra.es.md"))
    return cross_refs.problems(pages)


def test_links_that_go_to_the_quoted_heading_or_entry_pass(tmp_path):
    body = (
        "Vuelve al [«Paso 3»](#paso-3-una-prueba) o mira la entrada\n"
        "[«`HIP error: invalid device function`»](#resolucion-de-problemas). Una cita «cualquiera» no es referencia."
    )
    assert _problems(body, tmp_path) == []


def test_a_quoted_heading_that_is_not_a_link_fails_naming_page_language_and_line(tmp_path):
    found = _problems("Vuelve al «Paso 3» antes de seguir.", tmp_path)
    assert (
        len(found) == 1
        and "guia.es.md [es], line 14" in found[0]
        and "«Paso 3» refers to the section but is not a link" in found[0]
    ), found
    assert "#paso-3-una-prueba" in found[0], "the message says which anchor to link"


def test_a_renamed_heading_breaks_the_reference(tmp_path):
    """The heading «Paso 3: una prueba» becomes «Paso 3: la prueba»: the link's anchor and title no longer agree."""
    body = "Vuelve al [«Paso 3: una prueba»](#paso-3-una-prueba)."
    assert _problems(body, tmp_path) == []
    renamed = [read(GUIDE.replace("una prueba", "la prueba").format(body=body), tmp_path / "docs" / "guia.es.md")]
    found = cross_refs.problems(renamed)
    assert found and "«Paso 3: una prueba»" in found[0] and "follows" not in found[0], found


def test_a_cue_word_before_a_title_nothing_has_fails(tmp_path):
    found = _problems("(ver «Cómo leer los tiempos y la memoria»)", tmp_path)
    assert len(found) == 1 and "follows «ver» but no heading or entry of a es page has that title" in found[0], found


def test_a_link_to_the_wrong_section_fails(tmp_path):
    found = _problems("[«`HIP error: invalid device function`»](#paso-3-una-prueba)", tmp_path)
    assert len(found) == 1 and "not to the section it names (#resolucion-de-problemas)" in found[0], found


def test_a_reference_to_another_page_goes_to_that_page(tmp_path):
    other = "# Otra\n\n## Bajar al motor: entrenar sin `fit`\n\nTexto.\n"
    good = "la sección [«Bajar al motor»](otra.md#bajar-al-motor-entrenar-sin-fit)"
    assert _problems(good, tmp_path, other) == []
    found = _problems("la sección «Bajar al motor»", tmp_path, other)
    assert found and "otra.md#bajar-al-motor-entrenar-sin-fit" in found[0], found
    found = _problems("la sección [«Bajar al motor»](#bajar-al-motor-entrenar-sin-fit)", tmp_path, other)
    assert found and "goes to #bajar-al-motor-entrenar-sin-fit" in found[0], found


def test_a_quote_inside_code_or_a_comment_is_not_a_reference(tmp_path):
    assert _problems("El texto `ver «Paso 3»` es código. <!-- ver «Nada» -->", tmp_path) == []
