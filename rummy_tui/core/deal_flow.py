"""What every action family shares: the checks of whose turn and which phase, the cards in
hand, the changes to a hand, and the flow of turns and deals (C-3, G-9, R-9).

Each check of an action is a function of the match's state that raises the refusal or
returns a :data:`Plan`, the action ready to run; :mod:`rummy_tui.core.checks` picks the check
of each kind of action, and :class:`~rummy_tui.core.engine.Game` runs the plan.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TypeVar

from pydantic import BaseModel

from rummy_tui.core.actions import Action, LogFacts
from rummy_tui.core.cards import Card
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.scoring import match_winners, score_deal, settlement
from rummy_tui.core.state import (
    DealEnding,
    DealResult,
    GameState,
    Phase,
    TurnState,
    seat_after,
)
from rummy_tui.core.variants.ruleset import Scoring

Done = tuple[Action, LogFacts]
"""An applied action: the action as done and the facts of its log line (naming the player
who acted, when a player did)."""
Plan = Callable[[], Done]
"""A checked action, ready to run: calling it applies the action and returns what was done."""

ModelT = TypeVar("ModelT", bound=BaseModel)

_set_slot = object.__setattr__


def made(model_type: type[ModelT], values: dict[str, object], given: set[str]) -> ModelT:
    """A model of the engine's own values, already valid: ``values`` holds every field, in
    the order the model declares them, ``given`` the names the engine gave (the others hold
    their defaults). Nothing is validated, as in ``model_construct``, and nothing of the
    model's fields is looked at (a random legal move builds one or two per action)."""
    model = model_type.__new__(model_type)
    _set_slot(model, "__dict__", values)
    _set_slot(model, "__pydantic_fields_set__", given)
    _set_slot(model, "__pydantic_extra__", None)
    _set_slot(model, "__pydantic_private__", None)
    return model


def assign(model: BaseModel, **values: object) -> None:
    """Set fields of a state model at once, as plain assignment does (the state models do not
    validate assignment; the engine sets values it made itself)."""
    model.__dict__.update(values)
    model.__pydantic_fields_set__.update(values)


# ---------------------------------------------------------------------- shared checks


def name_of(state: GameState, seat: int | None = None) -> str:
    """The name of ``seat`` (the seat to act by default)."""
    return state.players[state.deal.current if seat is None else seat]


@lru_cache(maxsize=256)
def plain_facts(name: str) -> LogFacts:
    """The log facts of a line that names only who acted: made once per name, as facts are
    frozen."""
    return LogFacts(name=name)


def need_draw_phase(state: GameState) -> None:
    """Refuse a draw once the seat to act has drawn."""
    if state.deal.phase is not Phase.DRAW:
        raise IllegalAction("draw.already_drawn", state.rules.rule_ids.turn, player=name_of(state))


def need_play_phase(state: GameState, family: str) -> None:
    """Refuse ``family`` ("meld", "layoff", "discard") before the draw."""
    if state.deal.phase is not Phase.PLAY:
        raise IllegalAction(f"{family}.draw_first", state.rules.rule_ids.turn)


def need_in_hand(state: GameState, cards: Sequence[Card]) -> None:
    """Refuse cards named twice or not held by the seat to act (G-1)."""
    held = state.deal.hands[state.deal.current]
    if len(cards) == 1 and cards[0] in held:
        return  # one card, held (the common question, asked of every discard)
    hand = set(held)
    if len(set(cards)) != len(cards):
        raise IllegalAction("cards.repeated", "G-1", cards=cards)
    missing = [card for card in cards if card not in hand]
    if missing:
        raise IllegalAction("cards.not_in_hand", "G-1", cards=missing, player=name_of(state))


# ---------------------------------------------------------------------- hand changes


def remove_from_hand(state: GameState, cards: Sequence[Card]) -> None:
    """Take ``cards`` out of the hand of the seat to act."""
    gone = set(cards)
    hand = state.deal.hands[state.deal.current]
    hand[:] = [card for card in hand if card not in gone]


def mark_melded(state: GameState, cards: Sequence[Card]) -> None:
    """The turn has melded or laid off ``cards`` (R-5: the deepest card taken is used)."""
    turn = state.deal.turn
    turn.melded = True
    if turn.must_use is not None and turn.must_use in set(cards):
        turn.must_use = None


def after_hand_change(state: GameState, seat: int) -> bool:
    """End the deal if ``seat`` has no cards left (C-3, R-9); whether it did."""
    if state.deal.hands[seat]:
        return False
    end_deal(state, seat, DealEnding(code="went_out", seat=seat))
    return True


# ---------------------------------------------------------------------- turn and deal flow


def next_turn(state: GameState) -> None:
    """Pass the turn to the next seat (a dead hand ends the deal, G-9)."""
    deal = state.deal
    seat = deal.current
    if deal.turn.melded:
        deal.has_melded[seat] = True
    assign(
        deal,
        current=seat_after(seat, len(state.players)),
        turn=fresh_turn(),
        turn_number=deal.turn_number + 1,
        phase=Phase.DRAW,
    )
    end_dead_hand(state)


_TURN_DEFAULTS = tuple(
    (name, field.default_factory, field.default) for name, field in TurnState.model_fields.items()
)
"""Each field of a turn's state with the factory or value it starts from (each has one)."""


def fresh_turn() -> TurnState:
    """The state of a turn not yet begun, as ``TurnState()`` makes it, without pydantic's
    look at each default factory (a turn begins every other action)."""
    values: dict[str, object] = {
        name: default if factory is None else factory()  # type: ignore[call-arg]
        for name, factory, default in _TURN_DEFAULTS
    }
    return made(TurnState, values, set())


def end_dead_hand(state: GameState) -> None:
    """End the deal with no score when the stock is out for good (G-9)."""
    rules = state.rules
    deal = state.deal
    if deal.stock or not rules.rebuild_stock:
        return
    limit_reached = rules.rebuild_limit is not None and deal.rebuilds >= rules.rebuild_limit
    if limit_reached or not deal.discard:
        result = DealResult(
            deal_number=deal.deal_number,
            winner=None,
            dead=True,
            lines=(),
            changes=tuple(0 for _ in state.players),
            ending=DealEnding(code="dead", rebuilds=deal.rebuilds),
        )
        record_result(state, result)


def end_deal(state: GameState, winner: int | None, ending: DealEnding) -> None:
    """Score the deal in progress and record its result, with how it ended."""
    record_result(state, score_deal(state, winner, ending))


def record_result(state: GameState, result: DealResult) -> None:
    """Record a deal's result: the scores, and the match's end once it has winners."""
    state.deal.result = result
    state.results.append(result)
    if result.dead:
        state.deal.phase = Phase.DEAL_OVER
        return
    for seat, change in enumerate(result.changes):
        state.scores[seat] += change
    state.deals_scored += 1
    winners = match_winners(state)
    if winners:
        state.winners = winners
        if state.rules.scoring is Scoring.TABLE_MINUS_HAND:
            state.settlement = settlement(state, winners)
        state.deal.phase = Phase.MATCH_OVER
    else:
        state.deal.phase = Phase.DEAL_OVER
