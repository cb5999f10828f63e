"""Listing the melds a hand can make, one set of cards per distinct meld (for legal actions)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations

from rummy_tui.core.cards import JOKER_RANK, SUITS, Card, Face, Suit
from rummy_tui.core.melds import (
    GROUP_MIN,
    MAX_RUN,
    RUN_MIN,
    MeldKind,
    MeldReading,
    group_readings,
    is_wild,
    normal_start,
    position_rank,
    run_starts,
)
from rummy_tui.core.variants.ruleset import RuleSet


def enumerate_melds(
    rules: RuleSet, hand: Iterable[Card], *, fast: bool = True
) -> list[MeldReading]:
    """Distinct melds that can be made from ``hand``: distinct by the faces they show and the
    faces of the cards that show them (a wild card may stand in for a natural card the hand
    also holds, keeping that card back).

    One set of physical cards is chosen per distinct meld: the lowest copies of natural cards
    and, for wild cards, jokers before twos. Used to list legal meld actions. ``fast=False``
    tries every run window, as a check on the windows the fast way leaves out.
    """
    cards = sorted(hand)
    wilds = sorted(
        (card for card in cards if is_wild(rules, card)),
        key=lambda card: (card.rank != JOKER_RANK, card.face.code, card.copy),
    )
    naturals = [card for card in cards if not is_wild(rules, card)]
    by_face: dict[Face, list[Card]] = {}
    for card in naturals:
        by_face.setdefault(card.face, []).append(card)
    found: list[MeldReading] = []
    seen: set[tuple[MeldKind, tuple[Face, ...], tuple[Face, ...]]] = set()

    def add(reading: MeldReading) -> None:
        shown = tuple(sorted(reading.faces))
        key = (reading.kind, shown, tuple(sorted(card.face for card in reading.cards)))
        if key not in seen:
            seen.add(key)
            found.append(reading)

    if rules.groups_allowed:
        by_rank: dict[int, list[Card]] = {}
        for card in naturals:
            by_rank.setdefault(card.rank, []).append(card)
        for rank_cards in by_rank.values():
            pool = rank_cards if rules.group_repeat_suits else _one_per_suit(rank_cards)
            largest = len(pool) + len(wilds)
            if rules.group_max is not None:
                largest = min(largest, rules.group_max)
            for size in range(GROUP_MIN, largest + 1):
                for natural_count in range(max(1, size - len(wilds)), min(size, len(pool)) + 1):
                    for chosen in combinations(pool, natural_count):
                        group = list(chosen) + wilds[: size - natural_count]
                        for reading in group_readings(rules, group):
                            add(reading)
    for suit in SUITS:
        # Ranks (bit rank - 1) the suit's cards show by themselves: natural cards, and wild
        # twos of the suit standing as themselves. A window needs one of them and no more
        # empty places than there are wild cards; the others are not tried at all.
        held = sum({1 << face.rank - 1 for face in by_face if face.suit is suit})
        held |= sum({1 << card.rank - 1 for card in wilds if card.suit is suit})
        if fast and not held:
            continue
        longest = held.bit_count() + len(wilds) if fast else MAX_RUN
        for length in range(RUN_MIN, min(MAX_RUN, longest) + 1):
            for start in run_starts(rules, length):
                window = _window_mask(start, length)
                gaps = length - (window & held).bit_count()
                if fast and (gaps > len(wilds) or not window & held):
                    continue
                for run in _fill_runs(rules, suit, start, length, by_face, wilds):
                    add(run)
    return found


@lru_cache(maxsize=1024)
def _window_mask(start: int, length: int) -> int:
    """The ranks (bit rank - 1) that run positions start..start+length-1 show."""
    return sum(1 << (position - 1) % 13 for position in range(start, start + length))


def _one_per_suit(cards: Sequence[Card]) -> list[Card]:
    chosen: dict[Suit | None, Card] = {}
    for card in cards:
        chosen.setdefault(card.suit, card)
    return list(chosen.values())


def _fill_runs(
    rules: RuleSet,
    suit: Suit,
    start: int,
    length: int,
    by_face: dict[Face, list[Card]],
    wilds: Sequence[Card],
) -> list[MeldReading]:
    """The run of ``suit`` at positions start..start+length-1 made from the hand: natural cards
    where held, wild cards in the gaps, and every way of letting spare wild cards stand in for
    held natural cards too (at least one natural card stays, G-6)."""
    faces: list[Face] = []
    ranks = set()
    natural: dict[int, Card] = {}
    pool = list(wilds)
    gaps = 0
    for index, position in enumerate(range(start, start + length)):
        rank = position_rank(position)
        if rank in ranks:
            return []
        ranks.add(rank)
        face = Face(rank, suit)
        faces.append(face)
        copies = by_face.get(face)
        own: Card | None = copies[0] if copies else None
        if own is None and pool:
            own = next((card for card in pool if card.face is face), None)
        if own is None:
            gaps += 1
            if gaps > len(wilds):
                return []  # more gaps than wild cards: no run here (checked as early as can be)
            continue
        natural[index] = own
        if own in pool:
            pool.remove(own)  # a wild two standing as itself in its own suit's run
    if not natural or gaps > len(pool):
        return []
    runs = []
    for extra in range(0, min(len(pool) - gaps, len(natural) - 1) + 1):
        for replaced in combinations(sorted(natural), extra):
            fill = iter(pool)
            placed = [
                (natural[index] if index in natural and index not in replaced else next(fill), face)
                for index, face in enumerate(faces)
            ]
            runs.append(MeldReading(MeldKind.RUN, tuple(placed), normal_start(rules, start)))
    return runs
