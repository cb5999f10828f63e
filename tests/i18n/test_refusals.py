"""The engine's refusals in each language, written once, in the catalogs: the English text is
word for word what the core's own templates said before they moved here (the digests below
were taken from them), and Finnish and Russian fill their sentences with the same cards,
names, counts and rule ids."""

from __future__ import annotations

import hashlib
import re
import string

import pytest

from rummy_tui.core.cards import parse_cards, parse_face
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.melds import PlacedCard
from rummy_tui.core.offer_models import Refusal
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
ENGLISH_DIGESTS: dict[str, str] = {
    "action.unknown": "36e0776ab622",
    "cards.not_in_hand": "50b1e0d47522",
    "cards.repeated": "a80134b67dcf",
    "deal.deck_incomplete": "68aa1c7ba224",
    "deal.in_progress": "c8ab1ce80bd9",
    "deal.over": "ee6c4f1c20c1",
    "deck.card_twice": "6786f9ec2952",
    "deck.foreign_card": "c1dac889d639",
    "deck.too_small": "a64bdb3d17ab",
    "deck.uneven_hands": "f14b1ca5b5c1",
    "discard.deepest_unused": "5f2f7fac49eb",
    "discard.draw_first": "36627729e8c6",
    "discard.taken_this_turn": "b3ae542ea210",
    "draw.already_drawn": "c837c12d8f0d",
    "draw.nothing_left": "21b9b3a734d3",
    "draw.rebuild_limit": "b3ced59b0726",
    "draw.stock_not_rebuilt": "9778aac94797",
    "draw_two.boathouse_forms": "e6d9480f1106",
    "draw_two.hoyle_forms": "7c702363671f",
    "draw_two.not_offered": "08ccdd03d242",
    "end_deal.not_allowed": "5c67fe539086",
    "go_out.by_playing": "ccc925992452",
    "go_out.discard_needed": "7cf7ea68dd44",
    "go_out.discard_taken": "fa6c5b34c82c",
    "go_out.draw_first": "675528e72b70",
    "go_out.loose_cards": "35e21335197f",
    "go_out.loose_cards_one_discard": "f50df1b38c7d",
    "go_out.no_discard_before_draw": "d22d09690461",
    "go_out.not_whole_hand": "134d2d2ac7fe",
    "go_out.not_whole_hand_but_discard": "50a90cd6bd72",
    "layoff.beyond_end_joker": "dcda06ce3f89",
    "layoff.draw_first": "dfdbcc720b09",
    "layoff.fits_nowhere": "74a49296f546",
    "layoff.joker_fixed": "6d0135f4bb61",
    "layoff.no_fit": "2017a5fa0275",
    "layoff.no_meld": "a4537ac451a0",
    "layoff.table_empty": "ecc6267ffc04",
    "match.over": "1e8db1da0322",
    "match.over_no_deal": "0b537a6b693c",
    "meld.all_wild_named": "3214b5999002",
    "meld.draw_first": "6200586ea2f8",
    "meld.group_repeat_suit": "7a21f7dd12fa",
    "meld.group_too_big": "a1f75aa2c2ff",
    "meld.groups_not_melds": "eaae7cd06091",
    "meld.no_natural": "a4e7fe1a75eb",
    "meld.not_a_meld": "6ea484b17406",
    "meld.too_few": "703065a03408",
    "meld.wild_naming": "6d75e815c275",
    "play.deepest_stranded": "af2e1a185441",
    "play.keep_discard": "007cbfbc2b09",
    "play.no_end": "64b838ac3a9c",
    "play.whole_hand_only": "2281dec1aa74",
    "run.ace_low_only": "a866eb74dff1",
    "run.ace_no_corner": "2f08f78cdef7",
    "run.mixed_suits": "afb16350b735",
    "run.repeated_rank": "9fc1474fc93b",
    "run.too_long": "27fd001254ce",
    "setup.human_not_level": "05ac1943c419",
    "setup.name_accent_pile": "76cc9f0513db",
    "setup.name_leading_mark": "83939cfef091",
    "setup.name_missing": "d01f94e6ef80",
    "setup.name_odd_space": "81eedf01c2fc",
    "setup.name_too_long": "198164c8b5a3",
    "setup.name_unprintable": "b8f036bf00fc",
    "setup.names_repeat": "4889c9bb5f86",
    "setup.no_dealer_seat": "e25e2ab95c75",
    "setup.partners_four": "3641a195521d",
    "setup.player_count": "087c978f3f4a",
    "setup.seat_unnamed": "bee07ffe083c",
    "setup.unknown_level": "4340c2fcbbff",
    "take.deepest_unusable": "46bc799f8537",
    "take.pile_empty": "cc7d4193678f",
    "take.too_deep": "35494fc4b8b7",
    "take.top_only": "6d6bec6b34c0",
    "take.two_card_draw_only": "7c59f2cdfa9b",
    "takeback.deal_over": "4fb308641ee2",
    "takeback.hidden_card": "bec25fc779ea",
    "takeback.not_yours": "efb9e16af0f7",
    "takeback.nothing": "29623de3db2c",
    "takeback.nothing+player": "495dc4142f30",
    "takeback.off": "438b26151d27",
    "takeback.turn_started": "a91ef8632666",
    "turn.no_seat": "d1f8384a56eb",
    "turn.not_yours": "b49242597ae8",
    "go_out.loose_cards/run": "fac8de3ba6c4",
    "go_out.loose_cards_one_discard/run": "3a3232dc3279",
    "go_out.loose_cards/meld": "fc0109453060",
    "go_out.loose_cards_one_discard/meld": "3941cb11089f",
}
"""For each message key (and each kind of the loose-cards refusals): the first 12 hex digits
of the SHA-256 of its English sentence, a tab, and the sentence with cards drawn by
:func:`_renderers` (the loose cards: the plain sentence alone)."""


