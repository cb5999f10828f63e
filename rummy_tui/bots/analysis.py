"""How a computer player judges a hand: the exact arrangement plus the promise of partial melds.

The exact solver (:func:`best_arrangement`) says which cards are unmatched now. A player also
cares which of them are *nearly* matched: two cards of a rank, two cards of a suit one or two
apart, a card two places beyond a run it holds. Each unmatched card gets a chance of being
melded before the deal ends, from the number of unseen cards that would complete it; its
expected cost is its value times the chance that it stays unmatched. The sum, :meth:`Judge.
expected_cost`, is the number every level minimises (lower is better).

Only the view is used: unseen cards are the packs less the bot's hand, the melds and the
visible discard pile (the hard level also subtracts the buried discards it remembers).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rummy_tui.core import Action, Arrangement, Card, Meld, PlayerView, best_arrangement
from rummy_tui.core.cards import JOKER_FACE, SUITS, Face, all_faces
from rummy_tui.core.layoffs import layoff_options
from rummy_tui.core.melds import MeldKind, TableMeld, is_wild
from rummy_tui.core.values import hand_value, pip_value
from rummy_tui.core.variants import AceRule, RuleSet, Scoring

FACES_BY_CODE: list[Face] = [*all_faces(), JOKER_FACE]
"""Every face, indexed by its code (the 52 suited faces, then the joker)."""


@dataclass(frozen=True, slots=True)
class Weights:
    """Tuning of a level's judgement."""

    turns: float = 4.0
    """How many more draws the player expects before the deal ends."""
    wild_keep: float = 0.25
    """Share of a wild card's value counted when it is unmatched (wild cards are kept)."""
    lone: float = 0.3
    """Weight of a lone card's chance of finding partners (two cards away from a meld)."""
    cap: float = 0.9
    """Highest chance counted for a partial meld."""
    pair_factor: float = 1.0
    """Weight of a pair (groups) against a run connector."""
    count_cards: bool = True
    """Whether cards seen on the table and in the discard pile count as gone (False: only the
    player's own hand is taken out of the unseen cards)."""
    union_outs: bool = False
    """Count the outs of every partial meld a card belongs to (the union of the cards that
    would complete one), instead of only its best partial meld."""


