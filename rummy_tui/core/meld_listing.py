"""Listing the melds a hand can make, one set of cards per distinct meld (for legal actions)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
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


def enumerate_melds(rules: RuleSet, hand: Iterable[Card]) -> list[MeldReading]:
    """Distinct melds (by the faces they show) that can be made from ``hand``.

    One set of physical cards is chosen per distinct meld: the lowest copies of natural cards
    and, for wild cards, jokers before twos. Used to list legal meld actions.
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
    seen: set[tuple[MeldKind, tuple[Face, ...], int]] = set()

    def add(reading: MeldReading) -> None:
        key = (reading.kind, tuple(sorted(reading.faces)), len(reading.wild_naming(rules)))
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
        for length in range(RUN_MIN, MAX_RUN + 1):
            for start in run_starts(rules, length):
                run = _fill_run(rules, suit, start, length, by_face, wilds)
                if run is not None:
                    add(run)
    return found


def _one_per_suit(cards: Sequence[Card]) -> list[Card]:
    chosen: dict[Suit | None, Card] = {}
    for card in cards:
        chosen.setdefault(card.suit, card)
    return list(chosen.values())


def _fill_run(
    rules: RuleSet,
    suit: Suit,
    start: int,
    length: int,
    by_face: dict[Face, list[Card]],
    wilds: Sequence[Card],
) -> MeldReading | None:
    placed: list[tuple[Card, Face]] = []
    natural_count = 0
    ranks = set()
    pool = list(wilds)
    for position in range(start, start + length):
        rank = position_rank(position)
        if rank in ranks:
            return None
        ranks.add(rank)
        face = Face(rank, suit)
        copies = by_face.get(face)
        if copies:
            placed.append((copies[0], face))
            natural_count += 1
            continue
        own = next((card for card in pool if card.face is face), None)
        if own is not None:
            pool.remove(own)
            placed.append((own, face))
            natural_count += 1
            continue
        if not pool:
            return None
        placed.append((pool.pop(0), face))
    if natural_count == 0:
        return None
    return MeldReading(MeldKind.RUN, tuple(placed), normal_start(rules, start))
