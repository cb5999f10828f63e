"""Melds: checking new melds, reading what wild cards stand for, and lay-offs.

A run is kept as a block of consecutive *positions*. Position ``p`` shows rank
``(p - 1) % 13 + 1``, so position 1 is a low ace, 13 a king and 14 a high ace. Where aces
turn the corner (B-4, E-2 option) positions simply carry on round the clock.

>>> from rummy_tui.core.cards import parse_cards
>>> from rummy_tui.core.variants import get_variant
>>> is_valid_meld(get_variant("classic"), parse_cards("AH 2H 3H"))
True
>>> is_valid_meld(get_variant("classic"), parse_cards("QH KH AH"))
False
>>> is_valid_meld(get_variant("boathouse"), parse_cards("3D 2D AD KD QD"))
True
>>> is_valid_meld(get_variant("european"), parse_cards("7H 7S 7D"))
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from itertools import combinations

from pydantic import BaseModel, ConfigDict

from rummy_tui.core.cards import JOKER_RANK, SUITS, Card, Face, Suit
from rummy_tui.core.cards import PlacedCard as PlacedCard  # where it was first defined
from rummy_tui.core.variants.ruleset import AceRule, RuleSet

RUN_MIN = 3
GROUP_MIN = 3
MAX_RUN = 13


class MeldKind(StrEnum):
    """The two kinds of meld (G-5)."""

    GROUP = "group"
    RUN = "run"


class End(StrEnum):
    """Where a laid-off card goes."""

    LOW = "low"
    """Below the lowest card of a run."""
    HIGH = "high"
    """Above the highest card of a run."""
    GROUP = "group"
    """Into a group."""
    DISPLACE = "displace"
    """Onto an end joker's place; the joker moves to the other end (D-6)."""


def is_wild(rules: RuleSet, card: Card | Face) -> bool:
    """Whether a card is wild under these rules (jokers; twos with E-4's option)."""
    rank = card.rank
    return rank == JOKER_RANK or (rules.twos_wild and rank == 2)


def wild_ranks(rules: RuleSet) -> frozenset[int]:
    """The ranks :func:`is_wild` holds wild under these rules."""
    return _WILD_TWOS if rules.twos_wild else _WILD_JOKERS


_WILD_JOKERS = frozenset({JOKER_RANK})
_WILD_TWOS = frozenset({JOKER_RANK, 2})


def position_rank(position: int) -> int:
    """The rank shown at a run position (1 and 14 are aces)."""
    return (position - 1) % 13 + 1


class TableMeld(BaseModel):
    """A meld on the table."""

    model_config = ConfigDict(frozen=True)

    meld_id: int
    """Stable number of the meld within the deal."""
    kind: MeldKind
    """Group or run."""
    owner: int
    """The seat that melded it."""
    cards: tuple[PlacedCard, ...]
    """The cards; runs in order from the lowest position up."""
    start: int = 0
    """Runs: the position of the first card (1 is a low ace, 14 a high ace)."""

    @property
    def rank(self) -> int:
        """Groups: the rank of the group."""
        return self.cards[0].face.rank

    @property
    def suit(self) -> Suit | None:
        """Runs: the suit of the run."""
        return self.cards[0].face.suit

    @property
    def end(self) -> int:
        """Runs: the position of the last card."""
        return self.start + len(self.cards) - 1

    def faces(self) -> list[Face]:
        """What the cards stand for, in order."""
        return [placed.face for placed in self.cards]


@dataclass(frozen=True, slots=True)
class MeldReading:
    """One way a set of cards forms a meld: its kind, first position and what each card is."""

    kind: MeldKind
    placed: tuple[tuple[Card, Face], ...]
    start: int = 0

    @property
    def cards(self) -> list[Card]:
        """The cards in meld order."""
        return [card for card, _ in self.placed]

    @property
    def faces(self) -> list[Face]:
        """What the cards stand for, in meld order."""
        return [face for _, face in self.placed]

    def wild_naming(self, rules: RuleSet) -> dict[Card, Face]:
        """What each wild card stands for."""
        return {card: face for card, face in self.placed if is_wild(rules, card)}

    def describe(self) -> str:
        """The meld written as the faces its cards stand for."""
        return " ".join(
            str(face) if card.face is face else f"{card}={face}" for card, face in self.placed
        )


# ----------------------------------------------------------------------------- positions


def position_range(rules: RuleSet) -> tuple[int, int] | None:
    """Lowest and highest run position, or None when runs turn the corner."""
    if rules.ace_rule is AceRule.LOW:
        return (1, 13)
    if rules.ace_rule is AceRule.HIGH_OR_LOW:
        return (1, 14)
    return None


def run_starts(rules: RuleSet, length: int) -> range:
    return window_starts(position_range(rules), length)