class Judge:
    """Judges hands for one seat at one moment (built fresh for every decision).

    Args:
        view: What the seat sees.
        weights: The level's tuning.
        dead: Cards the player knows are out of play besides the visible ones (memory).
    """

    def __init__(
        self, view: PlayerView, weights: Weights | None = None, dead: Iterable[Card] = ()
    ) -> None:
        rules = view.rules
        self.view = view
        self.rules = rules
        self.weights = weights or Weights()
        self.seat = view.seat
        players = len(view.players)
        packs = rules.packs_for(players)
        self.groups = rules.groups_allowed
        self.repeat = rules.group_repeat_suits
        self.ace_rule = rules.ace_rule
        self.meld_in_play = rules.meld_during_play
        self.value, self.pip, self.wild_code = _tables(rules)
        live = [float(packs)] * 52 + [float(packs * rules.jokers_per_pack)]
        seen: list[Card] = list(view.hand)
        if self.weights.count_cards:
            seen += [placed.card for meld in view.melds for placed in meld.cards]
            seen += list(view.discard_pile)
            seen += list(dead)
        for card in seen:
            live[card.face.code] -= 1
        self.live = [max(0.0, count) for count in live]
        self.wild_live = sum(count for code, count in enumerate(self.live) if self.wild_code[code])
        self.unseen = max(1.0, sum(self.live))
        self.melds: tuple[TableMeld, ...] = view.melds
        self._fits: dict[Card, bool] = {}
        self._arrangements: dict[tuple[Card, ...], Arrangement] = {}
        self.table_points = rules.scoring is Scoring.TABLE_MINUS_HAND
        self.per_card = all(value == 1 for value in self.value[:52])
        self.win_bonus = 0.0
        """Look-ahead reward for a hand that goes out (the hard level sets it)."""

    # ---------------------------------------------------------------- building blocks

    def arrange(self, cards: Sequence[Card]) -> Arrangement:
        """The exact best arrangement, cached for this decision."""
        key = tuple(sorted(cards))
        found = self._arrangements.get(key)
        if found is None:
            found = best_arrangement(self.rules, key)
            self._arrangements[key] = found
        return found

    def fits_table(self, card: Card) -> bool:
        """Whether ``card`` can be laid off on a meld on the table now (melding variants)."""
        if not self.meld_in_play or not self.melds:
            return False
        known = self._fits.get(card)
        if known is None:
            known = any(layoff_options(self.rules, meld, card) for meld in self.melds)
            self._fits[card] = known
        return known

    def chance(self, outs: float, turns: float | None = None) -> float:
        """Chance of drawing one of ``outs`` unseen cards in the expected draws."""
        if outs <= 0:
            return 0.0
        draws = self.weights.turns if turns is None else turns
        miss = max(0.0, 1.0 - outs / self.unseen)
        return min(self.weights.cap, 1.0 - float(miss**draws))

    def _positions(self, rank: int) -> tuple[int, ...]:
        if rank == 1 and self.ace_rule is AceRule.HIGH_OR_LOW:
            return (1, 14)
        return (rank,)

    def _rank_at(self, position: int) -> int | None:
        if self.ace_rule is AceRule.AROUND:
            return (position - 1) % 13 + 1
        high = 13 if self.ace_rule is AceRule.LOW else 14
        if 1 <= position <= high:
            return (position - 1) % 13 + 1
        return None

    def _gap(self, first: int, second: int) -> tuple[int, int]:
        """(distance, lower position) of two ranks in a run (distance 99: too far)."""
        best = (99, 0)
        for one in self._positions(first):
            for two in self._positions(second):
                if self.ace_rule is AceRule.AROUND:
                    up = (two - one) % 13
                    down = (one - two) % 13
                    distance, lower = (up, one) if up <= down else (down, two)
                else:
                    distance, lower = abs(one - two), min(one, two)
                if distance < best[0]:
                    best = (distance, lower)
        return best

    def run_distance(self, first: Card, second: Card) -> int:
        """How many places apart two cards stand in a run of their suit (99: different suit)."""
        if first.suit != second.suit or first.suit is None:
            return 99
        return self._gap(first.face.rank, second.face.rank)[0]

    def _live_face(self, rank: int | None, suit_index: int) -> float:
        if rank is None:
            return 0.0
        return self.live[suit_index * 13 + rank - 1]

    def pair_outs(self, first: Card, second: Card) -> float:
        """Unseen natural cards that complete a meld with these two (0 if they do not join)."""
        if first.face.rank != second.face.rank or not self.groups:
            return 0.0
        if first.suit == second.suit and not self.repeat:
            return 0.0
        rank = first.face.rank
        if self.repeat:
            return self.weights.pair_factor * sum(self._live_face(rank, s) for s in range(4))
        used = {first.suit, second.suit}
        return self.weights.pair_factor * sum(
            self._live_face(rank, index) for index, suit in enumerate(SUITS) if suit not in used
        )

    def run_outs(self, first: Card, second: Card) -> float:
        """Unseen natural cards that make these two (same suit) into a run of three."""
        if first.suit != second.suit or first.suit is None:
            return 0.0
        distance, low = self._gap(first.face.rank, second.face.rank)
        suit_index = SUITS.index(first.suit)
        if distance == 1:
            return self._live_face(self._rank_at(low - 1), suit_index) + self._live_face(
                self._rank_at(low + 2), suit_index
            )
        if distance == 2:
            return self._live_face(self._rank_at(low + 1), suit_index)
        return 0.0

    def needed_faces(self, first: Card, second: Card) -> set[int]:
        """Face codes that would make a meld of three with these two cards."""
        found: set[int] = set()
        same_rank = self.groups and first.face.rank == second.face.rank
        if same_rank and (self.repeat or first.suit != second.suit):
            rank = first.face.rank
            used = set() if self.repeat else {first.suit, second.suit}
            found |= {index * 13 + rank - 1 for index, suit in enumerate(SUITS) if suit not in used}
        if first.suit == second.suit and first.suit is not None:
            distance, low = self._gap(first.face.rank, second.face.rank)
            suit_index = SUITS.index(first.suit)
            wanted = (
                (self._rank_at(low - 1), self._rank_at(low + 2))
                if distance == 1
                else (self._rank_at(low + 1),)
                if distance == 2
                else ()
            )
            found |= {suit_index * 13 + rank - 1 for rank in wanted if rank is not None}
        return found

    def lone_outs(self, card: Card) -> float:
        """Unseen cards that would give a lone card a partner."""
        if card.suit is None:
            return 0.0
        suit_index = SUITS.index(card.suit)
        total = 0.0
        for position in self._positions(card.face.rank):
            for step in (-2, -1, 1, 2):
                total += self._live_face(self._rank_at(position + step), suit_index)
        if self.groups:
            rank = card.face.rank
            total += sum(
                self._live_face(rank, index)
                for index, suit in enumerate(SUITS)
                if self.repeat or suit != card.suit
            )
        return total

    # ---------------------------------------------------------------- the judgement

    def card_costs(self, arrangement: Arrangement) -> dict[Card, float]:
        """Expected cost of each unmatched card of an arrangement."""
        deadwood = arrangement.deadwood
        naturals = [card for card in deadwood if not self.wild_code[card.face.code]]
        extend = self._run_extensions(arrangement)
        wild_bonus = self.wild_live
        costs: dict[Card, float] = {}
        for card in deadwood:
            code = card.face.code
            value = self.value[code]
            if self.wild_code[code]:
                costs[card] = value * self.weights.wild_keep
                continue
            if self.fits_table(card):
                costs[card] = 0.0
                continue
            best = extend.get(card, 0.0)
            if self.weights.union_outs:
                needed: set[int] = set()
                for other in naturals:
                    if other is not card:
                        needed |= self.needed_faces(card, other)
                if needed:
                    outs = sum(self.live[code] for code in needed) + wild_bonus
                    best = max(best, outs)
            else:
                for other in naturals:
                    if other is card:
                        continue
                    outs = self.pair_outs(card, other) + self.run_outs(card, other)
                    if outs > 0:
                        outs += wild_bonus
                    if outs > best:
                        best = outs
            if best > 0:
                keep = self.chance(best)
            else:
                keep = self.weights.lone * self.chance(self.lone_outs(card) + wild_bonus) ** 2
            costs[card] = value * (1.0 - keep)
        return costs

    def _run_extensions(self, arrangement: Arrangement) -> dict[Card, float]:
        """Unmatched cards two places beyond a run of the hand: the card between is an out."""
        found: dict[Card, float] = {}
        runs = [reading for reading in arrangement.readings if reading.kind is MeldKind.RUN]
        if not runs:
            return found
        for card in arrangement.deadwood:
            if card.suit is None or self.wild_code[card.face.code]:
                continue
            suit_index = SUITS.index(card.suit)
            for reading in runs:
                faces = reading.faces
                if faces[0].suit != card.suit:
                    continue
                start = reading.start
                end = start + len(faces) - 1
                for position in self._positions(card.face.rank):
                    if position == end + 2:
                        between = self._rank_at(end + 1)
                    elif position == start - 2:
                        between = self._rank_at(start - 1)
                    else:
                        continue
                    outs = self._live_face(between, suit_index) + self.wild_live
                    found[card] = max(found.get(card, 0.0), outs)
        return found

    def expected_cost(self, cards: Sequence[Card]) -> float:
        """What the hand is expected to cost (lower is better).

        Rummy 500 subtracts the points of the cards that can go on the table now (R-11).
        """
        arrangement = self.arrange(cards)
        total = sum(self.card_costs(arrangement).values())
        if self.table_points:
            total -= self.meld_points(arrangement)
        return total

    def meld_points(self, arrangement: Arrangement) -> float:
        """Rummy 500: points of the melded cards and of the unmatched cards that fit the table."""
        points = sum(self.pip[card.face.code] for meld in arrangement.melds for card in meld)
        points += sum(
            self.pip[card.face.code] for card in arrangement.deadwood if self.fits_table(card)
        )
        return float(points)

    def typical_cost(self) -> float:
        """The value of an average unseen card, as an unknown card's expected cost."""
        total = sum(self.live[code] * self.value[code] for code in range(53))
        return 0.85 * total / self.unseen

    def cost_after_discard(self, cards: Sequence[Card], keep: Sequence[Card] = ()) -> float:
        """Expected cost of ``cards`` after throwing away the most expensive unmatched card that
        is not in ``keep`` (a quick form of :meth:`discard_costs` for look-ahead)."""
        arrangement = self.arrange(cards)
        costs = self.card_costs(arrangement)
        total = sum(costs.values())
        if self.table_points:
            total -= self.meld_points(arrangement)
        choices = [cost for card, cost in costs.items() if card not in keep]
        if self.win_bonus:
            loose = [card for card in arrangement.deadwood if not self.fits_table(card)]
            if not loose or (len(loose) == 1 and loose[0] not in keep):
                return total - (max(choices) if choices else 0.0) - self.win_bonus
        if choices:
            return total - max(choices)
        allowed = [card for card in cards if card not in keep]
        if not allowed:
            return total
        return min(self.discard_costs(cards, allowed)[0][0], total)

    def discard_costs(
        self, hand: Sequence[Card], candidates: Sequence[Card]
    ) -> list[tuple[float, Card]]:
        """(expected cost of the hand left, card) for each candidate discard, best first."""
        arrangement = self.arrange(hand)
        dead = set(arrangement.deadwood)
        results: list[tuple[float, Card]] = []
        base_points = self.meld_points(arrangement) if self.table_points else 0.0
        for card in candidates:
            rest = [held for held in hand if held is not card]
            if card in dead:
                reduced = Arrangement(
                    arrangement.readings,
                    tuple(held for held in arrangement.deadwood if held is not card),
                    arrangement.penalty - self.value[card.face.code],
                )
                cost = sum(self.card_costs(reduced).values())
                if self.table_points:
                    cost -= base_points - (self.pip[card.face.code] if self.fits_table(card) else 0)
            else:
                cost = self.expected_cost(rest)
            results.append((cost, card))
        results.sort(key=lambda item: (item[0], -self.value[item[1].face.code], item[1]))
        return results


