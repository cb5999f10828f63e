"""Taking back a move of one's own turn (P-4).

A person may take back their own moves of the current turn, newest first, while doing so
reveals nothing that was hidden: a meld, a lay-off (a Double Rum joker's move included), a
take from the discard pile (a Rummy 500 dig with its duty included), a Boathouse two-card
draw that took only public discards, and the discard that ended the turn until the next
player acts. A card drawn from the stock was hidden, so a stock draw is never taken back,
nor is the deal, nor anything once the deal has ended.

A take-back is an action like any other, :class:`~rummy_tui.core.actions.TakeBack`, checked
and applied by the engine (:func:`check_take_back` is its check). Applying it replays the
deal in progress from its recorded card order with every record of its log but the newest,
through the one replay of :mod:`rummy_tui.core.history`, so the game is exactly what it
would be had the move never been made (the log no longer holds the move). Its record is the
public note of who took back what, kept in ``GameState.take_back_notes`` (and saved with the
match).

::

    game.take_back_refusal()   # None, or a TakeBackRefused naming P-4
    game.can_take_back()       # bool
    note = game.take_back()    # game.apply(TakeBack()): undoes the newest move
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from rummy_tui.core.actions import (
    ActionRecord,
    DrawStock,
    DrawTwo,
    EndDeal,
    GoOut,
    LayOffCard,
    LogFacts,
    Meld,
    StartDeal,
    TakeBack,
)
from rummy_tui.core.cards import PlacedCard
from rummy_tui.core.deal_flow import Done, Plan, assign
from rummy_tui.core.errors import IllegalAction, Value
from rummy_tui.core.history import deal_start, replay
from rummy_tui.core.state import GameState, Phase, TakeBackNote

RULE_ID = "P-4"
"""The rule every take-back refusal names."""

TAKE_BACK_CODES: tuple[str, ...] = (
    "takeback.off",  # take-backs were switched off when the match started
    "takeback.not_yours",  # the newest move belongs to another player
    "takeback.nothing",  # no move of this turn is left to take back
    "takeback.deal_over",  # the deal has ended
    "takeback.hidden_card",  # the move drew a hidden card from the stock
    "takeback.turn_started",  # the next seat started its turn on the shared screen (a match
    # played on several screens: the shared match file knows it, the engine does not)
)
"""Every refusal code of a take-back (stable: the interface may key on the code)."""


class TakeBackRefused(IllegalAction):
    """A refused take-back: a refusal naming P-4 with one of :data:`TAKE_BACK_CODES`, worded
    by the catalogs like every other refusal."""

    def __init__(self, code: str, **values: Value) -> None:
        super().__init__(code, RULE_ID)
        self.values.update(values)


class HoldsMatch(Protocol):
    """Anything holding a match's state, as :class:`~rummy_tui.core.engine.Game` does."""

    @property
    def state(self) -> GameState:
        """The whole state of the match."""
        ...


def _refused(code: str, **values: Value) -> TakeBackRefused:
    return TakeBackRefused(code, **values)


def take_back_refusal(state: GameState, seat: int | None = None) -> IllegalAction | None:
    """Why the newest move may not be taken back now (by ``seat``, if given), or None.

    Args:
        state: The match.
        seat: Who asks; None asks for whoever made the newest move.
    """
    if not state.take_backs_on:
        return _refused("takeback.off")
    if state.deal.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
        return _refused("takeback.deal_over")
    record = state.log[-1] if state.log else None
    if record is None or isinstance(record.action, StartDeal) or record.seat is None:
        return _refused("takeback.nothing")
    if seat is not None and seat != record.seat:
        if seat == state.deal.current:
            return _refused("takeback.nothing", player=state.players[seat])
        owner = state.players[record.seat]
        return _refused("takeback.not_yours", owner=owner)
    action = record.action
    if isinstance(action, DrawStock) or (
        isinstance(action, DrawTwo) and "stock" in (action.first, action.second)
    ):
        return _refused("takeback.hidden_card")
    if isinstance(action, GoOut | EndDeal):  # both end the deal; kept as a guard
        return _refused("takeback.deal_over")
    return None


def check_take_back(state: GameState, seat: int | None = None) -> Plan:
    """The check of :class:`~rummy_tui.core.actions.TakeBack` (``seat``: who asks): the
    refusal raised, or the plan that takes the newest move back and notes it (P-4)."""
    refusal = take_back_refusal(state, seat)
    if refusal is not None:
        raise refusal
    record = state.log[-1]
    assert record.seat is not None  # take_back_refusal refuses table records
    mover = record.seat

    def run() -> Done:
        placed = placed_by(state, record)
        rebuilt = replay_without_newest(state)
        name = state.players[mover]
        length = len(rebuilt.log)
        note = TakeBackNote(
            seat=mover,
            deal_number=record.deal_number,
            position=length,
            cards=placed,
            name=name,
            move=record.action,
        )
        earlier = [
            note if note.position <= length else note.model_copy(update={"position": length})
            for note in state.take_back_notes
        ]
        # Only the deal in progress and its records change: nothing before the deal does.
        assign(state, deal=rebuilt.deal, log=rebuilt.log, take_back_notes=[*earlier, note])
        return TakeBack(), LogFacts(name=name)

    return run


