"""Whether a legal end of the turn remains: the exact search behind R-5 and G-8.

A turn ends legally with a discard of a card not taken from the discard pile this turn (G-8),
or with an empty hand (C-3, R-9; not under "must discard to go out"), and in Rummy 500 only once
the deepest card taken is on the table (R-5). Between draw and end a player may meld and lay
off at will, so the question is whether *some* sequence of this turn's melds and lay-offs,
made with the cards held (lay-offs on melds those plays create or extend included), reaches
such an end. The search answers it exactly, using three facts:

* Plays on different melds do not affect one another; they only use up cards. So the
  deepest card can go down while a card is kept for the discard exactly when one meld's
  chain of plays (a new meld, or lay-offs on one table meld) takes it there without that card.
* A new meld followed by lay-offs on it holds the same cards as one bigger new meld, and
  every meld holding a card holds a three-card meld holding that card (or, for a wild card,
  another wild card that can change places with it).
* Emptying the hand is a partition of the hand into new melds and lay-off chains, one chain
  per table meld; it is searched card by card with the lowest card placed first, memoised.

Cards of the same face behave alike in every meld, so the search works on faces.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterator, Sequence
from itertools import combinations

from rummy_tui.core.arrange import full_arrangement
from rummy_tui.core.cards import Card, Face
from rummy_tui.core.layoffs import apply_layoff, layoff_options
from rummy_tui.core.melds import (
    GROUP_MIN,
    MAX_RUN,
    RUN_MIN,
    MeldKind,
    TableMeld,
    is_valid_meld,
    is_wild,
    position_rank,
    run_starts,
)
from rummy_tui.core.variants.ruleset import RuleSet

Faces = tuple[Face, ...]
"""A multiset of faces, sorted by face code (wild cards sort like any other face)."""


def _key(counter: Counter[Face]) -> Faces:
    return tuple(sorted(counter.elements()))


def _cards(faces: Sequence[Face]) -> list[Card]:
    """Stand-in physical cards for faces, a separate pack copy for each repeat."""
    seen: Counter[Face] = Counter()
    cards = []
    for face in faces:
        cards.append(Card(face, seen[face]))
        seen[face] += 1
    return cards


def _meld_signature(meld: TableMeld) -> tuple[object, ...]:
    return (
        meld.kind,
        meld.start,
        tuple((placed.card.face, placed.face, placed.moved) for placed in meld.cards),
    )


def end_remains(
    rules: RuleSet,
    hand: Sequence[Card],
    melds: Sequence[TableMeld],
    taken: Collection[Card],
    must_use: Card | None = None,
) -> bool:
    """Whether some sequence of melds and lay-offs from ``hand`` onto ``melds`` (and the melds
    it makes) reaches a legal end of the turn: ``must_use``, if held, on the table, and then
    a card not in ``taken`` to discard or, unless the table plays "must discard to go out",
    an empty hand (R-5, G-8, C-3, R-9)."""
    if discard_remains(hand, taken, must_use):
        return True  # a card to discard (the common case, answered at once)
    blocked = set(taken)
    duty = must_use is not None and must_use in hand
    faces: Counter[Face] = Counter(card.face for card in hand)
    free: Counter[Face] = Counter(card.face for card in hand if card not in blocked)
    may_empty = not rules.discard_to_go_out
    if not rules.meld_during_play:
        # No plays before going out (B-2, E-7): discard a card, or lay the whole hand down.
        return bool(free) or (may_empty and full_arrangement(rules, list(hand)) is not None)
    search = _Search(rules, melds)
    if must_use is None or not duty:
        if not hand:
            return may_empty
        return may_empty and search.can_empty(faces)
    target = must_use.face
    witness = search.witness(target, faces)
    if witness is None:
        return False
    if any(free[face] and faces[face] > witness[face] for face in free):
        return True
    for face in free:
        if search.witness(target, faces - Counter({face: 1})) is not None:
            return True
    return may_empty and search.can_empty(faces)


def discard_remains(
    hand: Sequence[Card], taken: Collection[Card], must_use: Card | None = None
) -> bool:
    """Whether the turn can end at once with a discard: ``must_use`` is not in ``hand`` and
    some card of it was not taken from the discard pile this turn (G-8, R-5). Then
    :func:`end_remains` is True whatever the table holds."""
    if must_use is not None and must_use in hand:
        return False
    blocked = set(taken)
    return any(card not in blocked for card in hand)


class _Search:
    """The searches of one position: the table's melds are fixed, the hand varies."""

    def __init__(self, rules: RuleSet, melds: Sequence[TableMeld]) -> None:
        self.rules = rules
        self.melds = tuple(melds)
        self._memo: dict[tuple[Faces, tuple[int, ...]], bool] = {}

    # ------------------------------------------------------------------ one card down

    def witness(self, target: Face, faces: Counter[Face]) -> Counter[Face] | None:
        """Cards (with ``target``) of one chain of plays that puts ``target`` on the table,
        or None when no chain does: a three-card meld, or lay-offs on one table meld."""
        if faces[target] < 1:
            return None
        meld = self._three_card_meld(target, faces)
        if meld is not None:
            return meld
        for table_meld in self.melds:
            chain = _shortest_chain(self.rules, table_meld, target, self._pool(table_meld, faces))
            if chain is not None:
                return Counter(chain)
        return None

    def _pool(self, meld: TableMeld, faces: Counter[Face]) -> Faces:
        """The faces of ``faces`` that could ever be laid off on ``meld``."""
        return _key(
            Counter({face: n for face, n in faces.items() if _may_join(self.rules, meld, face)})
        )

    def _three_card_meld(self, target: Face, faces: Counter[Face]) -> Counter[Face] | None:
        rules = self.rules
        others = faces - Counter({target: 1})
        candidates = [face for face in sorted(others) if _near(rules, target, face)]
        pairs: set[tuple[Face, Face]] = set()
        for first, second in combinations(candidates, 2):
            pairs.add((first, second))
        for face in candidates:
            if others[face] >= 2:
                pairs.add((face, face))
        for first, second in sorted(pairs, key=lambda pair: (pair[0].code, pair[1].code)):
            if is_valid_meld(rules, _cards((target, first, second))):
                return Counter((target, first, second))
        return None

    # ------------------------------------------------------------------ the whole hand down

    def can_empty(self, faces: Counter[Face]) -> bool:
        """Whether every card of ``faces`` can go down this turn (new melds and lay-offs)."""
        for face in faces:
            if not is_wild(self.rules, face) and self.witness(face, faces) is None:
                return False  # a natural card with no place at all: quick answer
        return self._empty(_key(faces), tuple(range(len(self.melds))))

    def _empty(self, faces: Faces, open_melds: tuple[int, ...]) -> bool:
        if not faces:
            return True
        known = self._memo.get((faces, open_melds))
        if known is None:
            known = self._memo[(faces, open_melds)] = self._empty_search(faces, open_melds)
        return known

    def _empty_search(self, faces: Faces, open_melds: tuple[int, ...]) -> bool:
        rules = self.rules
        naturals = [face for face in faces if not is_wild(rules, face)]
        first = naturals[0] if naturals else faces[0]
        remaining = Counter(faces)
        for used in _melds_with(rules, first, remaining):
            if self._empty(_key(remaining - used), open_melds):
                return True
        for number in open_melds:
            meld = self.melds[number]
            if not _may_join(rules, meld, first):
                continue
            rest = tuple(other for other in open_melds if other != number)
            for used in _chain_sets(rules, meld, self._pool(meld, remaining)):
                if first in used and self._empty(_key(remaining - Counter(used)), rest):
                    return True
        return False