def _english(key: str) -> str:
    """The English text of message ``key``, placeholders unfilled (the loose cards' message
    that names the ``{kind}``)."""
    set_language("en")
    return MESSAGES[key]({name: value for name, value in SAMPLE_VALUES.items() if name != "kind"})


def _refusal(key: str) -> IllegalAction:
    """A refusal of the template ``key`` (``code`` or ``code+value``) with every value it uses."""
    code = key.split("+")[0]
    names = {name for _, name, _, _ in string.Formatter().parse(_english(key)) if name}
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


def _digest(*sentences: str) -> str:
    return hashlib.sha256("\t".join(sentences).encode()).hexdigest()[:12]


def test_every_message_was_a_core_sentence() -> None:
    assert {key for key in ENGLISH_DIGESTS if "/" not in key} == set(MESSAGES)


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_english_is_the_sentence_the_core_wrote(key: str) -> None:
    set_language("en")
    error = _refusal(key)
    card_text, placed_text = _renderers()
    drawn = refusal_sentence(error, card_text, placed_text)  # type: ignore[arg-type]
    assert _digest(refusal_sentence(error), drawn) == ENGLISH_DIGESTS[key], (key, drawn)


@pytest.mark.parametrize("kind", ["run", "meld"])
def test_loose_cards_in_english_name_the_kind(kind: str) -> None:
    set_language("en")
    for code in ("go_out.loose_cards", "go_out.loose_cards_one_discard"):
        error = IllegalAction(code, "E-5", cards=parse_cards("7H 8S"), kind=kind)
        sentence = refusal_sentence(error)
        assert f"fit no {kind}" in sentence
        assert _digest(sentence) == ENGLISH_DIGESTS[f"{code}/{kind}"], sentence


def test_a_code_without_a_message_is_still_said_by_its_code() -> None:
    set_language("en")
    error = IllegalAction("meld.newly_invented", "G-5", cards=parse_cards("7H"))
    assert refusal_sentence(error) == "That is not allowed: meld.newly_invented (G-5)."


def test_an_offer_s_refusal_reads_as_the_engine_s() -> None:
    set_language("en")
    error = IllegalAction("cards.repeated", "G-1", cards=parse_cards("7H 7H"))
    assert refusal_sentence(Refusal.of(error)) == refusal_sentence(error)
    assert refusal_sentence(error) == "The same card is named twice: 7H 7H (G-1)."


@pytest.mark.parametrize("language", ["fi", "ru"])
@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_translated_sentence_keeps_the_data(language: str, key: str) -> None:
    error = _refusal(key)
    card_text, placed_text = _renderers()
    english = refusal_sentence(error, card_text, placed_text)  # type: ignore[arg-type]
    set_language(language)
    try:
        sentence = refusal_sentence(error, card_text, placed_text)  # type: ignore[arg-type]
    finally:
        set_language("en")
    assert sentence != english
    assert sentence.endswith("(R-5).")
    template = _english(key)
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
