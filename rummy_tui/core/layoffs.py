"""Laying a card off on a meld on the table (R-7): where a card fits a meld, and the meld with
the card added, a Double Rum end joker moved along with it (D-6).
"""

from __future__ import annotations

from dataclasses import dataclass

from rummy_tui.core.cards import SUITS, Card, Face, PlacedCard
from rummy_tui.core.melds import (
    MAX_RUN,
    End,
    MeldKind,
    TableMeld,
    is_wild,
    normal_start,
    position_range,
    position_rank,
)
from rummy_tui.core.variants.ruleset import RuleSet


@dataclass(frozen=True, slots=True)
class LayOff:
    """One legal way to add a card to a meld on the table."""

    meld_id: int
    card: Card
    face: Face
    """What the card stands for there."""
    end: End


def layoff_options(rules: RuleSet, meld: TableMeld, card: Card) -> list[LayOff]:
    """Every way ``card`` may be laid off on ``meld`` (R-6, R-7, D-5, D-6)."""
    if meld.kind is MeldKind.GROUP:
        return _group_layoffs(rules, meld, card)
    return _run_layoffs(rules, meld, card)


def _group_layoffs(rules: RuleSet, meld: TableMeld, card: Card) -> list[LayOff]:
    if not rules.groups_allowed:
        return []
    size = len(meld.cards)
    if rules.group_max is not None and size >= rules.group_max:
        return []
    rank = meld.rank
    present = [placed.face.suit for placed in meld.cards]
    wild = is_wild(rules, card)
    if not wild:
        if card.rank != rank:
            return []
        if not rules.group_repeat_suits and card.suit in present:
            return []
        return [LayOff(meld.meld_id, card, card.face, End.GROUP)]
    if rules.group_repeat_suits:
        missing = [suit for suit in SUITS if suit not in present] or list(SUITS)
        return [LayOff(meld.meld_id, card, Face(rank, missing[0]), End.GROUP)]
    options = []
    if card.rank == rank and card.suit not in present:
        options.append(LayOff(meld.meld_id, card, card.face, End.GROUP))
    for suit in SUITS:
        if suit not in present and not (card.rank == rank and card.suit == suit):
            options.append(LayOff(meld.meld_id, card, Face(rank, suit), End.GROUP))
    return options


def _position_exists(rules: RuleSet, meld: TableMeld, position: int) -> bool:
    """Whether the run may grow to ``position``: never past 13 cards, so no rank (not even
    an ace, high and low at once) appears twice in a run."""
    if len(meld.cards) >= MAX_RUN:
        return False
    bounds = position_range(rules)
    if bounds is None:
        return True
    return bounds[0] <= position <= bounds[1]


def unmoved_end_joker(rules: RuleSet, placed: PlacedCard) -> bool:
    """Whether ``placed`` is a Double Rum joker that has not moved yet (D-6)."""
    return rules.joker_moves and placed.is_standing_in and not placed.moved


def _run_layoffs(rules: RuleSet, meld: TableMeld, card: Card) -> list[LayOff]:
    suit = meld.suit
    options: list[LayOff] = []
    wild = is_wild(rules, card)
    ends = ((End.LOW, meld.start - 1, meld.cards[0]), (End.HIGH, meld.end + 1, meld.cards[-1]))
    for end, position, edge in ends:
        if not _position_exists(rules, meld, position):
            continue
        if unmoved_end_joker(rules, edge):
            continue  # nothing may be laid beyond an unmoved end joker (D-6)
        face = Face(position_rank(position), suit)
        if card.face is face or wild:
            options.append(LayOff(meld.meld_id, card, face, end))
    if rules.joker_moves and not wild:
        for index in (0, len(meld.cards) - 1):
            edge = meld.cards[index]
            if not unmoved_end_joker(rules, edge) or edge.face is not card.face:
                continue
            if _displace_target(rules, meld, index) is not None:
                options.append(LayOff(meld.meld_id, card, card.face, End.DISPLACE))
                break
    return options


def _displace_target(rules: RuleSet, meld: TableMeld, index: int) -> int | None:
    """Where the end joker at ``index`` moves when displaced, or None if it cannot (D-6)."""
    if index == 0:
        position = meld.end + 1
        opposite = meld.cards[-1]
    else:
        position = meld.start - 1
        opposite = meld.cards[0]
    if len(meld.cards) == 1 or not _position_exists(rules, meld, position):
        return None
    if unmoved_end_joker(rules, opposite):
        return None
    return position


def apply_layoff(rules: RuleSet, meld: TableMeld, option: LayOff, seat: int) -> TableMeld:
    """The meld after laying off ``option.card`` as described by ``option``."""
    new_card = PlacedCard(card=option.card, face=option.face, seat=seat)
    cards = list(meld.cards)
    if option.end is End.GROUP:
        return meld.model_copy(update={"cards": (*cards, new_card)})
    if option.end is End.LOW:
        start = normal_start(rules, meld.start - 1)
        return meld.model_copy(update={"cards": (new_card, *cards), "start": start})
    if option.end is End.HIGH:
        return meld.model_copy(update={"cards": (*cards, new_card)})
    index = 0 if cards[0].face is option.face and cards[0].is_standing_in else len(cards) - 1
    target = _displace_target(rules, meld, index)
    if target is None:
        raise ValueError("the joker cannot move")
    joker = cards[index]
    moved = PlacedCard(
        card=joker.card, face=Face(position_rank(target), meld.suit), seat=joker.seat, moved=True
    )
    cards[index] = new_card
    if index == 0:
        return meld.model_copy(update={"cards": (*cards, moved)})
    start = normal_start(rules, meld.start - 1)
    return meld.model_copy(update={"cards": (moved, *cards), "start": start})