def _may_join(rules: RuleSet, meld: TableMeld, face: Face) -> bool:
    """Whether ``face`` could ever be laid off on ``meld``, given enough other cards."""
    if is_wild(rules, face):
        return True
    if meld.kind is MeldKind.GROUP:
        return face.rank == meld.rank
    return face.suit == meld.suit


def _near(rules: RuleSet, one: Face, other: Face) -> bool:
    """Whether two faces could stand in one three-card meld (a quick filter only)."""
    if is_wild(rules, one) or is_wild(rules, other):
        return True
    if one.rank == other.rank:
        return True
    distance = abs(one.rank - other.rank)
    return one.suit == other.suit and min(distance, 13 - distance) <= 2


def _shortest_chain(
    rules: RuleSet, meld: TableMeld, target: Face, pool: Faces
) -> list[Face] | None:
    """The fewest lay-offs from ``pool`` on ``meld`` that end with ``target`` laid off."""
    if target not in pool:
        return None
    frontier: list[tuple[TableMeld, Counter[Face], list[Face]]] = [(meld, Counter(pool), [])]
    seen: set[tuple[object, ...]] = set()
    while frontier:
        following = []
        for current, left, path in frontier:
            for face in sorted(left):
                for option in layoff_options(rules, current, Card(face)):
                    if face is target:
                        return [*path, face]
                    grown = apply_layoff(rules, current, option, current.owner)
                    rest = left - Counter({face: 1})
                    state = (_meld_signature(grown), _key(rest))
                    if state not in seen:
                        seen.add(state)
                        following.append((grown, rest, [*path, face]))
        frontier = following
    return None


