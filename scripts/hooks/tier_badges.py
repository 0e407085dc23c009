"""MkDocs hook: show each code block's verification tier to the reader as a small badge.

The page marks a block with a pytest-codeblocks comment (<!--pytest.mark.run-->) that the test
harness reads; this hook turns the same comment into a visible, labelled badge, so what the
reader is told and what CI does come from one marker. Tier names and texts: scripts/tiers.py.
"""

import html
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from scripts.tiers import TIERS  # noqa: E402

MARK = re.compile(r"^(?P<indent>[ \t]*)<!--\s*pytest\.mark\.(?P<tier>\w+)(?:\(.*\))?\s*-->[ \t]*$", re.M)
LABEL = {"es": "Verificación", "en": "Verification"}


def page_language(page) -> str:
    m = re.search(r"\.(es|en)\.md$", page.file.src_uri)
    return m[1] if m else "es"


def on_page_markdown(markdown, page, config, files):
    lang = page_language(page)

    def badge(m):
        tier = m["tier"]
        if tier not in TIERS:
            return m[0]  # not a tier mark; the harness reports it
        short, long = TIERS[tier][lang]
        return (
            f'{m["indent"]}<p class="tier tier--{tier}" title="{html.escape(long)}">'
            f'<span class="tier__label">{LABEL[lang]}:</span> {html.escape(short)}</p>\n'
        )

    return MARK.sub(badge, markdown)
