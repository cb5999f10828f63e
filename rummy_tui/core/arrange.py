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
from functools import lru_cache
from itertools import combinations, product
from operator import attrgetter

from rummy_tui.core.cards import JOKER_FACE, SUITS, Card, Face
from rummy_tui.core.melds import MAX_RUN, MeldKind, MeldReading, meld_readings
from rummy_tui.core.values import hand_value
from rummy_tui.core.variants.ruleset import AceRule, RuleSet

_JOKER_CODE = 52
_SUIT_MASK = (1 << 13) - 1
_SEG = (1 << 52) - 1
"""The four-bit count fields of one suit (13 faces)."""
_ONES13 = sum(1 << 4 * rank for rank in range(13))
_GMASK = sum(15 << 52 * suit for suit in range(4))
"""The count fields of one rank in the four suits, shifted down to the rank's offset."""
_GONES = sum(1 << 52 * suit for suit in range(4))
_SPREAD = sum(1 << 13 * suit for suit in range(4))
_TWOS = sum(1 << 13 * suit + 1 for suit in range(4))
_UNIT = [1 << 4 * code for code in range(52)]
_BIT = [1 << code for code in range(53)]
_SEG_SHIFT = [52 * (code // 13) for code in range(52)]
_RANK_SHIFT = [4 * (code % 13) for code in range(52)]
_COUNT_BITS = 8
"""Costs are ``penalty << 8 | unmatched card count``: cheapest first, then fewest cards."""
_INF = 1 << 60
_W_BITS = 6
_ORDER = attrgetter("face.code", "copy")

_Meta = tuple[bool, int, int, tuple[int, ...], int]
"""How a meld's natural cards lie: (is a group, first code of the suit, rank mask, order,
run start). A run holds ``base + index`` for each rank index of ``order`` in the mask; a group
(mask -1) holds the codes listed in ``order``."""
_Cand = tuple[int, int, int, _Meta, int]
"""A meld open to the lowest card: (packed natural faces, fewest wilds, extra wilds it can
take, meta, fewest wilds in hand for which the search tries it)."""
_Found = dict[int, tuple[int, int, _Meta, int]]
_Plan = tuple[int, tuple[tuple[_Meta, int], ...], tuple[int, int, int, int]]
"""A solved hand: (cost, melds as (meta, wild count), leftover wilds (lj, lt, pj, pt))."""


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


# ----------------------------------------------------------------------------- rule tables


@lru_cache(maxsize=8)
def _cover_tables(wrap: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per 13-bit suit mask: ranks in a 3-card window with 3 (resp. 2) ranks present.

    ``wrap`` is how many low ranks repeat above the king: 0 (ace low), 1 (ace high too) or 2
    (round the corner, so Q-K-A and K-A-2 are windows).
    """
    starts = (1 << (13 + wrap - 2)) - 1
    low = (1 << wrap) - 1
    full: list[int] = []
    partial: list[int] = []
    for mask in range(1 << 13):
        line = mask | (mask & low) << 13
        three = line & line >> 1 & line >> 2 & starts
        cover = three | three << 1 | three << 2
        full.append((cover | cover >> 13) & _SUIT_MASK)
        two = (line & line >> 1 | line & line >> 2 | line >> 1 & line >> 2) & starts
        cover = line & (two | two << 1 | two << 2)
        partial.append((cover | cover >> 13) & _SUIT_MASK)
    return tuple(full), tuple(partial)


@lru_cache(maxsize=8)
def _arcs(ace_rule: AceRule) -> tuple[tuple[tuple[int, int, int, tuple[int, ...], int], ...], ...]:
    """Per rank index: every run window holding it as (mask, end ranks, length, order, start).

    A window is a block of run positions (1 a low ace, 14 a high ace) of 1 to 13 cards; the
    order lists its rank indexes (rank - 1) from the first position, the start is the meld's
    normalised first position.
    """
    by_rank: list[list[tuple[int, int, int, tuple[int, ...], int]]] = [[] for _ in range(13)]
    around = ace_rule is AceRule.AROUND
    last = 14 if ace_rule is AceRule.HIGH_OR_LOW else 13
    for start in range(1, 14):
        for length in range(1, MAX_RUN + 1):
            if not around and start + length - 1 > last:
                break
            order = tuple((position - 1) % 13 for position in range(start, start + length))
            mask = sum(1 << rank for rank in order)
            arc = (mask, 1 << order[0] | 1 << order[-1], length, order, start)
            for rank in order:
                by_rank[rank].append(arc)
    return tuple(tuple(arcs) for arcs in by_rank)


class _Rules:
    """What the solver needs from a RuleSet, with the caches that go with it."""

    def __init__(self, rules: RuleSet) -> None:
        self.groups = rules.groups_allowed and (rules.group_max is None or rules.group_max >= 3)
        self.group_max = rules.group_max
        self.repeat = rules.group_repeat_suits
        wrap = {AceRule.LOW: 0, AceRule.HIGH_OR_LOW: 1, AceRule.AROUND: 2}[rules.ace_rule]
        self.cover_full, self.cover_partial = _cover_tables(wrap)
        self.arcs = _arcs(rules.ace_rule)
        faces = [Face(rank, suit) for suit in SUITS for rank in range(1, 14)] + [JOKER_FACE]
        self.value = [hand_value(rules, Card(face)) for face in faces]
        self.dead = [value << _COUNT_BITS | 1 for value in self.value]
        self.wild_mask = _BIT[_JOKER_CODE] | (_TWOS if rules.twos_wild else 0)
        self.natural_mask = (1 << 52) - 1 & ~self.wild_mask
        self.candidates: dict[int, tuple[_Cand, ...]] = {}
        self.solved: dict[tuple[tuple[int, ...], int, int, bool], _Plan] = {}

    def meldable(self, present: int, wilds: int, naturals: list[int] | None) -> int:
        """Natural faces (bits of ``present``) that fit some meld of the hand; ``wilds`` <= 1.

        ``naturals`` lists the natural codes when faces repeat in a group-repeating variant.
        """
        cover = self.cover_partial if wilds else self.cover_full
        m0, m1, m2, m3 = (present >> shift & _SUIT_MASK for shift in (0, 13, 26, 39))
        found = cover[m0] | cover[m1] << 13 | cover[m2] << 26 | cover[m3] << 39
        if self.groups:
            if naturals is not None:
                counts = [0] * 13
                for code in naturals:
                    counts[code % 13] += 1
                need = 3 - wilds
                ranks = sum(1 << rank for rank in range(13) if counts[rank] >= need)
            elif wilds:
                ranks = m0 & (m1 | m2 | m3) | m1 & (m2 | m3) | m2 & m3
            else:
                ranks = m0 & m1 & (m2 | m3) | m2 & m3 & (m0 | m1)
            found |= ranks * _SPREAD & present
        return found

    def make_candidates(
        self, code: int, present: int, counts: int, wilds: int
    ) -> tuple[_Cand, ...]:
        """The melds holding face ``code`` from the faces left (see ``_search``).

        Args:
            code: The lowest natural face left; no lower face is left.
            present: Which faces of its suit are left, one bit per four-bit count field.
            counts: The count fields of its rank in the four suits (presence bits when
                groups may not repeat a suit), 0 without groups.
            wilds: How many wild cards the hand holds (at most 12).
        """
        suit, rank = divmod(code, 13)
        found: _Found = {}
        if self.groups:
            limit = self.group_max if self.group_max is not None else 64
            if not self.repeat:
                limit = min(limit, 4)
            choices = [
                range(1 if other == suit else 0, (counts >> 52 * other & 15) + 1)
                for other in range(4)
            ]
            for taken in product(*choices):
                size = sum(taken)
                low, high = max(0, 3 - size), limit - size
                if low <= high and low <= wilds:
                    codes = tuple(
                        rank + 13 * other for other in range(4) for _ in range(taken[other])
                    )
                    packed = sum(_UNIT[face] for face in codes)
                    _add(found, packed, low, high, (True, 0, -1, codes, 0), low)
        base = 13 * suit
        shift = 4 * base
        avail = _rank_mask(present)
        for mask, ends, length, order, start in self.arcs[rank]:
            if ends & ~avail:
                continue
            have = mask & avail
            size = have.bit_count()
            low = max(3, length) - size
            if low > wilds:
                continue
            _add(
                found,
                _spread(have) << shift,
                low,
                MAX_RUN - size,
                (False, base, have, order, start),
                low,
            )
            # Leaving out a natural card the window holds (a wild card takes its place) only
            # pays when the meld, or the one the card goes to, is too long to merge: the
            # search tries it only with at least 13 cards between the two melds.
            spare = min(wilds - low, size + wilds - MAX_RUN)
            if spare <= 0:
                continue
            skip = ends | 1 << rank
            free = [index for index in order if have >> index & 1 and not skip >> index & 1]
            for dropped in range(1, spare + 1):
                for drop in combinations(free, dropped):
                    chosen = have & ~sum(1 << index for index in drop)
                    size = chosen.bit_count()
                    low = max(3, length) - size
                    meta = (False, base, chosen, order, start)
                    _add(found, _spread(chosen) << shift, low, MAX_RUN - size, meta, MAX_RUN - size)
        return tuple(
            (packed, low, high - low, meta, need)
            for packed, (low, high, meta, need) in found.items()
        )


def _add(found: _Found, packed: int, low: int, high: int, meta: _Meta, need: int) -> None:
    """Record a meld by its natural faces; the same faces read twice widen the wild range."""
    entry = found.get(packed)
    if entry is not None:
        old_low, old_high, old_meta, old_need = entry
        if old_low <= low:
            low, meta = old_low, old_meta
        high, need = max(high, old_high), min(need, old_need)
    found[packed] = (low, high, meta, need)


@lru_cache(maxsize=8192)
def _rank_mask(present: int) -> int:
    """A 13-bit rank mask from one presence bit per four-bit field."""
    return sum(1 << index for index in range(13) if present >> 4 * index & 1)


@lru_cache(maxsize=8192)
def _spread(mask: int) -> int:
    """A 13-bit rank mask as one count per four-bit field."""
    return sum(1 << 4 * index for index in range(13) if mask >> index & 1)


def _meld_codes(meta: _Meta) -> tuple[int, ...]:
    """The natural face codes of a meld, in meld order."""
    is_group, base, chosen, order, _ = meta
    if is_group:
        return order
    return tuple(base + index for index in order if chosen >> index & 1)


_BY_ID: dict[int, tuple[RuleSet, _Rules]] = {}
_BY_KEY: dict[tuple[object, ...], _Rules] = {}
"""Solver tables by RuleSet identity (kept with the RuleSet) and by the fields they use."""


def _rules_of(rules: RuleSet) -> _Rules:
    """The solver tables for ``rules`` (shared by every RuleSet with the same meld rules)."""
    hit = _BY_ID.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    key: tuple[object, ...] = (rules.groups_allowed, rules.group_max, rules.group_repeat_suits)
    key += (rules.ace_rule, rules.twos_wild, rules.scoring, rules.unmatched_value)
    key += (rules.ace_value, rules.joker_value)
    compiled = _BY_KEY.get(key)
    if compiled is None:
        compiled = _BY_KEY[key] = _Rules(rules)
    if len(_BY_ID) > 256:
        _BY_ID.clear()
    _BY_ID[id(rules)] = (rules, compiled)
    return compiled


# ----------------------------------------------------------------------------- the search


@lru_cache(maxsize=4096)
def _leftovers(
    jokers: int, twos: int, joker_cost: int, two_cost: int, full: bool
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, int, int, int, int], ...], ...]]:
    """The cheapest way to leave the wild cards no natural meld needed.

    Indexed ``[left][room]``: ``left`` wild cards are over and the melds chosen have ``room``
    places for more (``room <= left``). Returns the costs and, for each, ``(wild cards added to
    the melds, jokers left, twos left, jokers in pure-wild melds, twos in pure-wild melds)``.
    """
    single: list[tuple[int, tuple[int, int, int, int]]] = []
    for left in range(jokers + twos + 1):
        best, pick = _INF, (0, 0, 0, 0)
        for left_jokers in range(max(0, left - twos), min(jokers, left) + 1):
            left_twos = left - left_jokers
            for pure_twos in range(left_twos + 1):
                for pure_jokers in range(left_jokers + 1):
                    # Wild cards alone meld in runs of 3 to 13 that each hold a two (as itself).
                    pure = pure_jokers + pure_twos
                    if pure and (pure < 3 or pure_twos < -(-pure // MAX_RUN)):
                        continue
                    if full and pure != left:
                        continue
                    cost = (left_jokers - pure_jokers) * joker_cost
                    cost += (left_twos - pure_twos) * two_cost
                    if cost < best:
                        best, pick = cost, (left_jokers, left_twos, pure_jokers, pure_twos)
        single.append((best, pick))
    # With room in the melds, some of the cards left over go into them: the cheapest count.
    added = [
        [
            min(range(room + 1), key=lambda count: single[left - count][0])
            for room in range(left + 1)
        ]
        for left in range(len(single))
    ]
    costs = tuple(tuple(single[left - n][0] for n in row) for left, row in enumerate(added))
    picks = tuple(tuple((n, *single[left - n][1]) for n in row) for left, row in enumerate(added))
    return costs, picks


def _search(table: _Rules, naturals: tuple[int, ...], jokers: int, twos: int, full: bool) -> _Plan:
    """Solve a multiset of natural face codes with some wild cards; cost >= _INF: no way."""
    key = (naturals, jokers, twos, full)
    plan = table.solved.get(key)
    if plan is not None:
        return plan
    leaf, leaf_picks = _leftovers(jokers, twos, table.dead[_JOKER_CODE], table.dead[1], full)
    memo: dict[int, int] = {}
    picks: dict[int, _Cand | None] = {}
    unit, dead, cache, make = _UNIT, table.dead, table.candidates, table.make_candidates
    seg_shift, rank_shift = _SEG_SHIFT, _RANK_SHIFT
    groups, repeat = table.groups, table.repeat
    if len(cache) > 100_000:
        cache.clear()
    wcap = min(jokers + twos, 12)

    def go(left: int, wilds: int, room: int) -> int:
        state = (left << _W_BITS | wilds) << _W_BITS | room
        known = memo.get(state)
        if known is not None:
            return known
        if not left:
            memo[state] = leaf[wilds][room]
            return leaf[wilds][room]
        code = ((left & -left).bit_length() - 1) >> 2
        best = _INF if full else go(left - unit[code], wilds, room) + dead[code]
        pick: _Cand | None = None
        seg = left >> seg_shift[code] & _SEG
        present = (seg | seg >> 1 | seg >> 2 | seg >> 3) & _ONES13
        counts = 0
        if groups:
            counts = left >> rank_shift[code] & _GMASK
            if not repeat:
                counts = (counts | counts >> 1 | counts >> 2 | counts >> 3) & _GONES
        ckey = ((counts << 52 | present) << 4 | wcap) << 6 | code
        cands = cache.get(ckey)
        if cands is None:
            cands = cache[ckey] = make(code, present, counts, wcap)
        for cand in cands:
            if cand[4] > wilds:
                continue
            rest = wilds - cand[1]
            more = room + cand[2]
            cost = go(left - cand[0], rest, more if more < rest else rest)
            if cost < best:
                best, pick = cost, cand
        memo[state] = best
        picks[state] = pick
        return best

    left = sum(unit[code] for code in naturals)
    wilds = jokers + twos
    room = 0
    cost = go(left, wilds, room)
    chosen: list[_Cand] = []
    while cost < _INF and left:
        cand = picks[(left << _W_BITS | wilds) << _W_BITS | room]
        if cand is None:
            left -= unit[((left & -left).bit_length() - 1) >> 2]
        else:
            chosen.append(cand)
            left -= cand[0]
            wilds -= cand[1]
            room = min(room + cand[2], wilds)
    added, *rest = leaf_picks[wilds][room]
    melds: list[tuple[_Meta, int]] = []
    for cand in chosen:
        extra = min(added, cand[2])
        added -= extra
        melds.append((cand[3], cand[1] + extra))
    plan = (cost, tuple(melds), (rest[0], rest[1], rest[2], rest[3]))
    if len(table.solved) > 50_000:
        table.solved.clear()
    table.solved[key] = plan
    return plan


# ----------------------------------------------------------------------------- the hand


def _arrange(rules: RuleSet, cards: Sequence[Card], full: bool) -> Arrangement | None:
    """Best (or, with ``full``, complete) arrangement of ``cards``; None if ``full`` fails."""
    table = _rules_of(rules)
    codes = [card.face.code for card in cards]
    faces = set(codes)
    present = sum(map(_BIT.__getitem__, faces))
    wild_bits = present & table.wild_mask
    repeated = len(faces) != len(codes)
    if not wild_bits:
        meldable = table.meldable(present, 0, codes if repeated and table.repeat else None)
        if not meldable:
            if full and codes:
                return None
            deadwood = tuple(sorted(cards, key=_ORDER))
            return Arrangement((), deadwood, sum(map(table.value.__getitem__, codes)))
        if full and meldable != present:
            return None
        return _finish(rules, table, cards, meldable, 0, 0, full)
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
    cost, melds, (left_jokers, left_twos, pure_jokers, pure_twos) = _search(
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
