"""Whether a card can still be put on the table this turn (the Rummy 500 duty, R-5)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rummy_tui.core.cards import Card
from rummy_tui.core.melds import TableMeld, enumerate_melds, is_wild, layoff_options
from rummy_tui.core.variants.ruleset import RuleSet


def prefer_cards(
    rules: RuleSet, cards: Sequence[Card], hand: Sequence[Card], preferred: Sequence[Card]
) -> tuple[Card, ...]:
    """The same meld made with the preferred physical cards where copies allow.

    Natural cards are swapped for other copies of the same face, wild cards for other wild
    cards; ``preferred`` cards go down first, in their order.
    """
    if not preferred:
        return tuple(cards)
    rank_of = {card: number for number, card in enumerate(preferred)}
    order = sorted(hand, key=lambda card: (rank_of.get(card, len(preferred)), card))
    used: set[Card] = set()
    chosen = []
    for card in cards:
        card_wild = is_wild(rules, card)
        for other in order:
            if other in used:
                continue
            other_wild = is_wild(rules, other)
            if (card_wild and other_wild) or (
                not card_wild and not other_wild and other.face is card.face
            ):
                used.add(other)
                chosen.append(other)
                break
        else:  # pragma: no cover - the meld's own cards are always available
            raise ValueError("meld cards are not in the hand")
    return tuple(chosen)


def card_usable(
    rules: RuleSet,
    card: Card,
    hand: Sequence[Card],
    melds: Sequence[TableMeld],
    taken: Collection[Card] = (),
) -> bool:
    """Whether ``card`` (held in ``hand``) can be laid off on a table meld, or melded with other
    cards of ``hand``, leaving a hand that can still end the turn.

    The turn can end when the hand is empty (unless the table plays "must discard to go out",
    R-9) or when it holds a card that was not taken from the discard pile this turn (G-8).
    """
    blocked = set(taken)

    def can_finish(used: Collection[Card]) -> bool:
        remaining = [held for held in hand if held not in used]
        if not remaining:
            return not rules.discard_to_go_out
        return any(held not in blocked for held in remaining)

    if can_finish((card,)) and any(layoff_options(rules, meld, card) for meld in melds):
        return True
    preferred = [card, *[held for held in hand if held in blocked and held is not card]]
    for reading in enumerate_melds(rules, hand):
        cards = prefer_cards(rules, reading.cards, hand, preferred)
        if card in cards and can_finish(set(cards)):
            return True
    return False
