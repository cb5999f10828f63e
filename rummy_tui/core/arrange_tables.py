"""The lookup tables of the best-arrangement solver (:mod:`rummy_tui.core.arrange`).

Faces are numbered by :attr:`Face.code` (13 per suit, the joker 52). The tables say which
faces can be in some meld of a hand (bit masks per suit), which run windows hold a rank, and
which melds are open to the lowest card left (:meth:`_Rules.make_candidates`), cached per
variant's meld rules.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from rummy_tui.core.cards import CARD_ORDER, JOKER_FACE, SUITS, Card, Face
from rummy_tui.core.melds import MAX_RUN
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
_ORDER = CARD_ORDER

_Meta = tuple[bool, int, int, tuple[int, ...], int]
"""How a meld's natural cards lie: (is a group, first code of the suit, rank mask, order,
run start). A run holds ``base + index`` for each rank index of ``order`` in the mask; a group
(mask -1) holds the codes listed in ``order``."""
_Cand = tuple[int, int, int, _Meta, int]
"""A meld open to the lowest card: (packed natural faces, fewest wilds, extra wilds it can
take, meta, fewest wilds in hand for which the search tries it)."""
_Found = dict[int, tuple[int, int, _Meta, int]]
_PlainMeld = tuple[int, bool, tuple[int, ...], int]
"""A meld of natural cards: (its lowest code, is a group, codes in meld order, run start)."""
_PlainPlan = tuple[bool, tuple[_PlainMeld, ...], tuple[int, ...], tuple[int, ...]]
"""A solved part of a hand without wild cards: (it can be arranged, melds, unmatched codes,
the part's codes)."""
_Plan = tuple[int, tuple[tuple[_Meta, int], ...], tuple[int, int, int, int]]
"""A solved hand: (cost, melds as (meta, wild count), leftover wilds (lj, lt, pj, pt))."""


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
        self.wrap = wrap
        self.cover_full, self.cover_partial = _cover_tables(wrap)
        self.arcs = _arcs(rules.ace_rule)
        faces = [Face(rank, suit) for suit in SUITS for rank in range(1, 14)] + [JOKER_FACE]
        self.value = [hand_value(rules, Card(face)) for face in faces]
        self.dead = [value << _COUNT_BITS | 1 for value in self.value]
        self.wild_mask = _BIT[_JOKER_CODE] | (_TWOS if rules.twos_wild else 0)
        self.natural_mask = (1 << 52) - 1 & ~self.wild_mask
        self.candidates: dict[int, tuple[_Cand, ...]] = {}
        self.solved: dict[tuple[tuple[int, ...], int, int, bool], _Plan] = {}
        self.plain: dict[int, _PlainPlan] = {}

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
            # A run takes every natural card its window holds. Leaving one out for a wild card
            # to stand in its place never makes a hand cheaper: the card left out either swaps
            # places with a wild card of the meld it went to, or (when that meld holds no other
            # natural card) the run ends one natural card earlier and its last card becomes
            # that meld instead (benchmarks/mutation_equivalents.md, make_candidates 138).
            _add(
                found,
                _spread(have) << shift,
                low,
                MAX_RUN - size,
                (False, base, have, order, start),
                low,
            )
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
