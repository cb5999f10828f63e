"""How far a hand is from going out in a race of runs, and which unseen cards bring it closer.

In European Rummy nothing is melded during play (E-7): the first player whose whole hand fits
into runs (E-3) wins the deal. What a hand is worth there is not what its unmatched cards
would cost but how many cards it still needs, its *distance*, and how many unseen cards would
bring it one step nearer, its *outs*. A hand at distance 2 with 30 outs is well ahead of one
at distance 2 with 8.

Distance: pick runs for the hand (a suit, a first and a last place, at least three places)
whose places add up to at most the hand size. The natural cards of the hand that sit in those
places stay, the wild cards fill empty places, and every place still empty is a card to draw::

    distance = hand size - wild cards - natural cards placed      (never below 0)

Per suit, a walk along the ranks finds the most natural cards that runs of every total length
can place (as many runs of one suit at once as copies of a rank are held, up to three), and
the suits are then combined by total length. Results are cached by the ranks held in one suit,
so trying every discard and every unseen card stays within a few milliseconds. With "aces
both" (E-2) a run may turn the corner K-A-2; the walk then starts at each gap in the suit.

The count matches the exact solver (:func:`rummy_tui.core.best_arrangement`) on the hands the
tests try; the rare hands it can misjudge are ones whose wild cards have no run left to
stand in (a run already A to K), where it is one card optimistic.

>>> from rummy_tui.core import get_variant, parse_cards
>>> race = Race(get_variant("european"), players=2, live=[2.0] * 52 + [2.0])
>>> hand = parse_cards("AS 2S 3S 4H 5H 6H 7H 9D 10D JD QD KD 5C 6C 9C")
>>> race.distance(hand)
1
>>> standing = race.standing(hand)
>>> standing
RaceStanding(distance=1, outs=6.0)
>>> [str(face) for face in standing.faces]  # two packs: two of each, and two jokers
['4C', '7C', 'JK']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from rummy_tui.bots.analysis import FACES_BY_CODE, wild_codes
from rummy_tui.core import Card, RuleSet
from rummy_tui.core.cards import SUITS, Face
from rummy_tui.core.variants import AceRule

_RANKS = 13


@dataclass(frozen=True, slots=True)
class RaceStanding:
    """A hand's place in the race.

    Attributes:
        distance: Cards still to draw before the hand goes out (0: it can go out).
        outs: Unseen cards (weighted by how many may still come) that bring it one step nearer.
        faces: The faces of those cards, wild cards included.
    """

    distance: int
    outs: float
    faces: tuple[Face, ...] = field(default=(), repr=False)


def _runs(counts: tuple[int, ...], budget: int, layers: int) -> list[int]:
    """Most natural cards placed in runs of one suit for every exact total length (-1: no
    placing has that length); ``counts`` are the copies held per place, in run order.

    A walk along the places keeps the lengths of the runs still open (1, 2, or 3 for "three
    or more"); at each place every open run goes on or, once three long, may stop, and new
    runs may start, at most ``layers`` at a time. The reachable (length, placed) pairs are
    kept as bits of one integer, so each step is a few shifts.
    """
    width = budget + 1
    full = (1 << (width * width)) - 1
    states: dict[tuple[int, ...], int] = {(): 1}
    for count in counts:
        following: dict[tuple[int, ...], int] = {}
        for open_runs, reach in states.items():
            young = [length + 1 for length in open_runs if length < 3]
            grown = len(open_runs) - len(young)
            for stop in range(grown + 1):
                going = grown - stop + len(young)
                for start in range(layers - going + 1):
                    covering = going + start
                    shift = covering * width + (count if count < covering else covering)
                    moved = (reach << shift) & full
                    if not moved:
                        continue
                    state = tuple(sorted([3] * (grown - stop) + young + [1] * start))
                    following[state] = following.get(state, 0) | moved
        states = following
    finished = 0
    for open_runs, reach in states.items():
        if all(length == 3 for length in open_runs):
            finished |= reach
    slot = (1 << width) - 1
    return [((finished >> (length * width)) & slot).bit_length() - 1 for length in range(width)]


Points = tuple[tuple[int, int], ...]
"""The useful placings of some cards: (total length, natural cards placed), both rising."""


def _front(exact: Sequence[int]) -> Points:
    """The placings worth having: each places more than any shorter one."""
    points: list[tuple[int, int]] = []
    for length, placed in enumerate(exact):
        if placed >= 0 and (not points or placed > points[-1][1]):
            points.append((length, placed))
    return tuple(points)


@lru_cache(maxsize=131_072)
def _suit(counts: tuple[int, ...], around: bool, budget: int) -> Points:
    """The useful placings of one suit's natural cards (``counts``: copies held of each rank,
    ace first)."""
    held = [rank for rank, count in enumerate(counts) if count]
    if not held:
        return ((0, 0),)
    layers = min(3, max(counts))
    if around:
        # a run may turn the corner K-A-2: walk the circle starting in the middle of each
        # stretch of empty places (anywhere when none is empty); a placing that crosses
        # every such stretch is not looked for
        starts = [rank for rank in range(_RANKS) if not counts[rank] and counts[rank - 1]]
        cuts = [_middle_of_gap(counts, rank) for rank in starts] or list(range(_RANKS))
        walks = [counts[cut:] + counts[:cut] for cut in cuts]
    else:
        low, high = max(0, held[0] - 2), min(_RANKS, held[-1] + 3)
        walks = [counts[low:high]]
    exact = [-1] * (budget + 1)
    for walk in walks:
        for length, placed in enumerate(_runs(walk, budget, layers)):
            if placed > exact[length]:
                exact[length] = placed
    return _front(exact)


def _middle_of_gap(counts: tuple[int, ...], first: int) -> int:
    """The middle place of the stretch of empty places that starts at ``first`` (circular)."""
    last = first
    while not counts[(last + 1) % _RANKS] and (last + 1) % _RANKS != first:
        last += 1
    return ((first + last) // 2) % _RANKS


def _merge(first: Points, second: Points, budget: int) -> Points:
    """The useful placings of two sets of cards together, within ``budget`` places."""
    exact = [-1] * (budget + 1)
    for length, placed in first:
        for more, extra in second:
            total = length + more
            if total > budget:
                break
            if placed + extra > exact[total]:
                exact[total] = placed + extra
    return _front(exact)


def _by_length(points: Points, budget: int) -> list[int]:
    """Most cards placed within each total length from 0 to ``budget``."""
    table = [0] * (budget + 1)
    index = 0
    best = 0
    for length in range(budget + 1):
        while index < len(points) and points[index][0] <= length:
            best = points[index][1]
            index += 1
        table[length] = best
    return table


class Race:
    """Distance and outs of hands for one seat's decision.

    Args:
        rules: The table's rules (runs only, all cards laid down at once).
        players: Players at the table (fixes the hand size).
        live: Per face code (suit by suit, ace to king, then the joker), how many copies may
            still come to the player (unseen, as far as it knows).
    """

    def __init__(self, rules: RuleSet, players: int, live: Sequence[float]) -> None:
        self.rules = rules
        self.budget = rules.hand_size_for(players)
        self.around = rules.ace_rule is AceRule.AROUND
        self.live = list(live)
        self.wild_code = wild_codes(rules)
        self.wild_live = sum(count for code, count in enumerate(self.live) if self.wild_code[code])

    # ---------------------------------------------------------------- counting

    def tally(self, cards: Sequence[Card]) -> tuple[list[list[int]], int]:
        """Copies held per suit and rank, and the number of wild cards."""
        counts = [[0] * _RANKS for _ in SUITS]
        wild = 0
        for card in cards:
            code = card.face.code
            if self.wild_code[code]:
                wild += 1
            else:
                counts[code // _RANKS][code % _RANKS] += 1
        return counts, wild

    def _distance(self, placed: int, wild: int) -> int:
        return max(0, self.budget - wild - placed)

    def _placed(self, counts: list[list[int]]) -> int:
        budget = self.budget
        total: Points = ((0, 0),)
        for row in counts:
            total = _merge(total, _suit(tuple(row), self.around, budget), budget)
        return total[-1][1]

    def distance(self, cards: Sequence[Card]) -> int:
        """Cards still to draw before ``cards`` (the hand, or the hand plus a drawn card, which
        then lets one card go) can be laid down in runs."""
        counts, wild = self.tally(cards)
        return self._distance(self._placed(counts), wild)

    def standing(self, cards: Sequence[Card]) -> RaceStanding:
        """The distance of a hand of the hand size, and its outs."""
        counts, wild = self.tally(cards)
        return self._standing(counts, wild)

    def _standing(self, counts: list[list[int]], wild: int) -> RaceStanding:
        budget = self.budget
        around = self.around
        tables = [_suit(tuple(row), around, budget) for row in counts]
        # the placings of the other three suits, for each suit left out
        before: list[Points] = [((0, 0),)]
        for table in tables[:-1]:
            before.append(_merge(before[-1], table, budget))
        after: list[Points] = [((0, 0),)]
        for table in reversed(tables[1:]):
            after.append(_merge(after[-1], table, budget))
        after.reverse()
        whole = _merge(before[-1], tables[-1], budget)
        distance = self._distance(whole[-1][1], wild)
        if distance == 0:
            return RaceStanding(0, 0.0)
        needed = budget - wild - distance + 1  # natural cards placed one step nearer
        outs = self.wild_live
        live = self.live
        wild_code = self.wild_code
        faces = [face for face in FACES_BY_CODE if wild_code[face.code] and live[face.code] > 0]
        for index, row in enumerate(counts):
            others = _by_length(_merge(before[index], after[index], budget), budget)
            base = index * _RANKS
            for rank in range(_RANKS):
                copies = live[base + rank]
                if copies <= 0 or wild_code[base + rank]:
                    continue
                row[rank] += 1
                table = _suit(tuple(row), around, budget)
                row[rank] -= 1
                for length, placed in table:
                    if placed + others[budget - length] >= needed:
                        outs += copies
                        faces.append(FACES_BY_CODE[base + rank])
                        break
        return RaceStanding(distance, outs, tuple(sorted(faces)))

    def discards(
        self, hand: Sequence[Card], candidates: Sequence[Card]
    ) -> list[tuple[RaceStanding, Card]]:
        """The standing left by each candidate discard (one per face), best first: nearest to
        going out, then most outs."""
        counts, wild = self.tally(hand)
        seen: dict[int, tuple[RaceStanding, Card]] = {}
        for card in candidates:
            code = card.face.code
            if code in seen:
                continue
            if self.wild_code[code]:
                standing = self._standing(counts, wild - 1)
            else:
                row = counts[code // _RANKS]
                row[code % _RANKS] -= 1
                standing = self._standing(counts, wild)
                row[code % _RANKS] += 1
            seen[code] = (standing, card)
        return sorted(seen.values(), key=lambda item: (item[0].distance, -item[0].outs))


__all__ = ["Race", "RaceStanding"]
