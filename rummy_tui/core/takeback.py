"""Taking back a move of one's own turn (P-4).

A person may take back their own moves of the current turn, newest first, while doing so
reveals nothing that was hidden: a meld, a lay-off (a Double Rum joker's move included), a
take from the discard pile (a Rummy 500 dig with its duty included), a Boathouse two-card
draw that took only public discards, and the discard that ended the turn until the next
player acts. A card drawn from the stock was hidden, so a stock draw is never taken back,
nor is the deal, nor anything once the deal has ended.

Taking back rebuilds the deal in progress by dealing it again from its recorded card order
and replaying every record of its log but the newest, so the game is exactly what it would
be had the move never been made (the saved log no longer holds the move). The public log
keeps a note of who took back what in ``GameState.take_back_notes``.

::

    game.take_back_refusal()   # None, or a TakeBackRefused naming P-4
    game.can_take_back()       # bool
    note = game.take_back()    # undoes the newest move, returns the public note
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rummy_tui.core.actions import (
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
from rummy_tui.core.cards import format_cards
from rummy_tui.core.dealing import deal_cards
from rummy_tui.core.errors import IllegalAction, Value
from rummy_tui.core.melds import PlacedCard
from rummy_tui.core.state import GameState, Phase, TakeBackNote

if TYPE_CHECKING:
    from rummy_tui.core.engine import Game

RULE_ID = "P-4"
"""The rule every take-back refusal names."""

TAKE_BACK_CODES: dict[str, str] = {
    "takeback.off": "take-backs were switched off when the match started",
    "takeback.not_yours": "the newest move belongs to another player",
    "takeback.nothing": "no move of this turn is left to take back",
    "takeback.deal_over": "the deal has ended",
    "takeback.hidden_card": "the move drew a hidden card from the stock",
}
"""Every refusal code with what it means (stable: the interface may key on the code)."""


class TakeBackRefused(IllegalAction):
    """A refused take-back: a refusal naming P-4 with one of :data:`TAKE_BACK_CODES`; its
    sentence comes from :mod:`rummy_tui.core.refusals` like every other refusal."""

    def __init__(self, code: str, **values: Value) -> None:
        super().__init__(code, RULE_ID)
        self.values.update(values)


def _refused(code: str, **values: Value) -> TakeBackRefused:
    return TakeBackRefused(code, **values)


def take_back_refusal(game: Game, seat: int | None = None) -> TakeBackRefused | None:
    """Why the newest move may not be taken back now (by ``seat``, if given), or None.

    Args:
        game: The match.
        seat: Who asks; None asks for whoever made the newest move.
    """
    state = game.state
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


def newest_move(game: Game) -> ActionRecord | None:
    """The move a take-back would undo now, or None when none may be taken back.

    Its ``seat`` says whose it is: after a discard that is the player who discarded, not the
    seat to act, so the interface knows whose hand to show again.
    """
    if take_back_refusal(game) is not None:
        return None
    return game.state.log[-1]


def can_take_back(game: Game, seat: int | None = None) -> bool:
    """Whether the newest move may be taken back now (by ``seat``, if given)."""
    return take_back_refusal(game, seat) is None


def placed_token(placed: PlacedCard) -> str:
    """A card on the table as a token: ``7H``, or ``JK=8H`` for a wild card standing in."""
    if placed.is_standing_in:
        return f"{placed.card}={placed.face}"
    return str(placed.card)


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


def describe_move(record: ActionRecord, placed: Sequence[PlacedCard] = ()) -> str:
    """What a move was, for the take-back note: ``meld 7H 8H 9H`` (with ``placed``, the cards
    as they lay on the table: ``meld 7H JK=8H 9H``)."""
    action = record.action
    if isinstance(action, Meld):
        cards = " ".join(placed_token(card) for card in placed) or format_cards(action.cards)
        return f"meld {cards}"
    if isinstance(action, LayOffCard):
        card = placed_token(placed[0]) if placed else str(action.card)
        return f"lay-off of {card} on meld {action.meld_id}"
    if isinstance(action, TakeDiscard):
        if action.count == 1:
            return "taking the top card of the discard pile"
        return f"taking {action.count} cards from the discard pile"
    if isinstance(action, DrawTwo):
        return f"two-card draw ({action.first} + {action.second})"
    if isinstance(action, Discard):
        return f"discard {action.card}"
    return action.kind.replace("_", " ")


def take_back(game: Game, seat: int | None = None) -> TakeBackNote:
    """Take back the newest move and return the public note written for it.

    The game becomes exactly what it would be had the move never been made; only
    ``take_back_notes`` remembers it.

    Raises:
        TakeBackRefused: naming P-4, with the game unchanged.
    """
    refusal = take_back_refusal(game, seat)
    if refusal is not None:
        raise refusal
    state = game.state
    record = state.log[-1]
    assert record.seat is not None  # take_back_refusal refuses table records
    placed = placed_by(state, record)
    rebuilt = replay_without_newest(state)
    name = state.players[record.seat]
    note = TakeBackNote(
        seat=record.seat,
        deal_number=record.deal_number,
        position=len(rebuilt.log),
        text=f"{name} took back: {describe_move(record, placed)}",
        cards=placed,
        name=name,
        move=record.action,
    )
    length = len(rebuilt.log)
    earlier = [
        note if note.position <= length else note.model_copy(update={"position": length})
        for note in state.take_back_notes
    ]
    rebuilt.take_back_notes = [*earlier, note]
    for field in GameState.model_fields:
        setattr(state, field, getattr(rebuilt, field))
    return note


def replay_without_newest(state: GameState) -> GameState:
    """The match as it would stand had the newest record never been applied.

    The deal in progress is dealt again from its recorded card order and every record since
    its start except the newest is applied again. Nothing before the deal changes while the
    deal is being played, so the rest of the state is kept.
    """
    from rummy_tui.core.engine import Game

    deal = state.deal
    starts = [
        index
        for index, record in enumerate(state.log)
        if isinstance(record.action, StartDeal) and record.deal_number == deal.deal_number
    ]
    start = starts[-1] if starts else 0
    fresh = deal_cards(state.rules, len(state.players), deal.dealer, deal.deck, deal.deal_number)
    rebuilt = state.model_copy(
        deep=True, update={"deal": fresh, "log": list(state.log[: start + 1])}
    )
    replay = Game(rebuilt)
    for record in state.log[start + 1 : -1]:
        done = replay.apply(record.action, seat=record.seat)
        if (done.action, done.text) != (record.action, record.text):
            raise RuntimeError(
                f"replaying {record.action.kind} gave {done.text!r}, not {record.text!r}"
            )
    # The records are immutable and equal to the replayed ones: keep the originals.
    rebuilt.log = list(state.log[:-1])
    return rebuilt


def public_log(game: Game) -> list[ActionRecord | TakeBackNote]:
    """The log in order with the take-back notes in their places (both kinds have ``seat``,
    ``deal_number`` and ``text``)."""
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


def notes_to_extra(game: Game) -> list[dict[str, Any]]:
    """The take-back notes as plain data for a save file's ``extra`` member."""
    return [note.model_dump() for note in game.state.take_back_notes]


def notes_from_extra(game: Game, data: object) -> None:
    """Put back notes written by :func:`notes_to_extra`; anything unreadable is left out."""
    if not isinstance(data, list):
        return
    notes: list[TakeBackNote] = []
    for item in data:
        try:
            note = TakeBackNote.model_validate(item)
        except ValueError:
            continue
        if note.position <= len(game.state.log) and 0 <= note.seat < len(game.players):
            notes.append(note)
    game.state.take_back_notes = notes
