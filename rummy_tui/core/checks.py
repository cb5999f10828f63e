"""The road every move of the game takes: check it, then apply it and log its record (G-10).

:func:`check_action` raises the refusal (:class:`~rummy_tui.core.errors.IllegalAction`) or
returns the :data:`~rummy_tui.core.deal_flow.Plan` of the action: the checks of whose turn
and which phase come first, then the check of the action's family (draws in
:mod:`~rummy_tui.core.draw_checks`, plays in :mod:`~rummy_tui.core.play_checks`, the end of
the turn in :mod:`~rummy_tui.core.out_checks`). :func:`apply_action` runs the plan and
appends the :class:`~rummy_tui.core.actions.ActionRecord` to the log. A refused action
changes nothing, because every check runs before the first change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rummy_tui.core.actions import (
    Action,
    ActionRecord,
    Discard,
    DrawStock,
    DrawTwo,
    EndDeal,
    GoOut,
    LayOffCard,
    Meld,
    StartDeal,
    TakeDiscard,
)
from rummy_tui.core.deal_flow import Plan, made, name_of
from rummy_tui.core.draw_checks import (
    check_draw_stock,
    check_draw_two,
    check_end_deal,
    check_start_deal,
    check_take_discard,
)
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.out_checks import check_discard, check_go_out
from rummy_tui.core.play_checks import check_lay_off, check_meld
from rummy_tui.core.state import GameState, Phase

FAMILIES: dict[type, Callable[[GameState, Any], Plan]] = {
    DrawStock: check_draw_stock,
    TakeDiscard: check_take_discard,
    DrawTwo: check_draw_two,
    Meld: check_meld,
    LayOffCard: check_lay_off,
    Discard: check_discard,
    GoOut: check_go_out,
    EndDeal: check_end_deal,
}
"""The check of each kind of move of a turn (the deal started is checked before the turn's
checks)."""


def check_action(state: GameState, action: Action, seat: int | None = None) -> Plan:
    """The plan of ``action`` for the seat to act (``seat``: who asks, if given), or the
    refusal raised."""
    deal = state.deal
    if isinstance(action, StartDeal):
        return check_start_deal(state, action)
    if deal.phase is Phase.MATCH_OVER:
        raise IllegalAction("match.over", state.rules.rule_ids.match)
    if deal.phase is Phase.DEAL_OVER:
        raise IllegalAction("deal.over", "G-4")
    if seat is not None and not 0 <= seat < len(state.players):
        raise IllegalAction("turn.no_seat", "G-2", seat=seat)
    if seat is not None and seat != deal.current:
        raise IllegalAction(
            "turn.not_yours", "G-2", player=name_of(state), other=name_of(state, seat)
        )
    family = FAMILIES.get(type(action)) or next(
        (check for kind, check in FAMILIES.items() if isinstance(action, kind)), None
    )
    if family is not None:
        return family(state, action)
    raise IllegalAction("action.unknown", "G-10", action=repr(action))


def turn_allows(state: GameState, action: Action) -> bool:
    """Whether the engine allows an action of the seat to act while the deal is in its draw
    or play phase (where the legal listing asks): the check of the action's kind alone, as
    the checks before it (the deal in play, whose turn) pass."""
    try:
        FAMILIES[type(action)](state, action)
    except IllegalAction:
        return False
    return True


def apply_action(state: GameState, action: Action, seat: int | None = None) -> ActionRecord:
    """Check ``action``, apply it for the seat to act and return the record it logged."""
    plan = check_action(state, action, seat)
    deal = state.deal
    actor = None if isinstance(action, StartDeal) else deal.current
    deal_number = deal.deal_number
    done, facts = plan()
    if actor is not None and facts.name != state.players[actor]:
        facts = facts.model_copy(update={"name": state.players[actor]})  # the plans name it
    # Every part is the engine's own, already valid: the record is built without validating
    # it again (a quarter of a random legal move's time went into that).
    values: dict[str, object] = {
        "seat": actor,
        "action": done,
        "deal_number": deal_number if actor is not None else state.deal.deal_number,
        "facts": facts,
    }
    record = made(ActionRecord, values, set(values))
    state.log.append(record)
    return record
