"""The best-arrangement solver (B-3, B-4, B-5, C-1, D-2, D-4, E-3, E-4, E-7, G-6, R-2)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_tui.core.arrange import (
    Arrangement,
    best_arrangement,
    full_arrangement,
    go_out_arrangements,
)
from rummy_tui.core.cards import SUITS, Card, make_packs, parse_cards
from rummy_tui.core.melds import MeldKind, is_valid_meld, meld_readings
from rummy_tui.core.values import hand_value
from rummy_tui.core.variants import RuleSet, get_variant

# (id, variant, options, packs, jokers per pack) for the property tests.
CONFIGS: list[tuple[str, str, dict[str, object], int, int]] = [
    ("classic", "classic", {}, 1, 0),
    ("boathouse-pip", "boathouse", {}, 1, 0),
    ("boathouse-per-card", "boathouse", {"unmatched_value": "per_card"}, 1, 0),
    ("double", "double", {}, 2, 1),
    ("rummy500-two-packs", "rummy500", {}, 2, 0),
    ("rummy500-jokers", "rummy500", {"jokers_per_pack": 1}, 2, 1),
    ("european", "european", {}, 2, 1),
    ("european-twos-wild", "european", {"twos_wild": True}, 2, 1),
    ("european-twos-wild-around", "european", {"twos_wild": True, "ace_rule": "around"}, 3, 1),
]


def brute_force(rules: RuleSet, cards: Sequence[Card]) -> tuple[int, int]:
    """(penalty, unmatched count) of the best split, trying every subset as a meld."""
    values = [hand_value(rules, card) for card in cards]

    @cache
    def valid(subset: int) -> bool:
        return is_valid_meld(rules, [card for i, card in enumerate(cards) if subset >> i & 1])

    @cache
    def best(left: int) -> tuple[int, int]:
        if not left:
            return (0, 0)
        low = left & -left
        penalty, count = best(left ^ low)
        result = (penalty + values[low.bit_length() - 1], count + 1)
        others = left ^ low
        subset = others
        while True:
            meld = subset | low
            if meld.bit_count() >= 3 and valid(meld):
                result = min(result, best(left ^ meld))
            if not subset:
                return result
            subset = (subset - 1) & others

    return best((1 << len(cards)) - 1)


def check_valid(rules: RuleSet, cards: Sequence[Card], arrangement: Arrangement) -> None:
    """The arrangement splits exactly these cards into valid readings plus sorted deadwood."""
    melded = [card for meld in arrangement.melds for card in meld]
    assert len(melded) == len(set(melded))
    assert Counter(melded + list(arrangement.deadwood)) == Counter(cards)
    for reading in arrangement.readings:
        assert reading in meld_readings(rules, reading.cards)
    assert list(arrangement.deadwood) == sorted(arrangement.deadwood)
    assert arrangement.penalty == sum(hand_value(rules, card) for card in arrangement.deadwood)


@st.composite
def dense_hands(draw: st.DrawFn, deck: Sequence[Card], max_size: int) -> list[Card]:
    """Hands from a few suits and ranks (plus the jokers), so melds are common."""
    suits = draw(st.sets(st.sampled_from(SUITS), min_size=1, max_size=3))
    ranks = draw(st.sets(st.integers(1, 13), min_size=3, max_size=8))
    pool = [card for card in deck if card.is_joker or (card.suit in suits and card.rank in ranks)]
    return draw(st.lists(st.sampled_from(pool), unique=True, max_size=max_size))


# ----------------------------------------------------------------------------- properties


@pytest.mark.parametrize(("name", "variant", "options", "packs", "jokers"), CONFIGS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_matches_brute_force(
    name: str,
    variant: str,
    options: dict[str, object],
    packs: int,
    jokers: int,
    data: st.DataObject,
) -> None:
    rules = get_variant(variant, **options)
    cards = data.draw(dense_hands(make_packs(packs, jokers), 8))
    expected = brute_force(rules, cards)
    found = best_arrangement(rules, cards)
    check_valid(rules, cards, found)
    assert (found.penalty, len(found.deadwood)) == expected
    whole = full_arrangement(rules, cards)
    assert (whole is not None) == (expected[1] == 0)
    if whole is not None:
        check_valid(rules, cards, whole)
        assert not whole.deadwood


@pytest.mark.parametrize(("name", "variant", "options", "packs", "jokers"), CONFIGS)
def test_large_hands_are_consistent(
    name: str, variant: str, options: dict[str, object], packs: int, jokers: int
) -> None:
    rules = get_variant(variant, **options)
    deck = make_packs(max(packs, 4), max(jokers, 1) if jokers else 0)
    rng = random.Random(name)
    for _ in range(25):
        suits = rng.sample(SUITS, rng.randint(1, 2))
        pool = [card for card in deck if card.is_joker or card.suit in suits]
        cards = rng.sample(pool, rng.randint(12, 16))
        found = best_arrangement(rules, cards)
        check_valid(rules, cards, found)
        whole = full_arrangement(rules, cards)
        assert (whole is not None) == (not found.deadwood)
        shuffled = cards[:]
        rng.shuffle(shuffled)
        assert best_arrangement(rules, shuffled) == found


# ----------------------------------------------------------------------------- rule examples


def test_B5_pays_only_unmatched_cards() -> None:
    rules = get_variant("boathouse")
    found = best_arrangement(rules, parse_cards("3D 2D AD KD QD 7S 7H 7C 9S"))
    assert found.penalty == 9
    assert found.deadwood == tuple(parse_cards("9S"))
    assert sorted(map(len, found.melds)) == [3, 5]


def test_B5_pip_value_ace_eleven() -> None:
    found = best_arrangement(get_variant("boathouse"), parse_cards("AS 5H KC KD"))
    assert found.penalty == 11 + 5 + 10 + 10


def test_B5_per_card_option() -> None:
    rules = get_variant("boathouse", unmatched_value="per_card")
    assert best_arrangement(rules, parse_cards("3D 2D AD KD QD 7S 7H 7C 9S")).penalty == 1
    assert best_arrangement(rules, parse_cards("AS 5H KC KD 9D")).penalty == 5


def test_B4_run_around_the_corner() -> None:
    hand = parse_cards("KD AD 2D")
    assert full_arrangement(get_variant("boathouse"), hand) is not None
    assert full_arrangement(get_variant("classic"), hand) is None
    assert full_arrangement(get_variant("double"), hand) is None  # D-3: never round the corner
    assert full_arrangement(get_variant("double"), parse_cards("QD KD AD")) is not None


def test_B4_run_of_all_thirteen_ranks() -> None:
    hand = parse_cards("5H 6H 7H 8H 9H 10H JH QH KH AH 2H 3H 4H")
    found = full_arrangement(get_variant("boathouse"), hand)
    assert found is not None and len(found.readings) in (1, 2, 3, 4)


def test_C1_ace_low_only() -> None:
    rules = get_variant("classic")
    assert best_arrangement(rules, parse_cards("QH KH AH")).penalty == 21
    assert best_arrangement(rules, parse_cards("AH 2H 3H 9C")).penalty == 9


def test_classic_overlapping_group_and_run() -> None:
    rules = get_variant("classic")
    found = best_arrangement(rules, parse_cards("AH 2H 3H 4H 5S 5D 5C 9C"))
    assert found.penalty == 9
    found = best_arrangement(rules, parse_cards("4H 5H 6H 5S 5D 7H"))
    assert found.penalty == 10  # 4H-7H; the fives as a group would strand 4H 6H 7H
    found = best_arrangement(rules, parse_cards("4H 5H 6H 5S 5D 7H 8H"))
    assert found.deadwood == tuple(parse_cards("4H"))  # 5H 5S 5D and 6H-8H


def test_E7_whole_hand_in_runs() -> None:
    rules = get_variant("european")
    hand = parse_cards("AH 2H 3H 4H 5S 6S 7S 8S 9D 10D JD JC QC KC JK")
    found = full_arrangement(rules, hand)
    assert found is not None
    assert all(reading.kind is MeldKind.RUN for reading in found.readings)
    assert len(found.melds) == 4


def test_E3_groups_do_not_count() -> None:
    rules = get_variant("european")
    assert full_arrangement(rules, parse_cards("7H 7S 7D")) is None
    assert best_arrangement(rules, parse_cards("7H 7S 7D")).penalty == 3  # one chip a card


def test_E4_sixteen_cards_four_packs_jokers_and_twos() -> None:
    rules = get_variant("european", twos_wild=True)
    hand = parse_cards("AH 2H 3H 4H 7C JK 9C QS 2S JK 5D 6D 7D 5D 6D 7D")
    found = full_arrangement(rules, hand)
    assert found is not None
    check_valid(rules, hand, found)
    assert len(found.readings) == 5
    assert best_arrangement(rules, hand).penalty == 0


def test_E4_fifteen_cards_need_every_wild() -> None:
    rules = get_variant("european", twos_wild=True)
    hand = parse_cards("3H JK 5H 9S 2C JS 2D KS JK 6C 7C 8C 9C 4D 5D")
    found = full_arrangement(rules, hand)
    assert found is not None
    check_valid(rules, hand, found)
    assert (
        full_arrangement(rules, parse_cards("3H JK 5H 9S 2C JS 2D KS QH 6C 7C 8C 9C 4D 5D")) is None
    )


def test_E4_two_stands_as_itself() -> None:
    rules = get_variant("european", twos_wild=True)
    found = full_arrangement(rules, parse_cards("2H JK JK"))
    assert found is not None
    assert full_arrangement(rules, parse_cards("JK JK JK")) is None
    assert full_arrangement(get_variant("european"), parse_cards("JK JK JK")) is None


def test_E4_wild_cards_alone_need_a_two_in_each_run() -> None:
    rules = get_variant("european", twos_wild=True)
    hand = parse_cards("2C 2D 2H 2S " * 4)  # sixteen twos: more than one run of 13 can hold
    found = full_arrangement(rules, hand)
    assert found is not None
    check_valid(rules, hand, found)
    assert len(found.readings) == 2
    found = best_arrangement(rules, parse_cards("JK JK 2C 5H 9D"))
    assert found.deadwood == tuple(parse_cards("9D"))


def test_E2_aces_both_option() -> None:
    hand = parse_cards("KS AS 2S QD KD AD")
    assert full_arrangement(get_variant("european", ace_rule="around"), hand) is not None
    assert full_arrangement(get_variant("european"), hand) is None


def test_D2_duplicate_group() -> None:
    rules = get_variant("double")
    found = full_arrangement(rules, parse_cards("KS KS KD"))
    assert found is not None
    assert found.readings[0].kind is MeldKind.GROUP
    # Rummy 500 groups never hold the same suit twice, even with two packs.
    assert full_arrangement(get_variant("rummy500"), parse_cards("KS KS KD")) is None
    assert full_arrangement(get_variant("rummy500"), parse_cards("KS KH KD")) is not None


def test_D4_jokers_fill_and_extend_melds() -> None:
    rules = get_variant("double")
    found = full_arrangement(rules, parse_cards("5H JK 7H KS KD JK"))
    assert found is not None
    assert full_arrangement(rules, parse_cards("5H 6H 7H JK JK")) is not None
    assert best_arrangement(rules, parse_cards("JK 9C 4D")).penalty == 15 + 9 + 4


def test_G6_every_meld_needs_a_natural_card() -> None:
    found = best_arrangement(get_variant("double"), parse_cards("JK JK JK"))
    assert found.readings == ()
    assert found.penalty == 45


def test_fewer_unmatched_cards_at_equal_penalty() -> None:
    found = best_arrangement(get_variant("double"), parse_cards("4H QH 4S 5S 7S 9S JK"))
    assert found.penalty == 23
    assert len(found.deadwood) == 3


def test_empty_hand() -> None:
    assert best_arrangement(get_variant("classic"), []) == Arrangement((), (), 0)
    assert full_arrangement(get_variant("classic"), []) == Arrangement((), (), 0)


def test_B3_go_out_with_or_without_discard() -> None:
    rules = get_variant("boathouse")
    hand = parse_cards("3D 2D AD KD QD 7S 7H 7C 9S 9H 9D")
    ways = go_out_arrangements(rules, hand)
    assert ways and ways[0][0] is None
    discards = {str(card) for card, _ in ways if card is not None}
    assert "7S" not in discards  # 7H 7C alone is no meld
    assert {"3D", "QD"} <= discards
    hand = parse_cards("3D 2D AD KD QD 7S 7H 7C 9S 9H 9D 4C")
    ways = go_out_arrangements(rules, hand)
    assert [str(card) for card, _ in ways] == ["4C"]
    for discard, arrangement in ways:
        rest = [card for card in hand if card is not discard]
        check_valid(rules, rest, arrangement)
        assert not arrangement.deadwood
    forbidden = [card for card in hand if str(card) == "4C"]
    assert go_out_arrangements(rules, hand, forbidden) == []


def test_B3_one_discard_per_face() -> None:
    rules = get_variant("european")
    hand = parse_cards("3H 4H 5H 6H 6H 7C 8C 9C")
    ways = go_out_arrangements(rules, hand)
    assert [str(card) for card, _ in ways] == ["6H"]
    first_six = next(card for card in hand if str(card) == "6H")
    ways = go_out_arrangements(rules, hand, [first_six])
    assert [card.key for card, _ in ways if card is not None] == ["6H.1"]
