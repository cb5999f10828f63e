"""Solver and meld-listing rules that broken copies of the core got past (mutation sample).

Each test states one behaviour of RULES.md by its id, worked out by hand from the rule text, so
that a mutant of the search internals changing it fails here. See README, "Mutation testing".
"""

from __future__ import annotations

from rummy_tui.core import get_variant
from rummy_tui.core.arrange import best_arrangement, may_go_out
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
