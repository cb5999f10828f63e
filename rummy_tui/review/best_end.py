"""The best legal end of a turn with melding during play: the least deadwood left in hand.

After the draw a player of Classic Rummy, Double Rum or Rummy 500 may meld and lay off at
will and then discards a card not taken this turn (G-8), or empties the hand (C-3, R-9), with
the deepest card of a Rummy 500 dig on the table (R-5). What the hand then still holds is what
it would pay (C-5, D-7, R-11). The least of it is found exactly by the search of
:mod:`rummy_tui.core.end_of_turn` turned from "can the hand be emptied?" into "how much of
it can go down?": the lowest natural card left either stays in hand, or goes into a new meld
holding it, or into the chain of lay-offs of one table meld holding it (plays on different
melds never meet; a new meld and lay-offs on it hold the cards of one bigger new meld), on
faces, memoised. The core's own meld and lay-off rules list the melds and the chains, so no
rule is written twice here. The plan found is turned into moves and the engine has the last
word: a plan it refuses is no claim.

The search stops after :data:`NODE_BUDGET` positions (a Rummy 500 hand after a deep dig can
be long): the answer is then None and the review falls back on its witnesses.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rummy_tui.core.actions import Action, Discard, LayOffCard, Meld
from rummy_tui.core.cards import Card, Face
from rummy_tui.core.end_of_turn import _chain_sets, _key, _may_join, _melds_with
from rummy_tui.core.layoffs import apply_layoff, layoff_options
from rummy_tui.core.melds import TableMeld, is_wild
from rummy_tui.core.state import GameState
from rummy_tui.core.values import hand_value
from rummy_tui.core.variants.ruleset import RuleSet

Faces = tuple[Face, ...]
Step = tuple[int, Counter[Face]]
"""One play of a plan: -1 and a new meld's faces, or a table meld's index and its chain."""
Plan = tuple[int, tuple[Step, ...]]
"""The value put down and the plays."""

NODE_BUDGET = 40_000
"""The most search positions for one turn before the search gives up."""


class TooLong(Exception):
    """The search passed its budget."""


DISCARD = -2
"""The place of a plan's discard (a new meld is -1, a table meld its index)."""
NEW_MELD = -1


class _Search:
    """The most value a hand can put down and discard this turn, as a plan (see the module's
    text). ``keep``: cards may stay in hand and one (of a face in ``free``) is discarded;
    without it every card must go down (an empty hand)."""

    def __init__(
        self,
        rules: RuleSet,
        melds: Sequence[TableMeld],
        owed: Face | None,
        free: set[Face],
        keep: bool,
    ) -> None:
        self.rules = rules
        self.melds = tuple(melds)
        self.owed = owed
        self.free = free
        self.keep = keep
        self.memo: dict[tuple[Faces, tuple[int, ...], bool, bool], Plan | None] = {}
        self.nodes = 0

    def value(self, faces: Counter[Face]) -> int:
        rules = self.rules
        return sum(hand_value(rules, Card(face)) * count for face, count in faces.items())

    def best(
        self, faces: Faces, open_melds: tuple[int, ...], owing: bool, discarded: bool
    ) -> Plan | None:
        """The most value that can go down (and be discarded) from ``faces``; None when the
        owed face cannot go down, or no card is left to discard."""
        if not faces:
            return None if owing or (self.keep and not discarded) else (0, ())
        key = (faces, open_melds, owing, discarded)
        if key in self.memo:
            return self.memo[key]
        self.nodes += 1
        if self.nodes > NODE_BUDGET:
            raise TooLong
        rules = self.rules
        naturals = [face for face in faces if not is_wild(rules, face)]
        first = naturals[0] if naturals else faces[0]
        remaining = Counter(faces)
        found = self._kept(first, remaining, open_melds, owing, discarded)
        for used in _melds_with(rules, first, remaining):
            found = self._better(found, used, NEW_MELD, remaining, open_melds, owing, discarded)
        found = self._chains(found, first, remaining, open_melds, owing, discarded)
        self.memo[key] = found
        return found

    def _kept(
        self,
        first: Face,
        remaining: Counter[Face],
        open_melds: tuple[int, ...],
        owing: bool,
        discarded: bool,
    ) -> Plan | None:
        """``first`` stays in hand, or is the discard."""
        if not self.keep:
            return None
        one = Counter({first: 1})
        rest = _key(remaining - one)
        found = self.best(rest, open_melds, owing, discarded)
        if not discarded and first in self.free:
            after = self.best(rest, open_melds, owing, True)
            if after is not None:
                total = after[0] + self.value(one)
                if found is None or total > found[0]:
                    found = (total, ((DISCARD, one), *after[1]))
        return found

    def _chains(
        self,
        found: Plan | None,
        first: Face,
        remaining: Counter[Face],
        open_melds: tuple[int, ...],
        owing: bool,
        discarded: bool,
    ) -> Plan | None:
        """``first`` laid off on a table meld, in a chain of lay-offs there."""
        rules = self.rules
        for number in open_melds:
            meld = self.melds[number]
            if not _may_join(rules, meld, first):
                continue
            rest = tuple(other for other in open_melds if other != number)
            pool = _key(
                Counter({face: n for face, n in remaining.items() if _may_join(rules, meld, face)})
            )
            for used in _chain_sets(rules, meld, pool):
                if first in used:
                    found = self._better(found, used, number, remaining, rest, owing, discarded)
        return found

    def _better(
        self,
        found: Plan | None,
        used: Counter[Face],
        where: int,
        remaining: Counter[Face],
        open_melds: tuple[int, ...],
        owing: bool,
        discarded: bool,
    ) -> Plan | None:
        still = owing and not (self.owed is not None and used[self.owed] > 0)
        after = self.best(_key(remaining - used), open_melds, still, discarded)
        if after is None:
            return found
        total = after[0] + self.value(used)
        if found is None or total > found[0]:
            return (total, ((where, used), *after[1]))
        return found