def take_back_record(state: GameState, seat: int | None = None) -> ActionRecord:
    """Check and apply a take-back (``seat``: who asks) and return its record: the mover's
    seat, the deal, the mover's name. The note it wrote is the newest of the take-back notes.

    Raises:
        TakeBackRefused: naming P-4, with the game unchanged.
    """
    plan = check_take_back(state, seat)
    mover = state.log[-1].seat
    done, facts = plan()
    note = state.take_back_notes[-1]
    return ActionRecord(seat=mover, action=done, deal_number=note.deal_number, facts=facts)


def newest_move(game: HoldsMatch) -> ActionRecord | None:
    """The move a take-back would undo now, or None when none may be taken back.

    Its ``seat`` says whose it is: after a discard that is the player who discarded, not the
    seat to act, so the interface knows whose hand to show again.
    """
    if take_back_refusal(game.state) is not None:
        return None
    return game.state.log[-1]


def placed_by(state: GameState, record: ActionRecord) -> tuple[PlacedCard, ...]:
    """The cards ``record`` (the newest move) put on the table, as they lie there now."""
    action = record.action
    melds = state.deal.melds
    if isinstance(action, Meld) and melds:
        return melds[-1].cards
    if isinstance(action, LayOffCard):
        for meld in melds:
            if meld.meld_id == action.meld_id:
                found = [placed for placed in meld.cards if placed.card == action.card]
                return tuple(found[-1:])
    return ()


def replay_without_newest(state: GameState) -> GameState:
    """The match as it would stand had the newest record never been applied.

    The deal in progress is dealt again from its recorded card order and every record since
    its start except the newest is applied again (:func:`~rummy_tui.core.history.replay`).
    Nothing before the deal changes while the deal is being played, so the rest of the
    state is kept.
    """
    start, rebuilt = deal_start(state)
    replay(rebuilt, state.log[start + 1 : -1])
    # The records are immutable and equal to the replayed ones: keep the originals.
    rebuilt.log = list(state.log[:-1])
    return rebuilt


def public_log(game: HoldsMatch) -> list[ActionRecord | TakeBackNote]:
    """The log in order with the take-back notes in their places (both kinds have ``seat``
    and ``deal_number``; :func:`rummy_tui.i18n.log_lines.entry_sentence` words each)."""
    return merge_log(game.state.log, game.state.take_back_notes)


def merge_log(
    records: Sequence[ActionRecord], notes: Sequence[TakeBackNote]
) -> list[ActionRecord | TakeBackNote]:
    """Records and take-back notes in one list, each note after the records it followed."""
    merged: list[ActionRecord | TakeBackNote] = []
    pending = sorted(notes, key=lambda note: note.position)
    for index, record in enumerate(records):
        while pending and pending[0].position <= index:
            merged.append(pending.pop(0))
        merged.append(record)
    merged.extend(pending)
    return merged


def readable_notes(state: GameState, data: object) -> list[TakeBackNote]:
    """The take-back notes in plain data (as :func:`notes_to_extra` writes them) that fit
    the match: each one readable, in the log's range, naming a seat; the rest is left out."""
    if not isinstance(data, list):
        return []
    notes: list[TakeBackNote] = []
    for item in data:
        try:
            note = TakeBackNote.model_validate(item)
        except ValueError:
            continue
        if note.position <= len(state.log) and 0 <= note.seat < len(state.players):
            notes.append(note)
    return notes


def notes_to_extra(game: HoldsMatch) -> list[dict[str, Any]]:
    """The take-back notes as plain data (as saves before format 2 kept them in ``extra``)."""
    return [note.model_dump() for note in game.state.take_back_notes]


def notes_from_extra(game: HoldsMatch, data: object) -> None:
    """Put back notes written by :func:`notes_to_extra`; anything unreadable is left out."""
    game.state.take_back_notes = readable_notes(game.state, data)


def turn_started_refusal(state: GameState, started: bool) -> TakeBackRefused | None:
    """The refusal of taking back the discard that ended the last turn once the next seat has
    started its turn (``started``: its Enter at a hand-off, or its first move on its own
    screen), on every screen (P-4); None while the newest move is the seat to act's own, or
    nobody's, or the turn has not started."""
    log = state.log
    current = state.deal.current
    if not started or not log or log[-1].seat in (None, current):
        return None
    return TakeBackRefused("takeback.turn_started", player=state.players[current])