def window_starts(bounds: tuple[int, int] | None, length: int) -> range:
    """The first positions of runs of ``length`` cards within ``bounds`` (see
    :func:`position_range`; None when runs turn the corner)."""
    if bounds is None:
        return range(1, 14)
    low, high = bounds
    return range(low, high - length + 2)


@lru_cache(maxsize=64)
def run_windows(bounds: tuple[int, int] | None, length: int) -> tuple[tuple[int, int], ...]:
    """Every run window of ``length`` cards (for the position range ``bounds``, None when
    runs turn the corner): its first position and the ranks (bit rank - 1) it shows."""
    return tuple(
        (start, sum(1 << (position - 1) % 13 for position in range(start, start + length)))
        for start in window_starts(bounds, length)
    )


def _run_length_ok(rules: RuleSet, length: int) -> bool:
    return RUN_MIN <= length <= MAX_RUN


# ----------------------------------------------------------------------------- new melds


def meld_readings(rules: RuleSet, cards: Sequence[Card]) -> list[MeldReading]:
    """Every way ``cards`` may go down together as one new meld (empty when they may not).

    Readings differ in what the wild cards stand for; groups come first, then runs with the
    wild cards standing as high as possible.
    """
    if len(set(cards)) != len(cards):
        return []
    readings = group_readings(rules, cards) if rules.groups_allowed else []
    readings.extend(_run_readings(rules, cards))
    return readings


def is_valid_meld(rules: RuleSet, cards: Sequence[Card]) -> bool:
    """Whether these cards may go down together as one new meld under ``rules``."""
    return bool(meld_readings(rules, cards))


def group_readings(rules: RuleSet, cards: Sequence[Card]) -> list[MeldReading]:
    """Every way ``cards`` go down as a group: a size the variant allows, natural cards of
    one rank and at least one of them; the wild cards stand for suits as the variant lets a
    group repeat them or not."""
    size = len(cards)
    if size < GROUP_MIN or (rules.group_max is not None and size > rules.group_max):
        return []
    naturals = [card for card in cards if not is_wild(rules, card)]
    wilds = [card for card in cards if is_wild(rules, card)]
    if not naturals:
        return []
    rank = naturals[0].rank
    if any(card.rank != rank for card in naturals):
        return []
    if rules.group_repeat_suits:
        return [_group_repeating_suits(naturals, wilds)]
    return _groups_of_distinct_suits(naturals, wilds)


def _group_repeating_suits(naturals: list[Card], wilds: list[Card]) -> MeldReading:
    """The one reading of a group that may repeat suits: the wild cards stand for the suits
    the natural cards miss, in suit order and round again (all four when none is missed)."""
    rank = naturals[0].rank
    natural_suits = [card.suit for card in naturals]
    placed = [(card, card.face) for card in naturals]
    fill_suits = [suit for suit in SUITS if suit not in natural_suits] or list(SUITS)
    for number, wild in enumerate(wilds):
        placed.append((wild, Face(rank, fill_suits[number % len(fill_suits)])))
    return MeldReading(MeldKind.GROUP, tuple(placed))


def _groups_of_distinct_suits(naturals: list[Card], wilds: list[Card]) -> list[MeldReading]:
    """The readings of a group whose suits all differ: none when two natural cards share a
    suit or the wild cards outnumber the missing suits, else one for each choice of missing
    suits the wild cards stand for."""
    rank = naturals[0].rank
    natural_suits = [card.suit for card in naturals]
    if len(set(natural_suits)) != len(natural_suits):
        return []
    missing = [suit for suit in SUITS if suit not in natural_suits]
    if len(wilds) > len(missing):
        return []
    placed = [(card, card.face) for card in naturals]
    readings = []
    for chosen in combinations(missing, len(wilds)):
        named = [(wild, Face(rank, suit)) for wild, suit in zip(wilds, chosen, strict=True)]
        readings.append(MeldReading(MeldKind.GROUP, tuple(placed + named)))
    return readings


def _run_suits(fixed: Sequence[Card], flexible: Sequence[Card]) -> list[Suit]:
    """The suits a run of these cards may be in: the natural cards' one suit (none when they
    mix suits); without a natural card's suit, the suits of the wild twos, which may also
    stand as themselves in a run of their own suit."""
    suit: Suit | None = None
    if fixed:
        suit = fixed[0].suit
        if any(card.suit != suit for card in fixed):
            return []
    if suit is not None:
        return [suit]
    return sorted({card.suit for card in flexible if card.rank == 2 and card.suit is not None})