def best_end(rules: RuleSet, state: GameState, seat: int) -> tuple[int, tuple[Action, ...]] | None:
    """The least deadwood the seat to act can end its turn with from ``state`` (after its
    draw), and moves that reach it; None when the search gives up or finds no legal end.
    Uses only the seat's hand, the table's melds and the turn's taken cards."""
    deal = state.deal
    hand = list(deal.hands[seat])
    turn = deal.turn
    blocked = set(turn.taken_from_discard)
    must_use = turn.must_use if turn.must_use in hand else None
    owed = must_use.face if must_use is not None else None
    free = {card.face for card in hand if card not in blocked and card is not must_use}
    faces = _key(Counter(card.face for card in hand))
    opened = tuple(range(len(deal.melds)))
    total = sum(hand_value(rules, card) for card in hand)
    try:
        plan = _Search(rules, deal.melds, owed, free, keep=True).best(
            faces, opened, owed is not None, False
        )
        left = total - plan[0] if plan is not None else None
        if left != 0 and not rules.discard_to_go_out:
            emptied = _Search(rules, deal.melds, owed, free, keep=False).best(
                faces, opened, owed is not None, False
            )
            if emptied is not None:
                plan, left = emptied, 0
    except TooLong:
        return None
    if plan is None or left is None:
        return None
    actions = _moves(rules, deal.melds, hand, blocked, must_use, plan[1], seat)
    if actions is None:
        return None
    return left, tuple(actions)


def _moves(
    rules: RuleSet,
    melds: Sequence[TableMeld],
    hand: Sequence[Card],
    blocked: set[Card],
    must_use: Card | None,
    steps: Sequence[Step],
    seat: int,
) -> list[Action] | None:
    """A plan's plays as moves with the hand's own cards: the discard a card not taken this
    turn, the owed card first of its face; new melds first, then each chain of lay-offs in
    an order the lay-off rules accept, then the discard."""
    discard: Card | None = None
    for where, used in steps:
        if where == DISCARD:
            (face,) = used
            discard = next(
                card
                for card in hand
                if card.face is face and card not in blocked and card is not must_use
            )
    pool: dict[Face, list[Card]] = {}
    for card in sorted(hand, key=lambda card: (card is not must_use, card.order)):
        if card is not discard:
            pool.setdefault(card.face, []).append(card)
    moves: list[Action] = []
    chains: list[tuple[TableMeld, list[Card]]] = []
    for where, used in sorted(steps, key=lambda step: step[0]):
        if where == DISCARD:
            continue
        cards = [pool[face].pop(0) for face in sorted(used.elements())]
        if where == NEW_MELD:
            moves.append(Meld(cards=tuple(cards)))
        else:
            chains.append((melds[where], cards))
    for meld, cards in chains:
        order = _chain_order(rules, meld, cards, seat)
        if order is None:
            return None
        moves.extend(order)
    if discard is not None:
        moves.append(Discard(card=discard))
    return moves


def _chain_order(
    rules: RuleSet, meld: TableMeld, cards: list[Card], seat: int
) -> list[Action] | None:
    """Lay-offs of all ``cards`` on ``meld``, one after another, or None."""
    if not cards:
        return []
    for card in cards:
        for option in layoff_options(rules, meld, card):
            grown = apply_layoff(rules, meld, option, seat)
            rest = [other for other in cards if other is not card]
            after = _chain_order(rules, grown, rest, seat)
            if after is not None:
                move = LayOffCard(card=card, meld_id=meld.meld_id, face=option.face)
                return [move, *after]
    return None
