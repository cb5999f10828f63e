"""Replaying a match's history: one function rebuilds a state from records (G-11, P-4).

A game is its deals' recorded card orders and the records of its log: dealing a deal again
from its record and applying every record after it through the engine's one road
(:func:`~rummy_tui.core.checks.apply_action`) reaches exactly the game that was played.
Taking back a move replays the deal in progress without its newest record; loading a save
replays the whole log; the table replays a turn to find the cards drawn. Each goes through
:func:`replay`.

::

    start, state = deal_start(game.state)     # the deal in progress, as it was dealt
    replay(state, game.state.log[start + 1 :])  # ...and played again to where it stands
"""

from __future__ import annotations

from collections.abc import Iterable

from rummy_tui.core.actions import ActionRecord, StartDeal
from rummy_tui.core.checks import apply_action
from rummy_tui.core.dealing import deal_cards
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.state import GameState


class ReplayError(Exception):
    """A record the replay could not apply as it was recorded.

    Exactly one of ``refusal`` (the engine refused the action), ``done`` (the engine did
    something else than the record says), ``error`` (the engine met input it never makes
    itself) is set, or none when the record names no seat it may name.
    """

    def __init__(
        self,
        step: int,
        record: ActionRecord,
        *,
        refusal: IllegalAction | None = None,
        done: ActionRecord | None = None,
        error: Exception | None = None,
    ) -> None:
        super().__init__(step, record.action.kind)
        self.step = step
        """Which record, counted from 0 in the records given to :func:`replay`."""
        self.record = record
        """The record as it was given."""
        self.refusal = refusal
        """The engine's refusal of the record's action."""
        self.done = done
        """What the engine did instead, when that differs from the record."""
        self.error = error
        """An error the engine raised on input it never produces."""


def replay(state: GameState, records: Iterable[ActionRecord]) -> GameState:
    """Apply ``records`` to ``state`` in order, each as its seat did, and return ``state``.

    A record must name the seat that acted (the table's own deal records name none) and the
    engine must do with it what it records: the same action in the same deal.

    Raises:
        ReplayError: for the first record that does not replay, with ``state`` as far as the
            records before it brought it.
    """
    seats = len(state.players)
    for step, record in enumerate(records):
        action = record.action
        if isinstance(action, StartDeal):
            wrong_seat = record.seat is not None  # a deal is started by the table
        else:
            wrong_seat = record.seat is None or not 0 <= record.seat < seats
        if wrong_seat:
            raise ReplayError(step, record)
        try:
            done = apply_action(state, action, record.seat)
        except IllegalAction as refusal:
            raise ReplayError(step, record, refusal=refusal) from None
        except Exception as error:  # the engine met input it never produces itself
            raise ReplayError(step, record, error=error) from None
        if done.action != action or done.deal_number != record.deal_number:
            raise ReplayError(step, record, done=done)
    return state


def deal_start(state: GameState) -> tuple[int, GameState]:
    """The deal in progress as it was dealt: where its start stands in the log, and a copy
    of the match at that moment (the log up to the deal's start; everything before the deal
    is kept, as nothing before it changes while it is played)."""
    deal = state.deal
    start = next(
        (
            index
            for index in range(len(state.log) - 1, -1, -1)
            if isinstance(state.log[index].action, StartDeal)
            and state.log[index].deal_number == deal.deal_number
        ),
        0,
    )
    fresh = deal_cards(state.rules, len(state.players), deal.dealer, deal.deck, deal.deal_number)
    copy = state.model_copy(update={"deal": fresh, "log": []}).model_copy(deep=True)
    copy.log = list(state.log[: start + 1])  # records are immutable: shared, not copied
    return start, copy
