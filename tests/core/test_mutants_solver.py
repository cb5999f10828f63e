"""Solver and meld-listing rules that broken copies of the core got past (mutation sample).

Each test states one behaviour of RULES.md by its id, worked out by hand from the rule text, so
that a mutant of the search internals changing it fails here. See tests/README.md, "Mutation
testing".
"""

from __future__ import annotations

from rummy_tui.core import get_variant
from rummy_tui.core.arrange import best_arrangement, go_out_arrangements, may_go_out
from rummy_tui.core.cards import parse_cards
from rummy_tui.core.meld_listing import enumerate_melds


def test_e7_eleven_spades_and_three_jokers_go_out() -> None:
    """3S..KS and three jokers make runs of every card: 3S-JK-JK, 4S-5S-JK, 6S-7S-8S, 9S..KS.

    Eleven naturals and three wild cards are more than one run of 13 can hold, the case where
    the search considers leaving a natural card out of a long run.
    """
    rules = get_variant("european")
    hand = parse_cards("3S 4S 5S 6S 7S 8S 9S TS JS QS KS JK JK JK")
    arrangement = best_arrangement(rules, hand)
    assert arrangement.penalty == 0
    assert sum(len(meld) for meld in arrangement.melds) == len(hand)
    assert may_go_out(rules, hand)


def _starts(hand: str) -> set[int | None]:
    rules = get_variant("european", twos_wild=True)
    return {meld.start for meld in enumerate_melds(rules, parse_cards(hand))}


def test_e4_three_twos_are_listed_as_ace_two_three_and_two_three_four() -> None:
    """With twos wild, three twos make a run that starts at the ace (A-2-3: E-2 lets the ace
    be low) or at the two (2-3-4): both readings are offered."""
    assert _starts("2C 2H 2S") == {1, 2}


def test_e4_six_with_two_wild_twos_is_listed_at_each_of_its_places() -> None:
    """6H with two wild twos is 4-5-6, 5-6-7 or 6-7-8: the listed runs start at 4, 5 and 6."""
    assert _starts("6H 2C 2S") == {4, 5, 6}


def test_e7_two_copies_of_a_wild_two_do_not_hide_a_go_out() -> None:
    """With twos wild and two packs, the hand after the draw holds both 2♣ (wild, E-4), 3♣-K♣
    with 5♣ and 6♣ twice, and A♦: it goes out (A♦ 2♣ 2♣ as A-2-3 of diamonds, 3♣-6♣, 5♣-7♣,
    8♣-10♣, J♣-K♣) and may also discard a card first, so the quick test before the exact search
    must not rule it out. The wild cards are counted by what they are, not by their neighbours.
    """
    rules = get_variant("european", twos_wild=True)
    hand = parse_cards("2C 2C 3C 4C 5C 5C 6C 6C 7C 8C 9C TC JC QC KC AD")
    assert len(hand) == 16
    assert go_out_arrangements(rules, hand)
    assert may_go_out(rules, hand)


def test_e4_a_run_that_needs_one_wild_card_is_listed_with_the_joker_first() -> None:
    """With twos wild, 5H 6H with a joker and 2C: the listing fills a gap with the joker before
    the two (the order its docstring promises: jokers before twos)."""
    rules = get_variant("european", twos_wild=True)
    runs = [
        meld
        for meld in enumerate_melds(rules, parse_cards("5H 6H JK 2C"))
        if len(meld.cards) == 3 and {str(card) for card in meld.cards} >= {"5H", "6H"}
    ]
    assert runs and all(any(card.is_joker for card in meld.cards) for meld in runs)


def test_e2_e4_a_wild_two_stands_as_itself_at_the_end_of_k_a_2() -> None:
    """Options "aces both" (E-2) and "twos wild" (E-4): 2C with two jokers is listed as
    K♣-A♣-2♣ with the two as itself, the run turning the corner at the ace."""
    from rummy_tui.core.variants.ruleset import AceRule

    rules = get_variant("european", twos_wild=True, ace_rule=AceRule.AROUND)
    readings = {
        tuple(str(face) for face in meld.faces)
        for meld in enumerate_melds(rules, parse_cards("2C JK JK"))
    }
    assert ("KC", "AC", "2C") in readings
