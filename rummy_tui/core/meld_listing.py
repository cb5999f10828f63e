"""Listing the melds a hand can make, one set of cards per distinct meld (for legal actions)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations

from rummy_tui.core.cards import (
    CARD_ORDER,
    JOKER_FACE,
    JOKER_RANK,
    SUITS,
    Card,
    Face,
    Suit,
    all_faces,
)
from rummy_tui.core.melds import (
    GROUP_MIN,
    MAX_RUN,
    RUN_MIN,
    MeldKind,
    MeldReading,
    TableMeld,
    group_readings,
    normal_start,
    position_range,
    position_rank,
    run_windows,
    wild_ranks,
)
from rummy_tui.core.variants.ruleset import RuleSet


def enumerate_melds(
    rules: RuleSet,
    hand: Iterable[Card],
    *,
    fast: bool = True,
    in_order: bool = False,
    faces: int | None = None,
) -> list[MeldReading]:
    """Distinct melds that can be made from ``hand``: distinct by the faces they show and the
    faces of the cards that show them (a wild card may stand in for a natural card the hand
    also holds, keeping that card back).

    One set of physical cards is chosen per distinct meld: the lowest copies of natural cards
    and, for wild cards, jokers before twos. Used to list legal meld actions. ``fast=False``
    tries every run window, as a check on the windows the fast way leaves out; ``in_order``
    says that ``hand`` is in card order already (:data:`~rummy_tui.core.cards.CARD_ORDER`);
    ``faces``, given when no face of the hand is held twice, its faces
    (:func:`~rummy_tui.core.cards.face_bits`), so that a hand of natural cards holding no meld
    at all (most hands) is answered from them at once.
    """
    if faces is not None and fast and _holds_no_meld(rules, faces):
        return []
    wilds, by_face, by_rank, held = _sort_hand(
        rules, hand if in_order else sorted(hand, key=CARD_ORDER)
    )
    found: list[MeldReading] = []
    seen: set[tuple[MeldKind, tuple[int, ...], tuple[int, ...]]] = set()

    def add(reading: MeldReading) -> None:
        # Distinct by the faces shown and the faces of the cards showing them (as face codes);
        # without wild cards every card shows its own face.
        shown = tuple(sorted(face.code for _, face in reading.placed))
        own = tuple(sorted(card.face.code for card, _ in reading.placed)) if wilds else shown
        key = (reading.kind, shown, own)
        if key not in seen:
            seen.add(key)
            found.append(reading)

    for reading in _groups(rules, by_rank, wilds):
        add(reading)
    bounds = position_range(rules)
    # A window needs one rank the suit shows by itself and no more empty places than there
    # are wild cards; the others are not tried at all.
    for number, suit in enumerate(SUITS):
        windows = _run_windows(bounds, held[number], len(wilds) if fast else None)
        for start, length in windows:
            for run in _fill_runs(rules, suit, start, length, by_face, wilds):
                add(run)
    return found


_SUIT_BITS = (1 << 13) - 1


def _holds_no_meld(rules: RuleSet, faces: int) -> bool:
    """Whether a hand of ``faces`` (bit ``code`` per face, each face held once) holds natural
    cards only and no meld: no rank in three suits where groups of three may go down, and in
    no suit a run window every rank of which it holds (the windows :func:`_run_windows`
    gives for no wild card, as the listing tries them)."""
    if faces & _wild_faces(wild_ranks(rules)):
        return False
    clubs = faces & _SUIT_BITS
    diamonds = faces >> 13 & _SUIT_BITS
    hearts = faces >> 26 & _SUIT_BITS
    spades = faces >> 39 & _SUIT_BITS
    if rules.groups_allowed and (rules.group_max is None or rules.group_max >= GROUP_MIN):
        # A rank in three of the four suits is in clubs and diamonds or in hearts and spades.
        three = clubs & diamonds & (hearts | spades) | hearts & spades & (clubs | diamonds)
        if three or GROUP_MIN != 3:
            return False
    bounds = position_range(rules)
    for suit in (clubs, diamonds, hearts, spades):
        if suit.bit_count() >= RUN_MIN and _run_windows(bounds, suit, 0):
            return False
    return True


@lru_cache(maxsize=4)
def _wild_faces(wild: frozenset[int]) -> int:
    """The faces of the ``wild`` ranks (:func:`wild_ranks`) as bits."""
    return sum(1 << face.code for face in (JOKER_FACE, *all_faces()) if face.rank in wild)


def _sort_hand(
    rules: RuleSet, ordered: Iterable[Card]
) -> tuple[list[Card], dict[Face, list[Card]], dict[int, list[Card]], list[int]]:
    """The hand, given in card order, sorted for listing: its wild cards in the order they are
    used, its natural cards by face and (when groups are allowed) by rank, lowest copies
    first, and the ranks (bit rank - 1) each suit's cards show by themselves, by suit
    number: natural cards, and wild twos of the suit standing as themselves."""
    wild = wild_ranks(rules)
    groups = rules.groups_allowed
    wilds: list[Card] = []
    by_face: dict[Face, list[Card]] = {}
    by_rank: dict[int, list[Card]] = {}
    held = [0, 0, 0, 0]
    for card in ordered:
        rank = card.rank
        if rank in wild:
            wilds.append(card)
            if card.suit is not None:
                held[card.face.code // 13] |= 1 << rank - 1
            continue
        copies = by_face.get(card.face)
        if copies is None:
            by_face[card.face] = [card]
            held[card.face.code // 13] |= 1 << rank - 1
        else:
            copies.append(card)
        if groups:
            by_rank.setdefault(rank, []).append(card)
    wilds.sort(key=_wild_order)
    return wilds, by_face, by_rank, held


def _groups(
    rules: RuleSet, by_rank: dict[int, list[Card]], wilds: list[Card]
) -> Iterator[MeldReading]:
    """Every group reading of the natural cards of each rank with up to all the wild cards
    (possibly the same meld more than once: the caller keeps the distinct ones)."""
    for rank_cards in by_rank.values():
        if len(rank_cards) + len(wilds) < GROUP_MIN:
            continue  # too few cards of the rank for any group
        pool = rank_cards if rules.group_repeat_suits else _one_per_suit(rank_cards)
        largest = len(pool) + len(wilds)
        if rules.group_max is not None:
            largest = min(largest, rules.group_max)
        for size in range(GROUP_MIN, largest + 1):
            for natural_count in range(max(1, size - len(wilds)), min(size, len(pool)) + 1):
                for chosen in combinations(pool, natural_count):
                    if natural_count == size:  # natural cards of one rank: one reading, as is
                        yield MeldReading(
                            MeldKind.GROUP, tuple((card, card.face) for card in chosen)
                        )
                        continue
                    group = list(chosen) + wilds[: size - natural_count]
                    yield from group_readings(rules, group)


def _wild_order(card: Card) -> tuple[bool, int, int]:
    """Wild cards in the order they are used: jokers first, then twos, lowest copies first."""
    return (card.rank != JOKER_RANK, card.face.code, card.copy)


@lru_cache(maxsize=32768)
def _run_windows(
    bounds: tuple[int, int] | None, held: int, wild_count: int | None
) -> tuple[tuple[int, int], ...]:
    """The run windows worth filling, as (first position, length), shortest first: those with
    at least one of the ranks ``held`` (bit rank - 1) and no more empty places than
    ``wild_count``; every window when ``wild_count`` is None (the straightforward way)."""
    if wild_count is None:
        return tuple(
            (start, length)
            for length in range(RUN_MIN, MAX_RUN + 1)
            for start, _ in run_windows(bounds, length)
        )
    longest = min(MAX_RUN, held.bit_count() + wild_count)
    found = []
    for length in range(RUN_MIN, longest + 1):
        for start, window in run_windows(bounds, length):
            shared = window & held
            if shared and length - shared.bit_count() <= wild_count:
                found.append((start, length))
    return tuple(found)


def _one_per_suit(cards: Sequence[Card]) -> list[Card]:
    chosen: dict[Suit | None, Card] = {}
    for card in cards:
        chosen.setdefault(card.suit, card)
    return list(chosen.values())


@lru_cache(maxsize=1024)
def _window_faces(suit: Suit, start: int, length: int) -> tuple[Face, ...]:
    """The faces of ``suit`` that run positions start..start+length-1 show (a run of at most
    13 cards shows each rank once)."""
    return tuple(Face(position_rank(position), suit) for position in range(start, start + length))


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
    if not wilds:
        return _natural_run(rules, suit, start, length, by_face)
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
    return _runs_with_wilds(rules, start, faces, natural, pool, gaps)


def _natural_run(
    rules: RuleSet, suit: Suit, start: int, length: int, by_face: dict[Face, list[Card]]
) -> list[MeldReading]:
    """:func:`_fill_runs` with natural cards only: the run is there when every face of it is
    held."""
    placed = []
    for face in _window_faces(suit, start, length):
        copies = by_face.get(face)
        if not copies:
            return []
        placed.append((copies[0], face))
    return [MeldReading(MeldKind.RUN, tuple(placed), normal_start(rules, start))]


def _runs_with_wilds(
    rules: RuleSet,
    start: int,
    faces: list[Face],
    natural: dict[int, Card],
    pool: list[Card],
    gaps: int,
) -> list[MeldReading]:
    """The run showing ``faces`` from position ``start``, with the held ``natural`` cards by
    their place in it and the ``pool`` of wild cards filling its ``gaps``: once as held, then
    every way of letting spare wild cards stand in for natural cards (at least one natural
    card stays, G-6)."""
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


_RANK_FACES = {rank: frozenset(Face(rank, suit) for suit in SUITS) for rank in range(1, 14)}
"""The four faces of each rank."""


def layoff_faces(meld: TableMeld) -> frozenset[Face]:
    """The natural faces that might be laid off on ``meld``: a natural card of any other face
    has no way onto it (:func:`layoff_options` is empty). For a group, its rank in every suit;
    for a run, the faces beyond either end and the faces of its end cards (D-6)."""
    if meld.kind is MeldKind.GROUP:
        return _RANK_FACES[meld.rank]
    suit = meld.suit
    return frozenset(
        (
            Face(position_rank(meld.start - 1), suit),
            Face(position_rank(meld.end + 1), suit),
            meld.cards[0].face,
            meld.cards[-1].face,
        )
    )
