"""The hard computer player: remembers the deal, looks one draw ahead, and starves its neighbour.

On top of the normal level's play it

* remembers which cards left the game (buried discards, cards others took from the pile or
  left lying) and counts only the cards that may still come as chances for its partial melds,
  counting every partial meld a card belongs to;
* judges draws and discards by a determinised look-ahead: it samples the cards it cannot see
  and asks the exact solver how the hand would stand after the next draw (the same samples for
  every choice, so the comparison is fair); after a rebuild it knows the stock's order;
* avoids feeding the next player: it deals that player sample hands consistent with what the
  table knows (the cards it took, the cards it left lying) and holds back the discards that
  would join a meld there; in Rummy 500, where a fed card scores for the taker, this weighs
  heavily;
* in Classic and Double Rum at small tables keeps its melds in hand while nobody is close to
  going out, then lays everything down in one turn (a rummy is paid double, and melds held back
  give the others nothing to lay off on);
* in Boathouse takes a discard that makes a strong partial meld, and lets its hand grow further;
* in Rummy 500 weighs the points a dig puts on the table against the points left in hand, by
  how soon the deal is likely to end.

At tables of more than four players it drops the look-ahead and the feeding checks: there
the stock soon comes round in the same order, and everyone holding back alike can lock a deal
into a loop (G-9). Its random choices come from the seeded generator of the decision, so it
is deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from itertools import chain

from rummy_tui.bots.analysis import FACES_BY_CODE, Judge, Weights
from rummy_tui.bots.memory import Memory
from rummy_tui.bots.normal import Decision, ThinkingBot, two_card_draws
from rummy_tui.bots.reasons import Reason
from rummy_tui.core import Action, Card, Discard, DrawTwo, PlayerView
from rummy_tui.core.variants import DrawRule


class HardJudge(Judge):
    """A judge that also knows the deal's memory and a sample of the unseen cards."""

    def __init__(self, view: PlayerView, weights: Weights, memory: Memory, samples: int) -> None:
        others_hold = [
            card
            for seat, cards in enumerate(memory.picked)
            if seat != view.seat
            for card in cards
            if card not in view.hand
        ]
        super().__init__(view, weights, dead=[*memory.buried, *others_hold])
        self.memory = memory
        self.passed_checked = 0
        """How many of the latest passed cards a sampled hand must be consistent with."""
        self.tries_per_hand = 4
        """Sampling attempts per wanted hand when hands are checked against passed cards."""
        self.sample_count = samples
        self._samples: list[Card] | None = None
        self._hands: dict[int, list[list[Card]]] = {}

    def samples(self, rng: random.Random) -> list[Card]:
        """A fixed sample of the unseen cards for this decision (copies marked apart)."""
        if self._samples is None:
            codes = [code for code, count in enumerate(self.live) if count > 0]
            weights = [self.live[code] for code in codes]
            if not codes:
                self._samples = []
            else:
                picks = rng.choices(codes, weights=weights, k=self.sample_count)
                self._samples = [
                    Card(FACES_BY_CODE[code], 60 + number) for number, code in enumerate(picks)
                ]
        return self._samples

    def opponent_hands(self, rng: random.Random, seat: int, count: int) -> list[list[Card]]:
        """Sampled hands for ``seat``: the cards it is known to hold plus unseen cards."""
        cached = self._hands.get(seat)
        if cached is not None:
            return cached
        known = [card for card in self.memory.held_by(seat) if card not in self.view.hand]
        size = self.view.hand_sizes[seat] - len(known)
        pool = [
            Card(FACES_BY_CODE[code], 70 + copy)
            for code, live in enumerate(self.live)
            for copy in range(round(live))
        ]
        hands: list[list[Card]] = []
        if 0 <= size <= len(pool):
            passed = self.memory.passed[seat][-self.passed_checked :] if self.passed_checked else []
            tries = count * self.tries_per_hand if passed else count
            for _ in range(tries):
                hand = known + rng.sample(pool, size)
                if passed and any(self._joins(hand, card) for card in passed):
                    continue  # it left this card lying, so the card cannot have joined its hand
                hands.append(hand)
                if len(hands) == count:
                    break
        self._hands[seat] = hands
        return hands

    def _joins(self, hand: list[Card], card: Card) -> bool:
        arrangement = self.arrange([*hand, card])
        return any(card in meld for meld in arrangement.melds)


