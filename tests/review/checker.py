"""Every review claim checked again against the core, independently of rummy_tui.review.

The checker knows the claims' data and the rules' own functions (the engine, the solver,
the lay-off rules, the values); it shares no code with the review. Each claim's position is
rebuilt (``MatchSteps``), its better moves applied through the engine on a copy, and what
the claim states compared with what the core says. :func:`check` returns the reasons a claim
is false (empty for a true claim).
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy_tui.core import Game, Phase, PlayerView, best_arrangement, meld_readings
from rummy_tui.core.actions import (
    Action,
    Discard,
    DrawStock,
    DrawTwo,
    GoOut,
    LayOffCard,
    Meld,
    TakeDiscard,
)
from rummy_tui.core.cards import Card
from rummy_tui.core.state import GameState, seat_after
from rummy_tui.core.values import hand_value, pip_value
from rummy_tui.core.variants.ruleset import RuleSet, Scoring
from rummy_tui.replay import DealSteps, MatchSteps
from rummy_tui.review import (
    BROKE_MELD,
    CARDS,
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


def cost(rules: RuleSet, hand: Sequence[Card]) -> int:
    """A hand's cost at the end of a turn, from the rules: with melding every card counts
    (C-5, D-7, R-11), without it the best arrangement's unmatched cards (B-5, E-7)."""
    if rules.meld_during_play:
        return sum(hand_value(rules, card) for card in hand)
    return best_arrangement(rules, list(hand)).penalty


def _actions(steps: MatchSteps, deal: DealSteps) -> list[tuple[int | None, Action]]:
    span = deal.span
    return [(record.seat, record.action) for record in steps.log[span.start : span.stop]]


def _apply(state: GameState, actions: Sequence[Action], seat: int) -> Game | str:
    game = Game(state)
    for action in actions:
        if game.current != seat or game.phase not in (Phase.PLAY, Phase.DRAW):
            return f"not the seat's turn for {action}"
        refusal = game.refusal(action)
        if refusal is not None:
            return f"the engine refuses {action}: {refusal.code}"
        game.apply(action)
    return game


def _turn_over(game: Game, seat: int) -> bool:
    return game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER) or game.current != seat


def _named_cards(action: Action) -> list[Card]:
    if isinstance(action, Meld):
        return list(action.cards)
    if isinstance(action, (LayOffCard, Discard)):
        return [action.card]
    if isinstance(action, GoOut):
        named = [card for spec in action.melds for card in spec.cards]
        return named + ([action.discard] if action.discard is not None else [])
    return []


def _known(view: PlayerView, claim: Claim) -> list[str]:
    """The better moves name only what the seat knew then: cards of its own hand and melds
    of the table as its view shows them."""
    wrong = []
    hand = set(view.hand)
    named = [card for action in claim.better for card in _named_cards(action)]
    if not set(named) <= hand or not set(claim.cards) <= hand:
        wrong.append("the claim names a card the seat did not hold")
    melds = {meld.meld_id for meld in view.melds}
    for action in claim.better:
        if isinstance(action, LayOffCard) and action.meld_id not in melds:
            wrong.append("the claim lays off on a meld the seat did not see")
    return wrong


