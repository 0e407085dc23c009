"""Which tables become cards on a phone (verified_docs/phone_tables.py), on HTML as Python-Markdown
writes it. The browser suite's phone view checks the built site itself (test_browser.py)."""

import markdown

from verified_docs import phone_tables

WIDE = """\
| Tema | Aquí o al lado | En keras.io |
|---|---|---|
| `workers` y `use_multiprocessing` de un `PyDataset` | `use_multiprocessing`, con el aviso | sí, también `max_queue_size` |
| barajar | sí | sí |
"""

NUMBERS = """\
| Backend | ms por imagen | Primera época |
|---|---:|---:|
| jax | 12.3 | 88.0 |
| torch | 20.1 | 91.2 |
"""


def html(md: str) -> str:
    return markdown.markdown(md, extensions=["tables", "admonition"])


def test_a_table_of_long_code_names_becomes_cards_with_each_cell_labelled():
    out = phone_tables.mark(html(WIDE))
    assert '<table data-phone="cards">' in out
    assert out.count('data-label="Tema"') == 2  # the count restarts at each row
    assert out.count('data-label="En keras.io"') == 2
    assert '<td data-label="Aquí o al lado">sí</td>' in out


def test_a_table_of_figures_stays_a_table():
    assert phone_tables.mark(html(NUMBERS)) == html(NUMBERS)


def test_a_table_that_fits_at_the_top_needs_cards_inside_an_admonition():
    rows = "| Qué cambia | En tu equipo | Lo remoto |\n|---|---|---|\n| la tarjeta | `HSA_ENABLE_SDMA` | ninguna |\n"
    width = phone_tables.narrowest_px(_rows(rows)) * phone_tables.MARGIN
    column = phone_tables.PHONE_PX - phone_tables.PAGE_MARGIN_PX  # at the top of a phone's page
    assert column - phone_tables.INDENT_PX < width <= column
    assert "data-phone" not in phone_tables.mark(html(rows))
    in_a_note = html('!!! note "Nota"\n\n    ' + rows.replace("\n", "\n    "))
    assert '<table data-phone="cards">' in phone_tables.mark(in_a_note)


def test_a_stray_end_tag_does_not_lift_a_table_out_of_its_admonition():
    rows = "| Qué cambia | En tu equipo | Lo remoto |\n|---|---|---|\n| la tarjeta | `HSA_ENABLE_SDMA` | ninguna |\n"
    in_a_note = html('!!! note "Nota"\n\n    ' + rows.replace("\n", "\n    "))
    marked = phone_tables.mark(in_a_note.replace("</p>", "</p></p>", 1))  # one more, inside the note
    assert '<table data-phone="cards">' in marked, "a stray </p> closed the admonition: the table was measured at the top"


def test_a_table_written_in_html_is_left_alone_and_the_next_one_is_still_marked():
    page = '<table class="mine"><tr><td>' + "x" * 80 + "</td></tr></table>\n" + html(WIDE)
    out = phone_tables.mark(page)
    assert out.startswith('<table class="mine"><tr><td>x')
    assert out.count('data-phone="cards"') == 1 and 'data-label="Tema"' in out


def _rows(md: str) -> list:
    parser = phone_tables._Tables()
    parser.feed(html(md))
    return parser.tables[0]["rows"]