class HardBot(ThinkingBot):
    """The hard level."""

    level = "hard"
    samples = 16
    """Unseen cards sampled per decision for the look-ahead."""
    candidates = 4
    """Discards examined by look-ahead (the best by the quick judgement)."""
    feed_weight = 0.6
    """How much a discard the next player collects is held against it."""
    points_feed_weight = 12.0
    """Rummy 500: the feeding weight, where a fed card scores for the next player."""
    reveal_cost = 0.2
    """Cost of showing the table which card one takes from the pile."""
    union_outs = True
    """Count every partial meld a card is in (see :class:`Weights`)."""
    risk_scale = 0.5
    """Rummy 500: how heavily extra dug-up cards weigh when the deal may end soon."""
    dig_margin = 0.0
    """Rummy 500: how much better than a stock draw a take must look."""
    danger_mode = "sample"
    """How the next player's wish for a discard is judged: "sample" (deal it hands that fit
    what the table knows and see whether the card joins a meld) or "signs" (near the cards it
    took, away from those it threw or passed)."""
    hand_samples = 12
    """Hands sampled for the next player with the "sample" danger."""
    passed_checked = 3
    """Sampled hands must not be able to use the last this-many cards the player passed."""
    join_bonus = 1.0
    """A discard that joins a meld is taken unless the stock looks better by this many cards."""
    partial_margin = 0.5
    """A discard that joins no meld is taken only if it beats the stock by this many cards."""
    win_weight = 4.0
    """Look-ahead reward for going out, in typical card values."""
    grow_limit = 8
    """Boathouse: two stock cards are drawn while the hand holds fewer extra cards than this."""
    partial_keep = 0.6
    """Boathouse: a discard that makes a partial meld this likely to fill is taken as well."""
    hold_until = 3
    """Melds stay in hand while every other player holds more cards than this."""
    hold_players = 3
    """Melds are held back only at tables of at most this many players."""
    look_players = 4
    """Look-ahead and feeding checks are made only at tables of at most this many players."""
    plain_after_rebuilds = 2
    """After this many rebuilds of the stock the bot stops holding back what the next player
    wants: the stock comes round in the same order, and two bots starving each other would
    loop for ever (G-9)."""
    """Discards are looked ahead, and kept from the next player, only at tables of at most
    this many players."""
    lively_weight = 0.5
    """Weight of how many unseen cards could join a discard (a card with live partners feeds)."""

    def judge(self, view: PlayerView) -> Judge:
        memory = Memory.from_view(view)
        weights = Weights(turns=self.turns_left(view), union_outs=self.union_outs)
        judge = HardJudge(view, weights, memory, self.samples)
        judge.passed_checked = self.passed_checked
        if not judge.table_points:
            judge.win_bonus = self.win_weight * self.card_scale(judge)
        return judge

    def turns_left(self, view: PlayerView) -> float:
        """How many more draws the deal probably allows this player."""
        players = len(view.players)
        rules = view.rules
        by_stock = view.stock_count / players
        if rules.rebuild_stock:
            by_stock += view.discard_count / players
        others = [size for seat, size in enumerate(view.hand_sizes) if seat != view.seat]
        if rules.meld_during_play and others:
            by_hands = 1.5 + 1.5 * min(others)
            return max(1.0, min(by_stock, by_hands, 10.0))
        if rules.draw_rule in (DrawRule.BOATHOUSE, DrawRule.HOYLE):
            return self.weights.turns  # hands grow and stay hidden: no sign of the end
        return max(2.0, min(by_stock, 8.0))

    # ------------------------------------------------------------------ drawing

    def wants_discard(self, view: PlayerView, judge: Judge, hand: list[Card], top: Card) -> bool:
        """Take the top discard if the hand is then expected to stand better than after a
        stock draw (sampled, or exact when the stock's order is known)."""
        assert isinstance(judge, HardJudge)
        rng = random.Random(self.seed * 31 + len(view.log))
        take = judge.cost_after_discard([*hand, top], keep=(top,)) + self.reveal_cost
        known = judge.memory.next_stock_card()
        if known is not None:
            stock = judge.cost_after_discard([*hand, known])
        else:
            stock = self.stock_value(judge, hand, rng)
        if super().wants_discard(view, judge, hand, top):
            return take < stock + self.join_bonus * self.card_scale(judge)
        return take < stock - self.partial_margin * self.card_scale(judge)

    def stock_value(self, judge: HardJudge, hand: list[Card], rng: random.Random) -> float:
        """Expected cost of the hand after a stock draw and the best discard."""
        samples = judge.samples(rng)
        if not samples:
            return judge.cost_after_discard(hand)
        return sum(judge.cost_after_discard([*hand, card]) for card in samples) / len(samples)

    def choose_two(
        self,
        view: PlayerView,
        judge: Judge,
        legal: list[Action],
        stock: Action | None,
        twos: list[DrawTwo],
        rng: random.Random,
    ) -> Decision:
        """Boathouse (B-1): the top discard with a stock card also when it makes a strong
        partial meld, while hands may still grow."""
        assert isinstance(judge, HardJudge)
        top = view.top_discard
        hand = list(view.hand)
        with_discard = two_card_draws(twos).get(("discard", "stock"))
        if top is None or with_discard is None or len(hand) >= self.join_limit(view):
            return super().choose_two(view, judge, legal, stock, twos, rng)
        if self.joins(judge, hand, top):
            return super().choose_two(view, judge, legal, stock, twos, rng)
        arrangement = judge.arrange([*hand, top])
        cost = judge.card_costs(arrangement).get(top)
        growing = len(hand) < self.hand_limit(view)
        if growing and cost is not None and cost < self.partial_keep * judge.value[top.face.code]:
            return with_discard, Reason("close_to_meld", card=top)
        return super().choose_two(view, judge, legal, stock, twos, rng)

    def dig_baseline(self, view: PlayerView, judge: Judge, hand: list[Card]) -> float:
        """Rummy 500: the sampled expected cost after a stock draw."""
        assert isinstance(judge, HardJudge)
        rng = random.Random(self.seed * 53 + len(view.log))
        return self.stock_value(judge, hand, rng) - self.dig_margin

    def carry_risk(self, view: PlayerView, judge: Judge, taken: list[Card]) -> float:
        """Rummy 500: extra cards cost more the sooner the deal may end."""
        turns = judge.weights.turns
        danger = 1.0 / max(1.0, turns)
        return danger * sum(judge.pip[card.face.code] for card in taken[1:]) * self.risk_scale

    # ------------------------------------------------------------------ melding

    def choose_play(
        self, view: PlayerView, judge: Judge, legal: list[Action], rng: random.Random
    ) -> Decision:
        """Classic and Double Rum: keep melds in hand while the others are far from going
        out, then lay everything down in one turn (a rummy is paid double, C-5, D-7, and melds
        held back give the others nothing to lay off on)."""
        if self.holds_melds(view, judge):
            discards = [action for action in legal if isinstance(action, Discard)]
            if discards:
                action, reason = self.choose_discard(view, judge, list(view.hand), discards)
                return action, Reason("hold_melds", n=self.hold_until, inner=reason)
        return super().choose_play(view, judge, legal, rng)

    def holds_melds(self, view: PlayerView, judge: Judge) -> bool:
        """Whether to hold melds back this turn."""
        if judge.table_points or view.must_use is not None or not view.rules.meld_during_play:
            return False
        arrangement = judge.arrange(list(view.hand))
        if not arrangement.readings:
            return False
        loose = [card for card in arrangement.deadwood if not judge.fits_table(card)]
        if len(loose) <= 1:
            return False  # everything goes down and the last card is discarded: out
        if len(view.players) > self.hold_players or view.rebuilds:
            return False  # at a big table, or once the stock cycles, someone must meld
        others = [size for seat, size in enumerate(view.hand_sizes) if seat != view.seat]
        return bool(others) and min(others) > self.hold_until

    # ------------------------------------------------------------------ discarding

    def rank_discards(
        self, view: PlayerView, judge: Judge, hand: list[Card], candidates: list[Card]
    ) -> list[tuple[float, Card]]:
        """The quick ranking, then a one-draw look-ahead and the feeding penalty for the best
        few candidates."""
        assert isinstance(judge, HardJudge)
        ranked = judge.discard_costs(hand, candidates)
        if (
            len(ranked) <= 1
            or len(view.players) > self.look_players
            or view.rebuilds >= self.plain_after_rebuilds
        ):
            # at a big table the stock soon comes round again in the same order, and everyone
            # holding back what the next player wants can lock the deal in a loop (G-9)
            return ranked
        scale = self.card_scale(judge)
        rescored: list[tuple[float, Card]] = []
        # Rummy 500: a card the next player can use scores for them, and they may dig
        # down to it later: every discard is weighed, and feeding weighs much more
        count = len(ranked) if judge.table_points else self.candidates
        feed = self.points_feed_weight if judge.table_points else self.feed_weight
        for quick, card in ranked[:count]:
            rest = [held for held in hand if held is not card]
            score = self.look_ahead(view, judge, rest, quick) if rest else quick
            score += feed * scale * self.danger(view, judge, card)
            rescored.append((score, card))
        rescored.sort(key=lambda item: (item[0], -judge.value[item[1].face.code], item[1]))
        return rescored + ranked[count:]

    def look_ahead(
        self, view: PlayerView, judge: HardJudge, rest: list[Card], quick: float
    ) -> float:
        """How the hand left after a discard stands after the next draw (sampled)."""
        samples = judge.samples(random.Random(self.seed * 37 + len(view.log)))
        if not samples:
            return quick
        ahead = sum(judge.cost_after_discard([*rest, extra]) for extra in samples)
        return min(quick, ahead / len(samples))

    def card_scale(self, judge: Judge) -> float:
        """A typical card's value in the variant's terms."""
        if judge.per_card:
            return 1.0
        return sum(judge.value[:52]) / 52

    def danger(self, view: PlayerView, judge: Judge, card: Card) -> float:
        """How much the next player is likely to want ``card`` (0 to about 1)."""
        if judge.wild_code[card.face.code]:
            return 1.0
        if self.danger_mode == "sample":
            assert isinstance(judge, HardJudge)
            sampled = self.sampled_danger(view, judge, card)
            if sampled is not None:
                return sampled
        if judge.fits_table(card):
            return 1.0
        assert isinstance(judge, HardJudge)
        wanted = signs_of_wanting(view, judge, card)
        # cards whose partners are dead or in this hand are safe; lively ones are not
        rules = view.rules
        packs = rules.packs_for(len(view.players))
        widest = (4 + (3 if rules.groups_allowed else 0)) * packs
        lively = judge.lone_outs(card) / max(1.0, widest)
        return max(0.0, min(1.0, wanted + self.lively_weight * lively))

    def sampled_danger(self, view: PlayerView, judge: HardJudge, card: Card) -> float | None:
        """The share of hands sampled for the next player in which ``card`` joins a meld or
        fits the table; None when no hand could be sampled."""
        following = (view.seat + 1) % len(view.players)
        hands = judge.opponent_hands(
            random.Random(self.seed * 47 + len(view.log)), following, self.hand_samples
        )
        if not hands:
            return None
        joined = 0
        for hand in hands:
            arrangement = judge.arrange([*hand, card])
            if any(card in meld for meld in arrangement.melds) or judge.fits_table(card):
                joined += 1
        return joined / len(hands)


