"""The depth-first search of the best-arrangement solver (:mod:`rummy_tui.core.arrange`).

A hand's natural cards are a multiset of face codes packed four bits per face; the search
decides the lowest card left (unmatched, or in one of the melds open to it) with memoisation.
Without wild cards a hand falls apart into parts no meld joins (:func:`solve`): each part is
searched alone and remembered for later hands, which is what makes meld-rich hands cheap.
"""

from __future__ import annotations

from functools import lru_cache

from rummy_tui.core.arrange_tables import (
    _GMASK,
    _GONES,
    _INF,
    _JOKER_CODE,
    _ONES13,
    _RANK_SHIFT,
    _SEG,
    _SEG_SHIFT,
    _UNIT,
    _W_BITS,
    _Cand,
    _meld_codes,
    _Meta,
    _PlainPlan,
    _Plan,
    _Rules,
)
from rummy_tui.core.melds import MAX_RUN


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
    cost = go(left, wilds, 0)
    plan = _read_plan(cost, left, wilds, picks, leaf_picks)
    if len(table.solved) > 50_000:
        table.solved.clear()
    table.solved[key] = plan
    return plan


def _read_plan(
    cost: int,
    left: int,
    wilds: int,
    picks: dict[int, _Cand | None],
    leaf_picks: tuple[tuple[tuple[int, int, int, int, int], ...], ...],
) -> _Plan:
    """The plan the search found from the naturals ``left`` and ``wilds`` wild cards (with no
    room in any meld yet): the melds it picked, the lowest card first, and where the wild
    cards they leave over go."""
    room = 0
    chosen: list[_Cand] = []
    while cost < _INF and left:
        cand = picks[(left << _W_BITS | wilds) << _W_BITS | room]
        if cand is None:
            left -= _UNIT[((left & -left).bit_length() - 1) >> 2]
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
    return (cost, tuple(melds), (rest[0], rest[1], rest[2], rest[3]))


_SPREAD = sum(1 << 13 * suit for suit in range(4))
"""One bit per suit at rank index 0 of a 52-bit presence mask (code ``13 * suit + rank - 1``)."""
_SUIT_MASK = (1 << 13) - 1


@lru_cache(maxsize=4)
def _blocks(wrap: bool) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per suit and 13-bit rank mask of that suit: its blocks of neighbouring ranks.

    The blocks are shifted to the suit's place in a 52-bit mask. With ``wrap`` (runs go past
    the king) the king's block and the ace's block are one.
    """
    table: list[tuple[int, ...]] = []
    for mask in range(1 << 13):
        blocks: list[int] = []
        rest = mask
        while rest:
            low = rest & -rest
            block = ((rest + low) ^ rest) & rest  # the carry runs up through the block
            blocks.append(block)
            rest &= ~block
        if wrap and len(blocks) > 1 and blocks[0] & 1 and blocks[-1] >> 12 & 1:
            blocks[0] |= blocks.pop()
        table.append(tuple(blocks))
    return tuple(
        tuple(tuple(block << 13 * suit for block in blocks) for blocks in table)
        for suit in range(4)
    )


def part_masks(table: _Rules, present: int) -> list[int]:
    """The faces of ``present`` (one bit per code) split so that no natural meld spans parts.

    Cards of one suit with neighbouring ranks (the king and the ace too where runs go past the
    king) share a part, and so do all cards of a rank that two suits (three without repeated
    suits) hold, where groups are allowed. A meld of natural cards only is a group or a run
    without gaps, so it lies within one part.
    """
    b0, b1, b2, b3 = _blocks(table.wrap > 0)
    m0, m1, m2 = present & _SUIT_MASK, present >> 13 & _SUIT_MASK, present >> 26 & _SUIT_MASK
    m3 = present >> 39 & _SUIT_MASK
    parts = [*b0[m0], *b1[m1], *b2[m2], *b3[m3]]
    if table.groups and len(parts) > 1:
        if table.repeat:
            ranks = m0 & (m1 | m2 | m3) | m1 & (m2 | m3) | m2 & m3
        else:
            ranks = m0 & m1 & (m2 | m3) | m2 & m3 & (m0 | m1)
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            column = low * _SPREAD
            joined = 0
            apart: list[int] = []
            for part in parts:
                if part & column:
                    joined |= part
                else:
                    apart.append(part)
            apart.append(joined)
            parts = apart
    return parts


def plain_plan(table: _Rules, part: int, full: bool) -> _PlainPlan:
    """The plan of one part (see :func:`part_masks`) of a hand of distinct natural faces.

    It is :func:`_search`'s plan for those cards, remembered by the part's bits.
    """
    key = part << 1 | full
    known = table.plain.get(key)
    if known is not None:
        return known
    codes = tuple(code for code in range(52) if part >> code & 1)
    cost, melds, _ = _search(table, codes, 0, 0, full)
    if cost >= _INF:
        plan: _PlainPlan = (False, (), (), codes)
    else:
        listed = tuple(
            (_first_code(meld), meld[0][0], _meld_codes(meld[0]), meld[0][4]) for meld in melds
        )
        used = 0
        for _, _, meld_codes, _ in listed:
            for code in meld_codes:
                used |= 1 << code
        plan = (True, listed, tuple(code for code in codes if not used >> code & 1), codes)
    if len(table.plain) > 50_000:
        table.plain.clear()
    table.plain[key] = plan
    return plan


def _first_code(meld: tuple[_Meta, int]) -> int:
    """The lowest natural face code of a planned meld: the card the search decided it for."""
    is_group, base, chosen, order, _ = meld[0]
    if is_group:
        return order[0]
    return base + min(index for index in order if chosen >> index & 1)


def solve(table: _Rules, naturals: tuple[int, ...], jokers: int, twos: int, full: bool) -> _Plan:
    """The same plan as :func:`_search`, found part by part when the hand has no wild cards.

    Parts are independent, so the cheapest plan of the hand is the cheapest plan of each part,
    and the search's tie-break (the lowest card decided first, its options in a fixed order)
    picks the same melds either way; they are listed in the order the whole search lists them
    (by their lowest card). Each part's plan is memoised, so parts that recur in later hands
    (a run, a group) cost a dictionary look-up.
    """
    if jokers or twos or len(naturals) < 6:
        return _search(table, naturals, jokers, twos, full)
    present = 0
    for code in naturals:
        present |= 1 << code
    masks = part_masks(table, present)
    if len(masks) == 1:
        return _search(table, naturals, 0, 0, full)
    cost = 0
    melds: list[tuple[_Meta, int]] = []
    for mask in masks:
        part = tuple(code for code in naturals if mask >> code & 1)
        plan = _search(table, part, 0, 0, full)
        if plan[0] >= _INF:
            return plan
        cost += plan[0]
        melds.extend(plan[1])
    melds.sort(key=_first_code)
    return (cost, tuple(melds), (0, 0, 0, 0))
