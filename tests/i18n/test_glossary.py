"""One word per concept (issue 21, item 20): no catalog uses a second word for a term the
glossary has chosen, and no Russian sentence about a named player needs a gender. Both lists
live in ``rummy_tui/locale/GLOSSARY.md``; this test reads them from there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rummy_tui.i18n.catalogs import po_path, read_catalog

GLOSSARY = Path(__file__).parents[2] / "rummy_tui" / "locale" / "GLOSSARY.md"
NAMED = re.compile(r"\{(player|name|owner|first|winner|dealer|leader|other|last|partner)\}")


def table_after(heading: str, columns: int) -> list[list[str]]:
    """The rows of the first Markdown table after the line that starts with ``heading``."""
    text = GLOSSARY.read_text(encoding="utf-8").split(heading, 1)[1]
    rows = []
    for line in text.split("\n| ", 1)[1].split("\n\n", 1)[0].splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == columns and not set(cells[0]) <= {"-"}:
            rows.append(cells)
    return rows[1:]  # the heading row


def pattern(words: str) -> re.Pattern[str] | None:
    """One pattern for the comma-separated words or stems (``stem*``); None for "—"."""
    parts = [word.strip() for word in words.split(",") if word.strip() not in ("", "—")]
    if not parts:
        return None
    alternatives = [
        re.escape(word[:-1]) + r"\w*" if word.endswith("*") else re.escape(word) for word in parts
    ]
    return re.compile(r"(?<!\w)(?:" + "|".join(alternatives) + r")(?!\w)", re.IGNORECASE)


def translations(language: str) -> list[tuple[str, str]]:
    """(msgid, translation) of every message of the catalog, every plural form."""
    found = []
    for message in read_catalog(po_path(language), language):
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
        strings = message.string if isinstance(message.string, tuple | list) else [message.string]
        found += [(str(msgid), text) for text in strings if text]
    return found


CONCEPTS = table_after("## One word per concept", 4)
GENDERED = table_after("Sentences about a named player never need", 2)


def test_the_glossary_lists_the_concepts() -> None:
    languages = {language for _concept, language, _term, _never in CONCEPTS}
    assert languages == {"fi", "ru"} and len(CONCEPTS) >= 20
    assert [language for language, _words in GENDERED] == ["ru"]


@pytest.mark.parametrize("language", ["fi", "ru"])
def test_a_catalog_never_uses_a_second_word_for_a_glossary_concept(language: str) -> None:
    catalog = translations(language)
    wrong = []
    for concept, row_language, term, never in CONCEPTS:
        forbidden = pattern(never)
        if row_language != language or forbidden is None:
            continue
        for msgid, text in catalog:
            if found := forbidden.search(text):
                wrong.append(
                    f"{concept}: {found.group(0)!r} (say {term!r}) in {text!r} ({msgid!r})"
                )
    assert not wrong, "\n".join(wrong)


def test_russian_sentences_about_a_named_player_need_no_gender() -> None:
    ((_language, words),) = GENDERED
    gendered = pattern(words.replace("(а)", ""))
    assert gendered is not None
    wrong = [
        f"{text!r} ({msgid!r})"
        for msgid, text in translations("ru")
        if NAMED.search(text) and (gendered.search(text) or "(а)" in text)
    ]
    assert not wrong, "\n".join(wrong)