def signs_of_wanting(view: PlayerView, judge: HardJudge, card: Card) -> float:
    """What the table shows of the next player's wish for ``card``: drawn near the cards it
    holds (as far as the table knows), away from those it left lying or threw."""
    following = (view.seat + 1) % len(view.players)
    memory = judge.memory
    wanted = 0.0
    # added one by one in this order, so the sum is the same to the last bit
    for sign in chain(
        _pull_of_held(view, judge, memory.held_by(following), card),
        _push_of_passed(view, judge, memory.passed[following] if memory.passed else [], card),
        _push_of_thrown(judge, memory.discarded[following] if memory.discarded else [], card),
    ):
        wanted += sign
    return wanted


def _pull_of_held(
    view: PlayerView, judge: HardJudge, held_cards: Iterable[Card], card: Card
) -> Iterator[float]:
    """A positive sign for each known card of the next player's that ``card`` would join."""
    rules = view.rules
    for held in held_cards:
        if judge.wild_code[held.face.code]:
            continue
        same_rank = rules.groups_allowed and held.face.rank == card.face.rank
        if same_rank and (rules.group_repeat_suits or held.suit != card.suit):
            yield 0.6
        if held.suit == card.suit:
            distance = judge.run_distance(held, card)
            if distance == 1:
                yield 0.6
            elif distance == 2:
                yield 0.35


def _push_of_passed(
    view: PlayerView, judge: HardJudge, passed_cards: Iterable[Card], card: Card
) -> Iterator[float]:
    """A negative sign for each discard the next player left lying that is like ``card``."""
    rules = view.rules
    for passed in passed_cards:
        if passed.face is card.face:
            yield -0.4
        elif rules.groups_allowed and passed.face.rank == card.face.rank:
            yield -0.2
        elif passed.suit == card.suit:
            distance = judge.run_distance(passed, card)
            if distance == 1:
                yield -0.2
            elif distance == 2:
                yield -0.1


def _push_of_thrown(judge: HardJudge, thrown_cards: Iterable[Card], card: Card) -> Iterator[float]:
    """A negative sign for each card the next player threw that is near ``card``."""
    for thrown in thrown_cards:
        if thrown.face.rank == card.face.rank:
            yield -0.2
        elif thrown.suit == card.suit and judge.run_distance(thrown, card) == 1:
            yield -0.1


__all__ = ["HardBot", "HardJudge"]
