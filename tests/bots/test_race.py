"""The race count of European Rummy: distance to going out and outs, checked against the solver.

A hand's distance is 0 exactly when the exact solver lays every card down in runs (E-3, E-7),
and 1 exactly when one swap of a card can make it so; the outs of a hand one card away are
exactly the faces that let it go out. Aces both ways (E-2) and twos wild (E-4) change both.
"""

from __future__ import annotations

import random

import pytest

from rummy_tui.bots.analysis import FACES_BY_CODE
from rummy_tui.bots.race import Race
from rummy_tui.core import Card, RuleSet, best_arrangement, get_variant, parse_cards
from rummy_tui.core.cards import JOKER_FACE, SUITS, Face
from rummy_tui.core.dealing import full_deck
from rummy_tui.core.variants import AceRule

TABLES = {
    "aces low": get_variant("european"),
    "aces both": get_variant("european", ace_rule=AceRule.AROUND),
    "twos wild": get_variant("european", twos_wild=True),
}


def race_for(rules: RuleSet) -> Race:
    return Race(rules, players=2, live=[1.0] * 53)


def goes_out(rules: RuleSet, cards: list[Card]) -> bool:
    """Whether the exact solver lays every card down."""
    return not best_arrangement(rules, cards).deadwood


def complete_hand(rng: random.Random, rules: RuleSet) -> tuple[list[Card], list[Card]]:
    """A random 15-card hand that goes out (runs of 3 to 6, a joker now and then), and the
    cards left in the packs."""
    deck = full_deck(rules, 2)
    while True:
        pool = list(deck)
        rng.shuffle(pool)
        hand: list[Card] = []
        lengths = rng.choice([(3, 3, 3, 3, 3), (3, 4, 4, 4), (5, 5, 5), (3, 6, 6), (4, 5, 6)])
        for length in lengths:
            suit = rng.choice(SUITS)
            first = rng.randint(1, 14 - length)
            for rank in range(first, first + length):
                wanted = JOKER_FACE if rng.random() < 0.1 else Face(rank, suit)
                found = next((card for card in pool if card.face is wanted), None)
                if found is None:
                    break
                pool.remove(found)
                hand.append(found)
        if len(hand) == 15 and goes_out(rules, hand):
            return hand, pool


def one_swap_away(rules: RuleSet, hand: list[Card]) -> set[int]:
    """Faces (by code) that, drawn, let the hand go out after one discard (brute force)."""
    found: set[int] = set()
    for face in FACES_BY_CODE:
        drawn = [*hand, Card(face, 9)]
        if any(goes_out(rules, drawn[:index] + drawn[index + 1 :]) for index in range(16)):
            found.add(face.code)
    return found


@pytest.mark.parametrize("table", list(TABLES))
def test_E_7_distance_is_zero_exactly_when_the_hand_goes_out(table: str) -> None:
    rules = TABLES[table]
    race = race_for(rules)
    rng = random.Random(7)
    for _ in range(40):
        hand, pool = complete_hand(rng, rules)
        assert race.distance(hand) == 0
        broken = list(hand)
        broken[rng.randrange(15)] = rng.choice(pool)
        assert (race.distance(broken) == 0) == goes_out(rules, broken)


@pytest.mark.parametrize("table", list(TABLES))
def test_E_7_one_card_away_and_its_outs_match_a_brute_force_search(table: str) -> None:
    rules = TABLES[table]
    race = race_for(rules)
    rng = random.Random(11)
    checked = 0
    while checked < 6:
        hand, pool = complete_hand(rng, rules)
        hand[rng.randrange(15)] = rng.choice(pool)
        if goes_out(rules, hand):
            continue
        exact = one_swap_away(rules, hand)
        standing = race.standing(hand)
        assert (standing.distance == 1) == bool(exact)
        if standing.distance == 1:
            assert standing.outs == len(exact)
        checked += 1


def test_E_3_distance_never_exceeds_the_unmatched_cards() -> None:
    rules = TABLES["aces low"]
    race = race_for(rules)
    deck = full_deck(rules, 2)
    rng = random.Random(3)
    for _ in range(200):
        hand = rng.sample(deck, 15)
        assert race.distance(hand) <= len(best_arrangement(rules, hand).deadwood)


def test_E_2_a_run_turns_the_corner_only_with_aces_both() -> None:
    hand = parse_cards("QS KS AS 4H 5H 6H 7H 9D 10D JD QD KD 5C 6C 7C")
    assert race_for(TABLES["aces low"]).distance(hand) == 1
    assert race_for(TABLES["aces both"]).distance(hand) == 0


def test_E_4_twos_are_wild_only_with_the_option() -> None:
    hand = parse_cards("2S 4H 5H 6H 7H 9D 10D JD QD KD 5C 6C 7C 8S 9S")
    assert race_for(TABLES["aces low"]).distance(hand) == 1  # 2S is a lone spade
    assert race_for(TABLES["twos wild"]).distance(hand) == 0  # 2S stands for 7S or 10S


def test_E_8_every_wild_card_is_an_out() -> None:
    rules = TABLES["aces low"]
    race = Race(rules, players=2, live=[0.0] * 52 + [2.0])
    hand = parse_cards("AS 2S 3S 4H 5H 6H 7H 9D 10D JD QD KD 5C 6C 9C")
    assert race.standing(hand).outs == 2.0  # only the two jokers may still come


def test_discards_are_ranked_nearest_first_then_by_outs() -> None:
    rules = TABLES["aces low"]
    race = race_for(rules)
    hand = parse_cards("AS 2S 3S 4H 5H 6H 7H 9D 10D JD QD KD 5C 6C 9C 8S")
    ranked = race.discards(hand, hand)
    standings = [standing for standing, _ in ranked]
    assert standings == sorted(standings, key=lambda item: (item.distance, -item.outs))
    best = {card.key for standing, card in ranked if standing == standings[0]}
    assert best & {"9C", "8S"}
