"""What a card is worth under each variant's scoring.

>>> from rummy_tui.core.cards import parse_cards
>>> from rummy_tui.core.variants import get_variant
>>> [hand_value(get_variant("classic"), card) for card in parse_cards("AS 7H KD")]
[1, 7, 10]
>>> [hand_value(get_variant("double"), card) for card in parse_cards("AS 7H JK")]
[11, 7, 15]
>>> [hand_value(get_variant("rummy500"), card) for card in parse_cards("AS 10H")]
[15, 10]
>>> hand_value(get_variant("european"), parse_cards("KS")[0])
1
"""

from __future__ import annotations

from collections.abc import Iterable

from rummy_tui.core.cards import ACE, JOKER_RANK, Card, Face
from rummy_tui.core.variants.ruleset import RuleSet, Scoring, UnmatchedValue


def pip_value(rules: RuleSet, face: Face) -> int:
    """Face value: the ace by the variant, 2-10 by number, J/Q/K 10, the joker by the variant."""
    if face.rank == JOKER_RANK:
        return rules.joker_value
    if face.rank == ACE:
        return rules.ace_value
    return min(face.rank, 10)


def hand_value(rules: RuleSet, card: Card) -> int:
    """What one unmatched card in a hand costs (the unit of ``best_arrangement().penalty``).

    Classic: ace 1, pip. Boathouse: ace 11 and pip, or 1 a card by option. Double Rum: joker 15,
    ace 11. Rummy 500: ace 15. European Rummy: 1 a card (the count of unmatched cards).
    """
    if rules.scoring is Scoring.CHIPS:
        return 1
    if rules.scoring is Scoring.UNMATCHED and rules.unmatched_value is UnmatchedValue.PER_CARD:
        return 1
    return pip_value(rules, card.face)


def hand_total(rules: RuleSet, cards: Iterable[Card]) -> int:
    """The summed :func:`hand_value` of some cards."""
    return sum(hand_value(rules, card) for card in cards)


def table_value(rules: RuleSet, card: Card, face: Face, run_position: int | None) -> int:
    """What a card on the table scores for the seat that put it there (R-3, R-11).

    ``run_position`` is the card's position when it is in a run (1 is a low ace): Rummy 500
    counts a natural ace used low in a run as 1.
    """
    if card.rank == JOKER_RANK:
        return rules.joker_value
    if (
        card.rank == ACE
        and run_position == 1
        and face.rank == ACE
        and rules.low_ace_in_run_value is not None
    ):
        return rules.low_ace_in_run_value
    return pip_value(rules, card.face)
