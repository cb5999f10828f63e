"""The catalogs match the source: every marked message is in each language, translated, not
fuzzy, with the same placeholders, compiled into an up-to-date .mo, with the right plurals."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from rummy_tui.i18n import catalogs, count_cards, set_language

TRANSLATED = catalogs.TRANSLATED_LANGUAGES
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")


def _ids(catalog: object) -> set[tuple[str, str | None]]:
    return {catalogs._message_key(message) for message in catalog if message.id}  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def template() -> object:
    return catalogs.extract_template()


def test_every_language_has_a_catalog() -> None:
    assert TRANSLATED == ("fi", "ru")
    for language in TRANSLATED:
        assert catalogs.po_path(language).is_file()
        assert catalogs.mo_path(language).is_file()


def test_source_marks_messages(template: object) -> None:
    found = {msgid for msgid, _context in _ids(template)}
    assert {"New game", "Hot-seat rummy for 2 to 12 players", "{n} card"} <= found


@pytest.mark.parametrize("language", TRANSLATED)
def test_catalog_is_up_to_date_with_the_source(template: object, language: str) -> None:
    catalog = catalogs.read_catalog(catalogs.po_path(language), language)
    missing = _ids(template) - _ids(catalog)
    unused = _ids(catalog) - _ids(template)
    assert not missing, f"run `python -m rummy_tui.i18n update`; missing: {sorted(missing)}"
    assert not unused, f"run `python -m rummy_tui.i18n update`; no longer used: {sorted(unused)}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_and_not_fuzzy(language: str) -> None:
    catalog = catalogs.read_catalog(catalogs.po_path(language), language)
    for message in catalog:
        if not message.id:
            continue
        assert not message.fuzzy, f"{language}: {message.id!r} is fuzzy"
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"{language}: {message.id!r} has no translation"
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set(PLACEHOLDER.findall(" ".join(ids)))
        for text in strings:
            assert set(PLACEHOLDER.findall(text)) == wanted, (language, message.id, text)


@pytest.mark.parametrize("language", TRANSLATED)
def test_compiled_catalog_matches_its_po(language: str) -> None:
    catalog = catalogs.read_catalog(catalogs.po_path(language), language)
    assert catalogs.mo_path(language).read_bytes() == catalogs.compiled_bytes(catalog), (
        "run `python -m rummy_tui.i18n compile`"
    )


def test_check_finds_nothing_wrong() -> None:
    assert [str(problem) for problem in catalogs.check()] == []


def test_check_names_a_message_missing_from_a_catalog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check can fail: a Finnish catalog without "Quit" is reported, and so is its .mo."""
    copy = tmp_path / "rummy_tui.po"
    shutil.copy(catalogs.po_path("fi"), copy)
    text = copy.read_text(encoding="utf-8")
    text = re.sub(r'#: [^\n]*\nmsgid "Quit"\nmsgstr "Lopeta"\n', "", text)
    copy.write_text(text, encoding="utf-8")
    monkeypatch.setattr(catalogs, "po_path", lambda language: copy)
    problems = [str(problem) for problem in catalogs.check(["fi"])]
    assert "fi: 'Quit' is not in the catalog; run update." in problems


RUSSIAN_CARDS = {
    1: "1 карта",
    2: "2 карты",
    4: "4 карты",
    5: "5 карт",
    11: "11 карт",
    12: "12 карт",
    14: "14 карт",
    21: "21 карта",
    22: "22 карты",
    25: "25 карт",
    101: "101 карта",
    111: "111 карт",
    0: "0 карт",
}
FINNISH_CARDS = {0: "0 korttia", 1: "1 kortti", 2: "2 korttia", 15: "15 korttia", 21: "21 korttia"}
ENGLISH_CARDS = {0: "0 cards", 1: "1 card", 2: "2 cards"}


@pytest.mark.parametrize(
    ("language", "expected"),
    [("ru", RUSSIAN_CARDS), ("fi", FINNISH_CARDS), ("en", ENGLISH_CARDS)],
)
def test_plural_forms(language: str, expected: dict[int, str]) -> None:
    set_language(language)
    assert {n: count_cards(n) for n in expected} == expected
