"""Which moves cost each reviewed seat points: every finished deal, turn by turn.

Each turn of a reviewed seat is judged from what the seat knew then: its hand and the public
table (the melds, the turn's taken cards, the variant's rules). The one exception is
``review.fed_next``, a public fact said after the event. A claim is made only when the
better moves it names were applied through the engine, on a copy of the position, and did
what the claim says (see :mod:`~rummy_tui.review.claims` for the kinds):

* **the best end of the turn.** Without melding during play (Boathouse Rum, European Rummy)
  the turn ends with a discard or a go-out: the best discard is found exactly with the
  solver (removing a card lowers the hand's best cost by at most its value, so the search
  stops at that bound), and a go-out is any the solver's go-out arrangements give that the
  engine accepts. With melding, the least deadwood the turn could end with is searched
  exactly (:mod:`~rummy_tui.review.best_end`: new melds, chains of lay-offs, the discard);
  when that search gives up (its budget), the hand is laid down as the solver's best
  arrangement and lay-offs on the table's melds (both orders tried) before each legal
  discard, and the claim (``best`` False) says no more than the truth: that this legal end
  left less deadwood, by the points stated.
* **deadwood** is what the hand left at the end of the turn would cost if the deal ended
  then: with melding every card in hand (C-5, D-7, R-11), without it the cards in no meld of
  the best arrangement (B-5; European Rummy: their count, E-7).

A deal void under the dead-hand guard (G-9) paid nothing, so only one claim can be made in
it: a go-out that was possible and not made (it would have scored the deal).
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy_tui.core.actions import (
    Action,
    Discard,
    DrawTwo,
    EndDeal,
    GoOut,
    LayOffCard,
    TakeDiscard,
)
from rummy_tui.core.arrange import (
    best_arrangement,
    full_arrangement,
    go_out_arrangements,
    may_go_out,
)
from rummy_tui.core.cards import Card
from rummy_tui.core.engine import Game
from rummy_tui.core.layoffs import layoff_options
from rummy_tui.core.state import GameState, Phase, seat_after
from rummy_tui.core.values import hand_value, pip_value
from rummy_tui.core.variants.ruleset import RuleSet, Scoring
from rummy_tui.replay.steps import DealSteps
from rummy_tui.review.best_end import best_end
from rummy_tui.review.claims import (
    BROKE_MELD,
    CHIPS,
    COLLECT,
    FED_NEXT,
    KEPT,
    LAYOFF_UNDONE,
    MISSED_GO_OUT,
    MORE_DEADWOOD,
    PAID,
    POINTS,
    Claim,
)
from rummy_tui.review.positions import (
    DRAWS,
    applied,
    best_discard,
    deadwood_unit,
    end_cost,
    meld_holding,
    meld_specs,
    melding_plans,
    melds_card,
    payment_unit,
)


class DealReview:
    """The review of one finished deal for the reviewed seats."""

    def __init__(
        self,
        deal: DealSteps,
        actions: Sequence[Action],
        record_seats: Sequence[int | None],
        seats: set[int],
    ) -> None:
        self.deal = deal
        self.actions = actions
        """The deal's actions by step (index 0: the deal's start)."""
        self.seat_by_step = record_seats
        """Who made each step's move (None: the table)."""
        self.seats = seats
        first = deal.peek(0)
        self.rules: RuleSet = first.rules
        self.players = len(first.players)
        self.claims: dict[int, list[Claim]] = {seat: [] for seat in seats}
        self.turns: dict[int, int] = dict.fromkeys(seats, 0)
        self.final_hands = deal.hands(deal.last_step)
        self.laid_claimed: dict[int, set[Card]] = {seat: set() for seat in seats}
        self.void = deal.result.dead
        """Whether the deal was void (G-9): only a go-out, which would have scored it, was
        worth anything then."""

    def run(self) -> None:
        deal = self.deal
        step = 1
        while step <= deal.last_step:
            seat = self.seat_by_step[step]
            last = step
            while last < deal.last_step and self.seat_by_step[last + 1] == seat:
                last += 1
            if seat is not None and seat in self.seats:
                self.turns[seat] += 1
                self._turn(seat, step, last)
            step = last + 1

    # ------------------------------------------------------------------ one turn

    def _turn(self, seat: int, first: int, last: int) -> None:
        rules = self.rules
        deal = self.deal
        played = [self.actions[step] for step in range(first, last + 1)]
        if isinstance(played[0], EndDeal):
            return
        pre = first - 1
        before = deal.peek(pre)
        if rules.go_out_before_draw and before.deal.phase is Phase.DRAW:
            self._go_out_before_draw(seat, pre, before, played[0])
        draw = next(
            (step for step in range(first, last + 1) if isinstance(self.actions[step], DRAWS)),
            None,
        )
        if draw is None:
            return
        after_draw = deal.peek(draw)
        end = self.actions[last]
        end_hand = deal.peek(last).deal.hands[seat]
        played_cost = end_cost(rules, end_hand)
        broke = False
        if isinstance(end, Discard) and end_hand and not self.void:
            broke = self._broke_meld(seat, last, end)
        if end_hand:
            if rules.meld_during_play:
                self._melding_end(seat, draw, after_draw, last, played_cost)
            else:
                self._plain_end(seat, draw, after_draw, last, played_cost, broke)
        if isinstance(end, Discard) and not self.void:
            if rules.meld_during_play and end_hand:
                self._layoffs(seat, last, end)
            self._fed(seat, last, end)

    def _played_from(self, step_before: int, step: int) -> tuple[Action, ...]:
        return tuple(self.actions[index] for index in range(step_before + 1, step + 1))

    def _claim(
        self,
        *,
        kind: str,
        seat: int,
        step_before: int,
        step: int,
        played: tuple[Action, ...],
        better: tuple[Action, ...],
        stake: int,
        unit: str,
        played_cost: int | None = None,
        better_cost: int | None = None,
        cards: tuple[Card, ...] = (),
        later_step: int | None = None,
        best: bool = False,
        basis: str = "",
    ) -> None:
        self.claims[seat].append(
            Claim(
                kind=kind,
                seat=seat,
                deal_number=self.deal.deal_number,
                step_before=step_before,
                step=step,
                played=played,
                better=better,
                stake=stake,
                unit=unit,
                played_cost=played_cost,
                better_cost=better_cost,
                cards=cards,
                later_step=later_step,
                best=best,
                basis=basis,
            )
        )

    def _missed_go_out(
        self,
        seat: int,
        step_before: int,
        step: int,
        better: tuple[Action, ...],
        game: Game,
        played_cost: int,
    ) -> bool:
        """Claim a go-out not made, with what it was worth (see :data:`BASES`); no claim
        when no points can be shown at stake."""
        rules = self.rules
        result = game.state.deal.result
        if rules.scoring is Scoring.CHIPS:
            if result is None or result.changes[seat] <= 0:
                return False
            stake, basis, unit = result.changes[seat], COLLECT, CHIPS
        elif played_cost > 0:
            stake, basis, unit = played_cost, KEPT, POINTS
        else:
            outcome = self.deal.result
            paid = -outcome.changes[seat] if outcome.changes else 0
            if paid <= 0:
                return False
            stake, basis, unit = paid, PAID, POINTS
        self._claim(
            kind=MISSED_GO_OUT,
            seat=seat,
            step_before=step_before,
            step=step,
            played=self._played_from(step_before, step),
            better=better,
            stake=stake,
            unit=unit,
            played_cost=played_cost,
            better_cost=0,
            best=True,
            basis=basis,
        )
        return True

    def _go_out_before_draw(self, seat: int, pre: int, before: GameState, move: Action) -> None:
        if isinstance(move, GoOut):
            return
        hand = before.deal.hands[seat]
        arrangement = full_arrangement(self.rules, hand)
        if arrangement is None:
            return
        go_out = GoOut(melds=meld_specs(arrangement))
        game = applied(self.deal, pre, (go_out,))
        if game is None or game.state.deal.hands[seat]:
            return
        self._missed_go_out(seat, pre, pre + 1, (go_out,), game, end_cost(self.rules, hand))

    def _plain_end(
        self,
        seat: int,
        draw: int,
        after_draw: GameState,
        last: int,
        played_cost: int,
        broke: bool,
    ) -> None:
        """Boathouse Rum and European Rummy: a go-out, or the best discard (exact)."""
        rules = self.rules
        hand = after_draw.deal.hands[seat]
        taken = after_draw.deal.turn.taken_from_discard
        if may_go_out(rules, hand):
            for discard, arrangement in go_out_arrangements(rules, hand, taken):
                go_out = GoOut(melds=meld_specs(arrangement), discard=discard)
                game = applied(self.deal, draw, (go_out,))
                if game is None or game.state.deal.hands[seat]:
                    continue
                if self._missed_go_out(seat, draw, last, (go_out,), game, played_cost):
                    return
                break
        if broke or self.void:
            return  # the broken meld is the turn's claim, with the same points
        found = best_discard(rules, hand, taken)
        if found is None or found[1] >= played_cost:
            return
        card = found[0]
        game = applied(self.deal, draw, (Discard(card=card),))
        if game is None:
            return
        better_cost = end_cost(rules, game.state.deal.hands[seat])
        if better_cost >= played_cost:
            return
        self._claim(
            kind=MORE_DEADWOOD,
            seat=seat,
            step_before=draw,
            step=last,
            played=self._played_from(draw, last),
            better=(Discard(card=card),),
            stake=played_cost - better_cost,
            unit=deadwood_unit(rules),
            played_cost=played_cost,
            better_cost=better_cost,
            best=True,
        )

    def _broke_meld(self, seat: int, last: int, end: Discard) -> bool:
        """A discard that took a card out of a meld of the hand's best arrangement and left
        the unmatched cards dearer than the best legal discard did."""
        rules = self.rules
        before = self.deal.peek(last - 1)
        hand = before.deal.hands[seat]
        meld = meld_holding(rules, hand, end.card)
        if meld is None:
            return False
        rest = [card for card in hand if card is not end.card]
        cost = best_arrangement(rules, rest).penalty
        found = best_discard(rules, hand, before.deal.turn.taken_from_discard)
        if found is None or found[1] >= cost:
            return False
        better = Discard(card=found[0])
        if applied(self.deal, last - 1, (better,)) is None:
            return False
        self._claim(
            kind=BROKE_MELD,
            seat=seat,
            step_before=last - 1,
            step=last,
            played=(end,),
            better=(better,),
            stake=cost - found[1],
            unit=deadwood_unit(rules),
            played_cost=cost,
            better_cost=found[1],
            cards=meld,
            best=True,
        )
        return True

    def _melding_end(
        self,
        seat: int,
        draw: int,
        after_draw: GameState,
        last: int,
        played_cost: int,
    ) -> None:
        """Classic, Double Rum, Rummy 500: the best end (exact), or when its search gives up
        the cheapest end the witness plans reach (in a void deal, only a go-out)."""
        rules = self.rules
        exact = best_end(rules, after_draw, seat)
        if exact is not None:
            if exact[0] >= played_cost or (self.void and exact[0]):
                return  # the turn ended as well as it could (the search is exact)
            if self._melding_claim(seat, draw, last, played_cost, exact[1], best=True):
                return
        plans = sorted(melding_plans(rules, after_draw, seat), key=lambda plan: plan[0])
        if self.void:
            plans = [plan for plan in plans if plan[0] == 0]
        for cost, actions in plans:
            if cost >= played_cost:
                return
            if self._melding_claim(seat, draw, last, played_cost, actions, best=False):
                return

    def _melding_claim(
        self,
        seat: int,
        draw: int,
        last: int,
        played_cost: int,
        actions: Sequence[Action],
        best: bool,
    ) -> bool:
        """Claim the end ``actions`` reach if the engine accepts them and they end the turn
        with less deadwood than played (in a void deal, only a go-out)."""
        rules = self.rules
        game = applied(self.deal, draw, actions)
        if game is None:
            return False
        hand = game.state.deal.hands[seat]
        ended = game.state.deal.phase is not Phase.PLAY or game.current != seat
        if not ended:
            return False
        better_cost = end_cost(rules, hand)
        if better_cost >= played_cost:
            return False
        out = not hand
        if self.void and not out:
            return False
        if out:
            return self._missed_go_out(seat, draw, last, tuple(actions), game, played_cost)
        self._claim(
            kind=MORE_DEADWOOD,
            seat=seat,
            step_before=draw,
            step=last,
            played=self._played_from(draw, last),
            better=tuple(actions),
            stake=played_cost - better_cost,
            unit=deadwood_unit(rules),
            played_cost=played_cost,
            better_cost=better_cost,
            best=best,
        )
        return True

    def _layoffs(self, seat: int, last: int, end: Discard) -> None:
        """Cards that could have been laid off before the discard and counted against the
        seat when the deal ended; each card once a deal, where it was first possible."""
        rules = self.rules
        before = self.deal.peek(last - 1)
        final = self.final_hands[seat]
        claimed = self.laid_claimed[seat]
        for card in before.deal.hands[seat]:
            if card is end.card or card in claimed or card not in final:
                continue
            for meld in before.deal.melds:
                options = layoff_options(rules, meld, card)
                if not options:
                    continue
                lay_off = LayOffCard(card=card, meld_id=meld.meld_id, face=options[0].face)
                game = applied(self.deal, last - 1, (lay_off, end))
                if game is None:
                    continue
                claimed.add(card)
                self._claim(
                    kind=LAYOFF_UNDONE,
                    seat=seat,
                    step_before=last - 1,
                    step=last,
                    played=(end,),
                    better=(lay_off, end),
                    stake=hand_value(rules, card),
                    unit=POINTS,
                    cards=(card,),
                )
                break

    def _fed(self, seat: int, last: int, end: Discard) -> None:
        """The next player took the discard and melded it in the same turn."""
        deal = self.deal
        step = last + 1
        taker = seat_after(seat, self.players)
        if step > deal.last_step or self.seat_by_step[step] != taker:
            return
        take = self.actions[step]
        took = isinstance(take, TakeDiscard) or (
            isinstance(take, DrawTwo) and take.first == "discard"
        )
        if not took:
            return
        card = end.card
        while step <= deal.last_step and self.seat_by_step[step] == taker:
            action = self.actions[step]
            if melds_card(action, card):
                self._claim(
                    kind=FED_NEXT,
                    seat=seat,
                    step_before=last - 1,
                    step=last,
                    played=(end,),
                    better=(),
                    stake=self._fed_stake(seat, taker, step, card),
                    unit=payment_unit(self.rules),
                    cards=(card,),
                    later_step=step,
                )
                return
            step += 1

    def _fed_stake(self, seat: int, taker: int, step: int, card: Card) -> int:
        """What the card fed was worth: what the seat paid when the taker went out with it
        in that turn (chips in European Rummy), else the card's value on the table."""
        deal = self.deal
        rules = self.rules
        went_out = all(
            self.seat_by_step[later] == taker for later in range(step, deal.last_step + 1)
        )
        result = deal.result
        if went_out and result.winner == taker and rules.scoring is not Scoring.TABLE_MINUS_HAND:
            paid = -result.changes[seat]
            if paid > 0:
                return paid
        return pip_value(rules, card.face)
