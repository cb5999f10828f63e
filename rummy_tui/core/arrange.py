"""The exact cheapest arrangement of a hand into melds (B-3, B-5, E-7, P-3).

The solver works on numbers, not on :class:`Card` objects, and turns its answer back into
cards and :class:`MeldReading` objects only at the end:

* Wild cards (jokers, and twos under E-4's option) are an interchangeable *count*. A meld is
  chosen by its natural cards plus how many wild cards fill it; which wild card goes where is
  decided last. A wild two matters as a card of its own only in a meld of nothing but wild
  cards, which is valid when it holds a two standing as itself (a run of that two's suit).
* The natural cards are a multiset of faces packed into one integer, four bits of count per
  face code, so that removing a meld is one subtraction and the state is hashable.
* A depth-first search decides the lowest remaining natural card: it is unmatched, or it is in
  one of the melds that contain it, with the fewest wild cards that meld needs. Wild cards
  left at the end go into the room the chosen melds have for more, so the search state is
  (cards left, wild cards left, room), memoised; the melds open to a card are cached on what
  is left of its suit and rank. A run skips a natural card it could hold (a wild card in its
  place) only when 13 or more cards are at stake: otherwise swapping or merging melds does as
  well.
* Cards that fit no meld at all are set aside first with bit masks and lookup tables, so a
  hand without melds costs a handful of integer operations.

>>> from rummy_tui.core.cards import parse_cards
>>> from rummy_tui.core.variants import get_variant
>>> result = best_arrangement(get_variant("boathouse"), parse_cards("3D 2D AD KD QD 7S 7H 7C 9S"))
>>> result.penalty, result.deadwood
(9, (9S,))
>>> full_arrangement(get_variant("european"), parse_cards("AH 2H 3H 7C JK 9C")) is not None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter, itemgetter

from rummy_tui.core.arrange_search import part_masks, plain_plan, solve
from rummy_tui.core.arrange_tables import (
    _BIT,
    _INF,
    _JOKER_CODE,
    _ORDER,
    _meld_codes,
    _Rules,
    _rules_of,
)
from rummy_tui.core.cards import Card, Face
from rummy_tui.core.melds import MAX_RUN, MeldKind, MeldReading, meld_readings
from rummy_tui.core.variants.ruleset import RuleSet


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A hand split into disjoint melds and unmatched cards.

    Attributes:
        readings: The melds, each a reading :func:`meld_readings` gives for its cards.
        deadwood: The unmatched cards, sorted.
        penalty: The summed :func:`hand_value` of the unmatched cards.
    """

    readings: tuple[MeldReading, ...]
    deadwood: tuple[Card, ...]
    penalty: int

    @property
    def melds(self) -> list[list[Card]]:
        """The card lists of the readings, in meld order."""
        return [reading.cards for reading in self.readings]


def best_arrangement(rules: RuleSet, cards: Sequence[Card]) -> Arrangement:
    """The arrangement whose unmatched cards cost least (B-5, P-3).

    Every meld is one that :func:`meld_readings` accepts as a new meld under ``rules``. Among
    equally cheap arrangements the one with fewer unmatched cards wins; the rest of the
    tie-break is fixed, so equal hands always get the same answer.

    Args:
        rules: The variant's rules.
        cards: The hand, in any order.

    Returns:
        The cheapest arrangement.
    """
    result = _arrange(rules, cards, full=False)
    assert result is not None
    return result


def full_arrangement(rules: RuleSet, cards: Sequence[Card]) -> Arrangement | None:
    """An arrangement that melds every card, or None when there is none (B-3, E-7).

    Args:
        rules: The variant's rules.
        cards: The cards that must all go down.

    Returns:
        The arrangement (penalty 0, no deadwood) or None.
    """
    return _arrange(rules, cards, full=True)


def may_go_out(rules: RuleSet, cards: Sequence[Card]) -> bool:
    """False when neither ``cards`` nor ``cards`` less one card can all be melded (B-3, E-7).

    A quick test before :func:`go_out_arrangements`: with at most one wild card, two natural
    cards that fit no meld of the hand rule it out at once; otherwise the cheapest arrangement
    of the whole hand may leave no more than the value of its dearest card unmatched (the
    card a go-out would discard).

    >>> from rummy_tui.core.cards import parse_cards
    >>> from rummy_tui.core.variants import get_variant
    >>> rules = get_variant("european")
    >>> may_go_out(rules, parse_cards("5H 6H 7H KS 2C"))
    False
    >>> may_go_out(rules, parse_cards("5H 6H 7H KS"))
    True
    """
    if not cards:
        return True
    table = _rules_of(rules)
    codes = [card.face.code for card in cards]
    present = sum(map(_BIT.__getitem__, set(codes)))
    natural_present = present & table.natural_mask
    naturals = [code for code in codes if natural_present >> code & 1]
    wilds = len(codes) - len(naturals)
    if wilds <= 1:
        repeated = len(set(naturals)) != len(naturals)
        use = naturals if repeated and table.repeat else None
        meldable = table.meldable(natural_present, wilds, use)
        if sum(1 for code in naturals if not meldable >> code & 1) >= 2:
            return False
    highest = max(table.value[code] for code in codes)
    return best_arrangement(rules, cards).penalty <= highest


