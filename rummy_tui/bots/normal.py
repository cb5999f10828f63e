"""The normal computer player: keeps partial melds, sheds its costliest unmatched card.

* Draw: takes the top discard only when the card joins a meld of its best arrangement (or a
  meld on the table) and the hand is then expected to cost less. Boathouse: discard + stock
  on the same test, otherwise two stock cards while the hand may still grow (more cards to
  choose from), otherwise one. Rummy 500: digs into the pile when the points it can meld pay
  for the cards it must carry.
* Play: melds what its best arrangement melds, lays off unmatched cards, then discards the
  card whose loss costs the hand least in expectation (partial melds are kept).
* Going out: always; in European Rummy it picks the way out that collects the most chips
  (E-8 counts the wild cards of the winning hand).

Every choice comes with a reason, which the hint key shows under the move: a
:class:`~rummy_tui.bots.reasons.Reason`, a code with the cards and numbers it is about, worded
in the player's language when shown. The reason says only why (the move is the action itself,
which the interface writes in its own words), and only what holds of the hand: the costliest
card with no partner is called so only when no card without a partner is worth more.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummy_tui.bots.analysis import Judge, Weights, index_melds, meld_key, natural_key
from rummy_tui.bots.base import Bot
from rummy_tui.bots.reasons import Reason
from rummy_tui.core import (
    Action,
    Arrangement,
    Card,
    ChipPayment,
    Discard,
    DrawStock,
    DrawTwo,
    EndDeal,
    GoOut,
    LayOffCard,
    Meld,
    Phase,
    PlayerView,
    RuleSet,
    TakeDiscard,
)
from rummy_tui.core.melds import is_wild
from rummy_tui.core.scoring import chip_basis
from rummy_tui.core.variants import DrawRule, Scoring

Decision = tuple[Action, Reason]


class ThinkingBot(Bot):
    """Shared play of the normal and hard levels; the hard level refines a few steps."""

    level = "normal"
    weights = Weights()
    take_margin = 0.0
    """How much cheaper the hand must become before a discard is taken."""
    dig_risk = 0.5
    """Rummy 500: share of the value of each extra card dug up that counts as risk."""
    grow_limit = 4
    """Boathouse: draw two stock cards while the hand holds fewer than this many extra cards."""
    shake_after_rebuilds = 3
    """Once the stock has been rebuilt this many times in a deal, the bot sometimes discards
    a card at random: when every hand keeps the pairs the others need, the stock comes round
    in the same order and the same choices would loop for ever (G-9)."""
    shake_chance = 0.25
    """How often, past that point, the discard is a random one."""

    def decide(self, view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
        return self.plan(view, legal, rng)[0]

    # ------------------------------------------------------------------ the flow

    def judge(self, view: PlayerView) -> Judge:
        """The judgement used for this decision."""
        return Judge(view, self.weights)

    def plan(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Decision:
        """The chosen action and its reason: why, not what (the action says what)."""
        legal = list(legal)
        judge = self.judge(view)
        go_outs = [action for action in legal if isinstance(action, GoOut)]
        if go_outs:
            return self.choose_go_out(view, judge, go_outs)
        if view.phase is Phase.DRAW:
            return self.choose_draw(view, judge, legal, rng)
        return self.choose_play(view, judge, legal, rng)

    # ------------------------------------------------------------------ going out

    def choose_go_out(self, view: PlayerView, judge: Judge, go_outs: list[GoOut]) -> Decision:
        """Go out; in European Rummy the way that collects the most chips (E-8)."""
        rules = view.rules
        if rules.scoring is not Scoring.CHIPS:
            chosen = go_outs[0]
            if chosen.discard is None:
                return chosen, Reason("whole_hand")
            return chosen, Reason("all_but_discard")
        drawn = view.cards_drawn[view.seat] if view.cards_drawn else 0
        best: tuple[ChipPayment, GoOut] | None = None
        for action in go_outs:
            laid = [card for spec in action.melds for card in spec.cards]
            payment = chip_basis(rules, laid, drawn)
            if best is None or payment.chips > best[0].chips:
                best = (payment, action)
        assert best is not None
        payment, chosen = best
        return chosen, Reason("payment", n=payment.chips, payment=payment)

    # ------------------------------------------------------------------ drawing

    def choose_draw(
        self, view: PlayerView, judge: Judge, legal: list[Action], rng: random.Random
    ) -> Decision:
        """Stock or discard pile (or Boathouse's two-card draw, or a Rummy 500 dig)."""
        takes = [action for action in legal if isinstance(action, TakeDiscard)]
        if view.rules.draw_rule is DrawRule.DIG:
            return self.choose_dig(view, judge, legal, takes)
        stock = next((action for action in legal if isinstance(action, DrawStock)), None)
        twos = [action for action in legal if isinstance(action, DrawTwo)]
        top = view.top_discard
        hand = list(view.hand)
        if twos:
            return self.choose_two(view, judge, legal, stock, twos, rng)
        if top is None or not takes:
            return (stock or legal[0]), Reason("pile_offers_nothing")
        take = takes[0]
        if stock is None:
            return take, Reason("stock_closed")
        if self.wants_discard(view, judge, hand, top):
            return take, self.use_text(judge, hand, top)
        if self.joins(judge, hand, top):
            return stock, Reason("stock_better", card=top)
        return stock, Reason("does_not_help", card=top)

    def wants_discard(self, view: PlayerView, judge: Judge, hand: list[Card], top: Card) -> bool:
        """Whether taking ``top`` improves the best arrangement: it joins a meld (or a meld on
        the table) and the hand is then expected to cost less."""
        if not self.joins(judge, hand, top):
            return False
        after = self.best_after(judge, [*hand, top], forbidden=(top,))
        return after < judge.expected_cost(hand) - self.take_margin

    def joins(self, judge: Judge, hand: list[Card], card: Card) -> bool:
        """Whether ``card`` is melded in the best arrangement of ``hand`` + ``card``, or fits a
        meld on the table."""
        if judge.fits_table(card):
            return True
        arrangement = judge.arrange([*hand, card])
        return any(card in meld for meld in arrangement.melds)

    def best_after(self, judge: Judge, hand: list[Card], forbidden: Sequence[Card] = ()) -> float:
        """Expected cost of ``hand`` after its best discard (not one of ``forbidden``)."""
        candidates = [card for card in hand if card not in forbidden]
        if not candidates:
            return judge.expected_cost(hand)
        return judge.discard_costs(hand, candidates)[0][0]

    def use_text(self, judge: Judge, hand: list[Card], card: Card, dig: bool = False) -> Reason:
        """Why ``card`` is worth taking: how it would be used (``dig``: several cards come
        with it, R-5)."""
        arrangement = judge.arrange([*hand, card])
        meld = next((meld for meld in arrangement.melds if card in meld), None)
        if meld is not None:
            return Reason("completes", card=card, meld=tuple(meld), dig=dig)
        if judge.fits_table(card):
            return Reason("lays_off", card=card, dig=dig)
        return Reason("cheaper", card=card, dig=dig)

    def choose_two(
        self,
        view: PlayerView,
        judge: Judge,
        legal: list[Action],
        stock: Action | None,
        twos: list[DrawTwo],
        rng: random.Random,
    ) -> Decision:
        """Boathouse (B-1): the top discard with a stock card when it joins a meld."""
        top = view.top_discard
        hand = list(view.hand)
        options = two_card_draws(twos)
        with_discard = options.get(("discard", "stock"))
        joins = top is not None and self.joins(judge, hand, top)
        if with_discard is not None and len(hand) < self.join_limit(view) and joins:
            assert top is not None
            return with_discard, self.use_text(judge, hand, top)
        both = options.get(("stock", "stock"))
        if both is not None and len(hand) < self.hand_limit(view):
            return both, Reason("more_cards")
        if stock is not None:
            if top is None or with_discard is None:
                return stock, Reason("pile_offers_nothing")
            return stock, Reason("hand_full" if joins else "top_no_join")
        return twos[0], Reason("only_draw_left")

    def grow_room(self, view: PlayerView) -> int:
        """Boathouse: how many cards a hand may grow beyond the deal. Every two-card draw grows
        a hand by one (B-1); with more than two players the hands would soon hold the whole
        pack, the stock would come round in the same order after each rebuild (no shuffle) and
        the deal would die (G-9), so only a two-player hand grows, by up to half its share of
        the spare cards."""
        players = len(view.players)
        spare = 52 * view.rules.packs_for(players) - players * view.rules.hand_size_for(players)
        return spare // (2 * players) if players == 2 else 0

    def hand_limit(self, view: PlayerView) -> int:
        """Boathouse: the hand size up to which two stock cards are drawn (none after a
        rebuild)."""
        if view.rebuilds:
            return 0
        dealt = view.rules.hand_size_for(len(view.players))
        return dealt + min(self.grow_limit, self.grow_room(view))

    def join_limit(self, view: PlayerView) -> int:
        """Boathouse: the hand size up to which a discard that joins a meld is taken."""
        return view.rules.hand_size_for(len(view.players)) + self.grow_room(view) + 2

    def choose_dig(
        self, view: PlayerView, judge: Judge, legal: list[Action], takes: list[TakeDiscard]
    ) -> Decision:
        """Rummy 500 (R-5, R-10): dig when the melds it makes pay for the cards carried."""
        stock = next((action for action in legal if isinstance(action, DrawStock)), None)
        end = next((action for action in legal if isinstance(action, EndDeal)), None)
        hand = list(view.hand)
        pile = list(view.discard_pile)
        baseline = self.dig_baseline(view, judge, hand)
        best: tuple[float, TakeDiscard] | None = None
        for take in takes:
            taken = pile[-take.count :]
            after = self.best_after(judge, hand + taken, forbidden=taken)
            after += self.carry_risk(view, judge, taken)
            if stock is None and not self._points_gained(judge, hand, taken):
                continue
            if best is None or after < best[0]:
                best = (after, take)
        if best is not None and (stock is None or best[0] < baseline):
            take = best[1]
            taken = pile[-take.count :]
            return take, self.use_text(judge, hand + taken[1:], taken[0], dig=take.count > 1)
        if stock is not None:
            return stock, Reason("no_pile_card_pays")
        if end is not None:
            return end, Reason("stock_empty_end")
        return legal[0], Reason("only_move" if len(legal) == 1 else "only_kind_left")

    def dig_baseline(self, view: PlayerView, judge: Judge, hand: list[Card]) -> float:
        """Rummy 500: the expected cost a take must beat (a stock draw's, roughly)."""
        return judge.expected_cost(hand) - self.take_margin - 1.0

    def carry_risk(self, view: PlayerView, judge: Judge, taken: list[Card]) -> float:
        """Rummy 500: what carrying the extra dug-up cards may cost."""
        extra = taken[1:]
        return self.dig_risk * sum(judge.pip[card.face.code] for card in extra) * 0.2

    def _points_gained(self, judge: Judge, hand: list[Card], taken: list[Card]) -> bool:
        before = judge.meld_points(judge.arrange(hand))
        after = judge.meld_points(judge.arrange(hand + taken))
        return after > before

    # ------------------------------------------------------------------ playing

    def choose_play(
        self, view: PlayerView, judge: Judge, legal: list[Action], rng: random.Random
    ) -> Decision:
        """Meld, lay off, then discard."""
        hand = list(view.hand)
        rules = view.rules
        arrangement = judge.arrange(hand)
        melds = [action for action in legal if isinstance(action, Meld)]
        layoffs = [action for action in legal if isinstance(action, LayOffCard)]
        discards = [action for action in legal if isinstance(action, Discard)]
        must = view.must_use
        if must is not None:
            forced = self.use_must(view, judge, must, melds, layoffs)
            if forced is not None:
                return forced
        if melds:
            found = _arranged_meld(arrangement, melds, rules)
            if found is not None:
                return found, Reason("melded_cost")
        if layoffs:
            loose = _loose_layoff(judge, hand, arrangement, layoffs, rules)
            if loose is not None:
                return loose, Reason("lays_off_loose", card=loose.card)
        if discards:
            return self.choose_discard(view, judge, hand, discards)
        fallback = melds[0] if melds else legal[0]
        same_kind = all(action.kind == fallback.kind for action in legal)
        return fallback, Reason("only_kind_left" if same_kind else "melded_cost")

    def use_must(
        self,
        view: PlayerView,
        judge: Judge,
        must: Card,
        melds: list[Meld],
        layoffs: list[LayOffCard],
    ) -> Decision | None:
        """Rummy 500 (R-5): put the deepest card taken on the table first."""
        hand = list(view.hand)
        arrangement = judge.arrange(hand)
        index = index_melds(melds, view.rules)
        for reading in arrangement.readings:
            if must not in reading.cards:
                continue
            found = index.get(("exact", *meld_key(reading.faces, reading.cards, view.rules)))
            if found is not None and must in found.cards:
                return found, Reason("must_use", card=must)
        with_must = [action for action in melds if must in action.cards]
        if with_must:
            chosen = max(with_must, key=lambda action: len(action.cards))
            return chosen, Reason("must_use", card=must)
        for action in layoffs:
            if action.card is must:
                return action, Reason("must_use", card=must)
        return None

    def choose_discard(
        self, view: PlayerView, judge: Judge, hand: list[Card], discards: list[Discard]
    ) -> Decision:
        """The discard that leaves the hand expected to cost least (or, once the stock has
        come round several times, now and then a random one, so a deal cannot loop)."""
        by_card = {action.card: action for action in discards}
        if view.rebuilds >= self.shake_after_rebuilds and len(by_card) > 1:
            rng = random.Random(self.seed * 61 + len(view.log))
            if rng.random() < self.shake_chance:
                card = rng.choice(sorted(by_card))
                return by_card[card], Reason("stock_round", card=card, n=view.rebuilds)
        ranked = self.rank_discards(view, judge, hand, list(by_card))
        card = ranked[0][1]
        return by_card[card], self.discard_reason(judge, hand, card)

    def rank_discards(
        self, view: PlayerView, judge: Judge, hand: list[Card], candidates: list[Card]
    ) -> list[tuple[float, Card]]:
        """Candidate discards, best first, by the expected cost of the hand left."""
        return judge.discard_costs(hand, candidates)

    def discard_reason(self, judge: Judge, hand: list[Card], card: Card) -> Reason:
        """Why ``card`` goes: only what holds of the hand. A card with no partner is called
        the costliest only when no unmatched card without a partner is worth more (the
        ranking weighs more than value: chances, the next player's wishes, a look ahead)."""
        if len(hand) == 1:
            return Reason("last_card", card=card)
        arrangement = judge.arrange(hand)
        dead = arrangement.deadwood
        if card not in dead:
            return Reason("breaks_meld", card=card)
        partners = partners_of(judge, card, dead)
        if partners:
            return Reason("weak_partial", card=card, partner=partners[0])
        lone = [other for other in dead if not partners_of(judge, other, dead)]
        value = judge.value[card.face.code]
        if judge.per_card or any(judge.value[other.face.code] > value for other in lone):
            return Reason("no_partner", card=card)
        return Reason("costliest_lone", card=card)


def _arranged_meld(arrangement: Arrangement, melds: list[Meld], rules: RuleSet) -> Meld | None:
    """The offered meld of the arrangement's longest reading that is offered: the same
    cards and faces, else the same natural cards."""
    index = index_melds(melds, rules)
    for reading in sorted(arrangement.readings, key=lambda r: -len(r.placed)):
        found = index.get(("exact", *meld_key(reading.faces, reading.cards, rules)))
        if found is None:
            found = index.get(("loose", *natural_key(reading.cards, rules)))
        if found is not None:
            return found
    return None


def _loose_layoff(
    judge: Judge,
    hand: list[Card],
    arrangement: Arrangement,
    layoffs: list[LayOffCard],
    rules: RuleSet,
) -> LayOffCard | None:
    """The first lay-off of a card the arrangement leaves loose; a wild card is kept while
    the hand holds more than three cards and the table has no points."""
    dead = set(arrangement.deadwood)
    for action in layoffs:
        card = action.card
        if card not in dead:
            continue
        if is_wild(rules, card) and len(hand) > 3 and not judge.table_points:
            continue
        return action
    return None


class NormalBot(ThinkingBot):
    """The normal level."""

    level = "normal"


def partners_of(judge: Judge, card: Card, dead: Sequence[Card]) -> list[Card]:
    """The other unmatched cards that are one card from a meld with ``card`` (a wild card is
    one card from a meld with any card)."""
    wild = judge.wild_code
    return [
        other
        for other in dead
        if other is not card
        and (wild[other.face.code] or wild[card.face.code] or judge.needed_faces(card, other))
    ]


def two_card_draws(twos: Sequence[DrawTwo]) -> dict[tuple[str, str], DrawTwo]:
    """The two-card draws on offer by (first, second) source, the first offer of each (B-1)."""
    options: dict[tuple[str, str], DrawTwo] = {}
    for action in twos:
        options.setdefault((action.first, action.second), action)
    return options
