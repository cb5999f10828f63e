"""The engine's refusals in each language: the English text is the core's own sentence word
for word, and Finnish and Russian fill their sentences with the same cards, names, counts and
rule ids."""

from __future__ import annotations

import re
import string

import pytest
from rummy_tui.core.refusals import TEMPLATES

from rummy_tui.core.cards import parse_cards, parse_face
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.melds import PlacedCard
from rummy_tui.i18n import set_language
from rummy_tui.i18n.refusals import MESSAGES, refusal_sentence

SAMPLE_VALUES: dict[str, str | int] = {
    "seat": 3,
    "player": "Anna",
    "other": "Bob",
    "owner": "Bob",
    "action": "fly",
    "rebuilds": 2,
    "variant": "Rummy 500",
    "size": 5,
    "count": 7,
    "meld_id": 4,
    "hand_size": 13,
    "limit": 4,
    "min_players": 2,
    "max_players": 6,
    "players": 8,
    "level": "wizard",
    "codes": "U+200B",
    "pack": 1,
    "needed": 60,
    "kind": "run",
}
FIELDS = {"cards", "card", "meld", "rule"}


def _refusal(key: str) -> IllegalAction:
    """A refusal of the template ``key`` (``code`` or ``code+value``) with every value it uses."""
    code = key.split("+")[0]
    names = {name for _, name, _, _ in string.Formatter().parse(TEMPLATES[key]) if name}
    values = {name: SAMPLE_VALUES[name] for name in sorted(names - FIELDS)}
    meld = [
        PlacedCard(card=card, face=parse_face(face), seat=0)
        for card, face in zip(parse_cards("AD JK 3D"), ("AD", "2D", "3D"), strict=True)
    ]
    return IllegalAction(code, "R-5", cards=parse_cards("7H 8S"), meld=meld, **values)


def _renderers() -> tuple[object, object]:
    def card_text(card: object) -> str:
        return f"<{card}>"

    def placed_text(placed: PlacedCard) -> str:
        return f"[{placed.card}]"

    return card_text, placed_text


def test_every_core_code_has_a_message() -> None:
    assert set(MESSAGES) == set(TEMPLATES)


@pytest.mark.parametrize("key", sorted(TEMPLATES))
def test_english_is_the_core_sentence(key: str) -> None:
    set_language("en")
    error = _refusal(key)
    assert refusal_sentence(error) == error.sentence()
    card_text, placed_text = _renderers()
    assert refusal_sentence(error, card_text, placed_text) == error.sentence(  # type: ignore[arg-type]
        card_text,  # type: ignore[arg-type]
        placed_text,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize("kind", ["run", "meld"])
def test_loose_cards_in_english_name_the_kind(kind: str) -> None:
    set_language("en")
    for code in ("go_out.loose_cards", "go_out.loose_cards_one_discard"):
        error = IllegalAction(code, "E-5", cards=parse_cards("7H 8S"), kind=kind)
        assert refusal_sentence(error) == error.sentence()


@pytest.mark.parametrize("language", ["fi", "ru"])
@pytest.mark.parametrize("key", sorted(TEMPLATES))
def test_translated_sentence_keeps_the_data(language: str, key: str) -> None:
    set_language(language)
    try:
        error = _refusal(key)
        card_text, placed_text = _renderers()
        sentence = refusal_sentence(error, card_text, placed_text)  # type: ignore[arg-type]
    finally:
        set_language("en")
    assert sentence != error.sentence(card_text, placed_text)  # type: ignore[arg-type]
    assert sentence.endswith("(R-5).")
    template = TEMPLATES[key]
    if "{cards}" in template:
        assert "<7H> <8S>" in sentence
    if "{card}" in template:
        assert "<7H>" in sentence
    if "{meld}" in template:
        assert "[AD] [JK] [3D]" in sentence
    for name in ("player", "other", "owner", "level"):
        if "{" + name + "}" in template:
            assert str(SAMPLE_VALUES[name]) in sentence
    assert not re.search(r"\b(the|and|card|meld|discard)\b", sentence), sentence


def test_counts_take_the_russian_plural_forms() -> None:
    set_language("ru")
    try:
        sentences = {
            n: refusal_sentence(IllegalAction("take.too_deep", "F-3", size=n, count=9))
            for n in (1, 3, 5)
        }
        variant = refusal_sentence(
            IllegalAction("draw_two.not_offered", "C-3", variant="Double Rum")
        )
    finally:
        set_language("en")
    assert "1 карту" in sentences[1] or "1 карта" in sentences[1]
    assert "3 карты" in sentences[3]
    assert "5 карт" in sentences[5]
    assert "Двойной ром" in variant