def _chain_sets(rules: RuleSet, meld: TableMeld, pool: Faces) -> list[Counter[Face]]:
    """Every multiset of cards from ``pool`` that can be laid off on ``meld``, one by one."""
    found: dict[Faces, Counter[Face]] = {}
    seen: set[tuple[object, ...]] = set()
    stack: list[tuple[TableMeld, Counter[Face], Counter[Face]]] = [(meld, Counter(pool), Counter())]
    while stack:
        current, left, used = stack.pop()
        for face in sorted(left):
            for option in layoff_options(rules, current, Card(face)):
                grown = apply_layoff(rules, current, option, current.owner)
                now_used = used + Counter({face: 1})
                state = (_meld_signature(grown), _key(now_used))
                if state in seen:
                    continue
                seen.add(state)
                found.setdefault(_key(now_used), now_used)
                stack.append((grown, left - Counter({face: 1}), now_used))
    return list(found.values())


def _melds_with(rules: RuleSet, first: Face, faces: Counter[Face]) -> Iterator[Counter[Face]]:
    """Every new meld (as a multiset of faces) from ``faces`` that holds ``first``."""
    if is_wild(rules, first):
        return  # only wild cards are left, and a meld needs a natural card (G-6)
    wilds = [face for face in sorted(faces.elements()) if is_wild(rules, face)]
    candidates: dict[Faces, Counter[Face]] = {}
    if rules.groups_allowed:
        same = [face for face in sorted(faces.elements()) if face.rank == first.rank]
        same.remove(first)
        for size in range(GROUP_MIN - 1, len(same) + len(wilds) + 1):
            for naturals in range(0, min(size, len(same)) + 1):
                for chosen in set(combinations(same, naturals)):
                    for extra in set(combinations(wilds, size - naturals)):
                        group = Counter((first, *chosen, *extra))
                        candidates.setdefault(_key(group), group)
    for length in range(RUN_MIN, MAX_RUN + 1):
        for start in run_starts(rules, length):
            ranks = [position_rank(position) for position in range(start, start + length)]
            if first.rank not in ranks or len(set(ranks)) != length:
                continue
            needed = [Face(rank, first.suit) for rank in ranks]
            for run in _fill_window(needed, first, faces, wilds):
                candidates.setdefault(_key(run), run)
    for key, meld in candidates.items():
        if is_valid_meld(rules, _cards(key)):
            yield meld


def _fill_window(
    needed: list[Face], first: Face, faces: Counter[Face], wilds: list[Face]
) -> Iterator[Counter[Face]]:
    """Ways to fill a run window from ``faces``: each place by its natural card or a wild card,
    with ``first`` itself in its place."""
    optional = [face for face in needed if face is not first and faces[face] > 0]
    missing = [face for face in needed if face is not first and faces[face] == 0]
    if len(missing) > len(wilds):
        return
    spare = len(wilds) - len(missing)
    for count in range(0, min(spare, len(optional)) + 1):
        for replaced in combinations(optional, count):
            naturals = [face for face in optional if face not in replaced]
            for extra in set(combinations(wilds, len(missing) + count)):
                yield Counter((first, *naturals, *extra))