def check(steps: MatchSteps, claim: Claim) -> list[str]:
    """Why ``claim`` is false; [] when the core confirms every part of it."""
    deal = steps.deal(claim.deal_number)
    rules = deal.state(0).rules
    records = _actions(steps, deal)
    seat = claim.seat
    wrong: list[str] = []
    if not 0 <= claim.step_before < claim.step <= deal.last_step:
        return [f"steps out of order: {claim.step_before} {claim.step}"]
    if deal.result.dead and claim.kind != MISSED_GO_OUT:
        return ["a claim other than a missed go-out in a void deal"]
    played = tuple(action for _, action in records[claim.step_before + 1 : claim.step + 1])
    movers = {mover for mover, _ in records[claim.step_before + 1 : claim.step + 1]}
    if played != claim.played or movers != {seat}:
        wrong.append("the moves played are not the log's")
    before = deal.state(claim.step_before)
    hand = list(before.deal.hands[seat])
    after_hand = list(deal.state(claim.step).deal.hands[seat])
    unit = CHIPS if rules.scoring is Scoring.CHIPS else POINTS
    dead_unit = CARDS if rules.scoring is Scoring.CHIPS else POINTS
    if claim.stake <= 0:
        wrong.append("no points at stake")
    if claim.kind != FED_NEXT:
        wrong += _known(deal.view(claim.step_before, seat), claim)
    if claim.kind in (MISSED_GO_OUT, MORE_DEADWOOD):
        game = _apply(before, claim.better, seat)
        if isinstance(game, str):
            return [*wrong, game]
        if not _turn_over(game, seat):
            wrong.append("the better moves do not end the turn")
        better_hand = game.state.deal.hands[seat]
        turn_end = claim.step == deal.last_step or records[claim.step + 1][0] != seat
        if claim.kind == MISSED_GO_OUT:
            result = game.state.deal.result
            if better_hand or result is None or result.winner != seat:
                wrong.append("the better moves are no go-out")
            if isinstance(claim.played[-1], GoOut) or (turn_end and not after_hand):
                wrong.append("the seat did go out")
            if claim.better_cost != 0:
                wrong.append("a go-out leaves deadwood")
            if claim.basis == COLLECT:
                if claim.unit != CHIPS or result is None or claim.stake != result.changes[seat]:
                    wrong.append("the chips are not the go-out's")
            elif claim.basis == KEPT:
                if claim.unit != POINTS or claim.stake != claim.played_cost:
                    wrong.append("the stake is not the deadwood kept")
            elif claim.basis == PAID:
                paid = -deal.result.changes[seat] if deal.result.changes else 0
                if claim.unit != POINTS or claim.stake != paid or claim.played_cost != 0:
                    wrong.append("the stake is not what the seat paid")
            else:
                wrong.append("a missed go-out without the basis of its stake")
        else:
            if not turn_end:
                wrong.append("the move played is not the turn's end")
            if claim.unit != dead_unit:
                wrong.append("wrong unit")
            if cost(rules, better_hand) != claim.better_cost:
                wrong.append("the better end's deadwood is not as stated")
        if turn_end and cost(rules, after_hand) != claim.played_cost:
            wrong.append("the end played does not cost what is stated")
        if claim.kind == MORE_DEADWOOD and claim.stake != (claim.played_cost or 0) - (
            claim.better_cost or 0
        ):
            wrong.append("the stake is not the difference")
        if claim.step_before and claim.kind == MORE_DEADWOOD:
            mover, draw = records[claim.step_before]
            if mover != seat or not isinstance(draw, (DrawStock, TakeDiscard, DrawTwo)):
                wrong.append("the position is not the seat's, after its draw")
    elif claim.kind == BROKE_MELD:
        (discard,) = claim.played
        if not isinstance(discard, Discard) or discard.card not in claim.cards:
            wrong.append("the discard is not a card of the meld")
        if not meld_readings(rules, list(claim.cards)):
            wrong.append("the cards are no meld")
        if not set(claim.cards) <= set(hand):
            wrong.append("the meld was not in hand")
        game = _apply(before, claim.better, seat)
        if isinstance(game, str):
            return [*wrong, game]
        (better,) = claim.better
        assert isinstance(better, Discard) and isinstance(discard, Discard)
        played_cost = best_arrangement(rules, [c for c in hand if c is not discard.card]).penalty
        better_cost = best_arrangement(rules, [c for c in hand if c is not better.card]).penalty
        if (played_cost, better_cost) != (claim.played_cost, claim.better_cost):
            wrong.append("the costs are not as stated")
        if claim.stake != played_cost - better_cost or claim.unit != dead_unit:
            wrong.append("the stake is not the difference")
    elif claim.kind == LAYOFF_UNDONE:
        (card,) = claim.cards
        lay_off, discard = claim.better
        if not isinstance(lay_off, LayOffCard) or lay_off.card is not card:
            wrong.append("the better moves do not lay the card off")
        if claim.played != (discard,) or not isinstance(discard, Discard):
            wrong.append("the discard is not the one played")
        if card not in hand:
            wrong.append("the card was not in hand")
        game = _apply(before, claim.better, seat)
        if isinstance(game, str):
            return [*wrong, game]
        final = deal.hands(deal.last_step)[seat]
        if card not in final:
            wrong.append("the card did not count at the deal's end")
        line = next((line for line in deal.result.lines if line.seat == seat), None)
        if line is None or card not in line.hand:
            wrong.append("the card is not in the seat's score line")
        if claim.stake != hand_value(rules, card):
            wrong.append("the stake is not the card's value")
    elif claim.kind == FED_NEXT:
        (card,) = claim.cards
        (discard,) = claim.played
        if discard != Discard(card=card):
            wrong.append("the move played is not the discard of the card")
        taker = seat_after(seat, len(before.players))
        take_step = claim.step + 1
        later = claim.later_step
        if later is None or later < take_step or later > deal.last_step:
            return [*wrong, "no step of the meld"]
        if any(mover != taker for mover, _ in records[take_step : later + 1]):
            wrong.append("not one turn of the next player")
        take = records[take_step][1]
        taken = deal.state(take_step).deal.turn.taken_from_discard
        if not isinstance(take, (TakeDiscard, DrawTwo)) or card not in taken:
            wrong.append("the next player did not take the card")
        meld = records[later][1]
        put = (
            (isinstance(meld, Meld) and card in meld.cards)
            or (isinstance(meld, LayOffCard) and meld.card is card)
            or (isinstance(meld, GoOut) and any(card in spec.cards for spec in meld.melds))
        )
        if not put:
            wrong.append("the card was not melded then")
        down = deal.state(later)
        on_table = any(placed.card is card for table in down.deal.melds for placed in table.cards)
        if isinstance(meld, GoOut):
            on_table = not down.deal.hands[taker]
        if not on_table:
            wrong.append("the card is not on the table after the meld")
        paid = -deal.result.changes[seat]
        if claim.stake not in (paid, pip_value(rules, card.face)) or claim.unit != unit:
            wrong.append("the stake is neither what the seat paid nor the card's value")
    else:
        wrong.append(f"unknown kind {claim.kind}")
    return wrong