def _run_readings(rules: RuleSet, cards: Sequence[Card]) -> list[MeldReading]:
    """Every way ``cards`` go down as a run, each distinct reading once: by suit, then by
    window from the highest down (the wild cards standing as high as possible)."""
    length = len(cards)
    if not _run_length_ok(rules, length):
        return []
    fixed = [card for card in cards if not is_wild(rules, card)]
    flexible = [card for card in cards if is_wild(rules, card)]
    suits_to_try = _run_suits(fixed, flexible)
    readings: list[MeldReading] = []
    seen: set[tuple[int, tuple[Face, ...]]] = set()
    fixed_ranks = 0  # the natural cards' ranks (bit rank - 1): a window must show them all
    for card in fixed:
        fixed_ranks |= 1 << card.rank - 1
    bounds = position_range(rules)
    for run_suit in suits_to_try:
        for start, window in reversed(run_windows(bounds, length)):
            if window & fixed_ranks != fixed_ranks:
                continue
            reading = _fit_run(rules, run_suit, start, length, fixed, flexible)
            for found in reading:
                key = (found.start, tuple(found.faces))
                if key not in seen:
                    seen.add(key)
                    readings.append(found)
    return readings


def _place_naturals(
    suit: Suit, start: int, length: int, fixed: Sequence[Card]
) -> tuple[dict[int, int], dict[int, Card]] | None:
    """Where each rank stands in the run of ``suit`` at positions start..start+length-1, and
    the natural cards in their positions; None when the window shows a rank twice or a
    natural card has no place of its own there."""
    slots: dict[int, Card] = {}
    rank_to_position: dict[int, int] = {}
    for position in range(start, start + length):
        rank_to_position[position_rank(position)] = position
    if len(rank_to_position) != length:
        return None
    for card in fixed:
        if card.suit != suit:
            return None
        slot = rank_to_position.get(card.rank)
        if slot is None or slot in slots:
            return None
        slots[slot] = card
    return rank_to_position, slots


def _fill_run(
    rules: RuleSet,
    suit: Suit,
    start: int,
    length: int,
    taken: dict[int, Card],
    pool: list[Card],
) -> MeldReading | None:
    """The run with the ``pool`` of wild cards in the positions ``taken`` leaves open, in
    order; None when they do not fill them exactly."""
    open_positions = [p for p in range(start, start + length) if p not in taken]
    if len(open_positions) != len(pool):
        return None
    for position, wild in zip(open_positions, pool, strict=True):
        taken[position] = wild
    placed = tuple(
        (
            taken[position],
            Face(position_rank(position), suit),
        )
        for position in range(start, start + length)
    )
    return MeldReading(MeldKind.RUN, placed, normal_start(rules, start))


def _fit_run(
    rules: RuleSet,
    suit: Suit,
    start: int,
    length: int,
    fixed: Sequence[Card],
    flexible: Sequence[Card],
) -> list[MeldReading]:
    """Readings of the cards as the run of ``suit`` at positions start..start+length-1."""
    placed_naturals = _place_naturals(suit, start, length, fixed)
    if placed_naturals is None:
        return []
    rank_to_position, slots = placed_naturals
    # Twos of the run's suit may stand as themselves; try each choice.
    twos_here = [card for card in flexible if card.rank == 2 and card.suit == suit]
    others = [card for card in flexible if card not in twos_here]
    results: list[MeldReading] = []
    two_position = rank_to_position.get(2)
    choices: list[Card | None] = [None]
    if two_position is not None and two_position not in slots:
        choices.extend(twos_here[:1])
    for natural_two in choices:
        taken = dict(slots)
        if natural_two is not None:
            taken[two_position] = natural_two  # type: ignore[index]
        if not taken:
            continue
        pool = [card for card in twos_here if card is not natural_two] + others
        reading = _fill_run(rules, suit, start, length, taken, pool)
        if reading is not None:
            results.append(reading)
    return results


def normal_start(rules: RuleSet, start: int) -> int:
    if position_range(rules) is None:
        return (start - 1) % 13 + 1
    return start


def reading_for(
    rules: RuleSet, cards: Sequence[Card], faces: Sequence[Face] | None
) -> MeldReading | None:
    """The reading of ``cards`` that gives each card the face named for it, if any.

    With ``faces`` None the first reading is taken (see :func:`meld_readings`).
    """
    readings = meld_readings(rules, cards)
    if faces is None:
        return readings[0] if readings else None
    if len(faces) != len(cards):
        return None
    wanted = dict(zip(cards, faces, strict=True))
    for reading in readings:
        if all(wanted[card] is face for card, face in reading.placed):
            return reading
    return None


def reading_to_meld(reading: MeldReading, meld_id: int, seat: int) -> TableMeld:
    """Put a reading on the table as a meld of ``seat``."""
    return TableMeld(
        meld_id=meld_id,
        kind=reading.kind,
        owner=seat,
        start=reading.start,
        cards=tuple(PlacedCard(card=card, face=face, seat=seat) for card, face in reading.placed),
    )