_TABLES: dict[tuple[object, ...], tuple[list[int], list[int], list[bool]]] = {}


def _tables(rules: RuleSet) -> tuple[list[int], list[int], list[bool]]:
    """Per face code: the value in hand, the pip value and whether it is wild (cached)."""
    key = (
        rules.scoring,
        rules.unmatched_value,
        rules.ace_value,
        rules.joker_value,
        rules.twos_wild,
    )
    found = _TABLES.get(key)
    if found is None:
        found = (
            [hand_value(rules, Card(face)) for face in FACES_BY_CODE],
            [pip_value(rules, face) for face in FACES_BY_CODE],
            [is_wild(rules, face) for face in FACES_BY_CODE],
        )
        _TABLES[key] = found
    return found


def wild_codes(rules: RuleSet) -> list[bool]:
    """Per face code, whether that face is wild under ``rules`` (cached per rule set)."""
    return _tables(rules)[2]


def meld_key(faces: Sequence[Face], cards: Sequence[Card], rules: RuleSet) -> tuple[object, ...]:
    """A key that identifies a meld by what it shows and how many wild cards it holds."""
    wild = sum(1 for card in cards if is_wild(rules, card))
    return (tuple(sorted(face.code for face in faces)), wild)


def natural_key(cards: Sequence[Card], rules: RuleSet) -> tuple[object, ...]:
    """A looser key: the natural faces of a meld and its wild card count."""
    naturals = sorted(card.face.code for card in cards if not is_wild(rules, card))
    return (tuple(naturals), len(cards) - len(naturals))


def index_melds(legal: Sequence[Action], rules: RuleSet) -> dict[tuple[object, ...], Meld]:
    """The legal Meld actions by :func:`meld_key` and :func:`natural_key`."""
    found: dict[tuple[object, ...], Meld] = {}
    for action in legal:
        if isinstance(action, Meld):
            faces = (
                action.faces if action.faces is not None else tuple(c.face for c in action.cards)
            )
            found.setdefault(("exact", *meld_key(faces, action.cards, rules)), action)
            found.setdefault(("loose", *natural_key(action.cards, rules)), action)
    return found