def go_out_arrangements(
    rules: RuleSet, cards: Sequence[Card], forbidden_discards: Iterable[Card] = ()
) -> list[tuple[Card | None, Arrangement]]:
    """The ways to lay the whole hand down, optionally after one final discard (B-3).

    Args:
        rules: The variant's rules.
        cards: The hand after drawing.
        forbidden_discards: Cards that may not be discarded this turn (G-8).

    Returns:
        ``(None, arrangement)`` when the whole hand melds, then ``(discard, arrangement)`` for
        each discard face (one card per face, lowest copy allowed) after which the rest melds.
    """
    hand = list(cards)
    found: list[tuple[Card | None, Arrangement]] = []
    whole = full_arrangement(rules, hand)
    if whole is not None:
        found.append((None, whole))
    forbidden = set(forbidden_discards)
    tried: set[Face] = set()
    for discard in sorted(hand, key=_ORDER):
        if discard in forbidden or discard.face in tried:
            continue
        tried.add(discard.face)
        rest = full_arrangement(rules, [card for card in hand if card is not discard])
        if rest is not None:
            found.append((discard, rest))
    return found


def _arrange(rules: RuleSet, cards: Sequence[Card], full: bool) -> Arrangement | None:
    """Best (or, with ``full``, complete) arrangement of ``cards``; None if ``full`` fails."""
    table = _rules_of(rules)
    codes = [card.face.code for card in cards]
    faces = set(codes)
    present = sum(map(_BIT.__getitem__, faces))
    repeated = len(faces) != len(codes)
    if not present & table.wild_mask:
        return _arrange_naturals(rules, table, cards, codes, present, repeated, full)
    return _arrange_with_wilds(rules, table, cards, codes, present, repeated, full)


def _arrange_naturals(
    rules: RuleSet,
    table: _Rules,
    cards: Sequence[Card],
    codes: list[int],
    present: int,
    repeated: bool,
    full: bool,
) -> Arrangement | None:
    """:func:`_arrange` for a hand without wild cards (``present`` the bits of its faces,
    ``repeated`` whether a face is held twice): all deadwood when nothing melds, the plain
    solver when no face is held twice."""
    meldable = table.meldable(present, 0, codes if repeated and table.repeat else None)
    if not meldable:
        if full and codes:
            return None
        deadwood = tuple(sorted(cards, key=_CODE if not repeated else _ORDER))
        return Arrangement((), deadwood, sum(map(table.value.__getitem__, codes)))
    if full and meldable != present:
        return None
    if not repeated:
        return _finish_plain(table, cards, meldable, full)
    return _finish(rules, table, cards, meldable, 0, 0, full)


def _arrange_with_wilds(
    rules: RuleSet,
    table: _Rules,
    cards: Sequence[Card],
    codes: list[int],
    present: int,
    repeated: bool,
    full: bool,
) -> Arrangement | None:
    """:func:`_arrange` for a hand with wild cards: with two or more, every natural face
    may meld; with one, the faces that meld with one wild card's help."""
    natural_present = present & table.natural_mask
    jokers = codes.count(_JOKER_CODE)
    twos = len(codes) - jokers - sum(1 for code in codes if natural_present >> code & 1)
    if jokers + twos >= 2:
        meldable = natural_present
    else:
        naturals = [code for code in codes if natural_present >> code & 1]
        use = naturals if repeated and table.repeat else None
        meldable = table.meldable(natural_present, 1, use)
        if full and meldable != natural_present:
            return None
    return _finish(rules, table, cards, meldable, jokers, twos, full)


def _finish(
    rules: RuleSet,
    table: _Rules,
    cards: Sequence[Card],
    meldable: int,
    jokers: int,
    twos: int,
    full: bool,
) -> Arrangement | None:
    """Solve the meldable part of the hand and turn the plan back into cards and readings."""
    by_code: dict[int, list[Card]] = {}
    wild_jokers: list[Card] = []
    wild_twos: list[Card] = []
    deadwood: list[Card] = []
    for card in sorted(cards, key=_ORDER, reverse=True):
        code = card.face.code
        if table.wild_mask >> code & 1:
            (wild_jokers if code == _JOKER_CODE else wild_twos).append(card)
        elif meldable >> code & 1:
            by_code.setdefault(code, []).append(card)
        else:
            deadwood.append(card)
    naturals = tuple(code for code in sorted(by_code) for _ in by_code[code])
    cost, melds, (left_jokers, left_twos, pure_jokers, pure_twos) = solve(
        table, naturals, jokers, twos, full
    )
    if cost >= _INF:
        return None
    # Wild cards: pure-wild melds take the first twos and jokers, the unmatched ones are the
    # last, and the natural melds take the rest (a wild card fits any open place).
    wild_jokers.reverse()
    wild_twos.reverse()
    twos_end = len(wild_twos) - (left_twos - pure_twos)
    jokers_end = len(wild_jokers) - (left_jokers - pure_jokers)
    pure = wild_twos[:pure_twos] + wild_jokers[:pure_jokers]
    spare = wild_jokers[pure_jokers:jokers_end] + wild_twos[pure_twos:twos_end]
    deadwood += wild_twos[twos_end:] + wild_jokers[jokers_end:]
    readings: list[MeldReading] = []
    for meta, used in melds:
        natural_cards = [by_code[code].pop() for code in _meld_codes(meta)]
        if used:
            fill, spare = spare[:used], spare[used:]
            readings.append(_settled_reading(rules, table, natural_cards + fill))
        else:  # natural cards only: the one reading, in meld order
            kind = MeldKind.GROUP if meta[0] else MeldKind.RUN
            placed = tuple((card, card.face) for card in natural_cards)
            readings.append(MeldReading(kind, placed, meta[4]))
    count = -(-len(pure) // MAX_RUN)  # pure-wild melds, each led by a two standing as itself
    for number in range(count):
        share = [pure[number], *pure[count + number :: count]]
        readings.append(_settled_reading(rules, table, share))
    for remaining in by_code.values():
        deadwood.extend(remaining)
    deadwood.sort(key=_ORDER)
    penalty = sum(table.value[card.face.code] for card in deadwood)
    return Arrangement(tuple(readings), tuple(deadwood), penalty)


def _finish_plain(
    table: _Rules, cards: Sequence[Card], meldable: int, full: bool
) -> Arrangement | None:
    """:func:`_finish` for a hand of distinct faces without wild cards, part by part.

    Gives the same arrangement as :func:`_finish` (the melds in the order of their lowest
    card), from plans remembered per part of the hand (:func:`plain_plan`) and readings
    remembered per part's cards (readings are immutable, so arrangements may share them).
    """
    by_code = {card.face.code: card for card in cards}
    dead = [code for code in by_code if not meldable >> code & 1]
    found: list[tuple[int, MeldReading]] = []
    for part in part_masks(table, meldable):
        arranged, melds, unmatched, codes = plain_plan(table, part, full)
        if not arranged:
            return None
        dead.extend(unmatched)
        key = (id(table), full, *map(by_code.__getitem__, codes))
        readings = _PART_READINGS.get(key)
        if readings is None:
            readings = tuple(
                (
                    first,
                    MeldReading(
                        MeldKind.GROUP if is_group else MeldKind.RUN,
                        tuple((by_code[code], by_code[code].face) for code in meld_codes),
                        start,
                    ),
                )
                for first, is_group, meld_codes, start in melds
            )
            if len(_PART_READINGS) > 50_000:
                _PART_READINGS.clear()
            _PART_READINGS[key] = readings
        found.extend(readings)
    found.sort(key=_FIRST)
    dead.sort()  # distinct faces: the order of their codes is the order of the cards
    penalty = sum(map(table.value.__getitem__, dead))
    return Arrangement(tuple(map(_SECOND, found)), tuple(map(by_code.__getitem__, dead)), penalty)


_PART_READINGS: dict[tuple[object, ...], tuple[tuple[int, MeldReading], ...]] = {}
"""Readings (after their lowest code) of a part of a hand of distinct faces, by solver tables,
``full`` and the part's cards in code order (see :func:`_finish_plain`)."""
_FIRST = itemgetter(0)
_SECOND = itemgetter(1)
_CODE = attrgetter("face.code")
"""The sort key of cards of distinct faces (the same order as ``_ORDER``)."""


_SHAPES: dict[tuple[int, ...], tuple[MeldKind, tuple[tuple[int, Face], ...], int]] = {}
"""Settled readings by rules and face codes in card order, as (kind, (index, face)..., start):
``meld_readings`` looks only at faces, so cards showing the same faces read the same way."""


def _settled_reading(rules: RuleSet, table: _Rules, cards: list[Card]) -> MeldReading:
    """A reading of ``cards`` that ``meld_readings`` gives back again for its own card order."""
    key = (id(table), *(card.face.code for card in cards))
    shape = _SHAPES.get(key)
    if shape is None:
        for reading in meld_readings(rules, cards):
            if reading in meld_readings(rules, reading.cards):
                where = {id(card): index for index, card in enumerate(cards)}
                placed = tuple((where[id(card)], face) for card, face in reading.placed)
                shape = (reading.kind, placed, reading.start)
                break
        else:
            raise AssertionError(f"the solver chose a meld that is none: {cards}")
        if len(_SHAPES) > 50_000:
            _SHAPES.clear()
        _SHAPES[key] = shape
    kind, placed, start = shape
    return MeldReading(kind, tuple((cards[index], face) for index, face in placed), start)
