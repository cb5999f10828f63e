"""Rebuild a saved match by replaying its log through the engine.

Nothing in a save file is taken on trust: the first deal is dealt again from the recorded
card order, every logged action is applied by the engine with the same checks as at the
table, and the result must reach the position the file's summary describes. An edited or
impossible log is refused with the step and the engine's reason.
"""

from __future__ import annotations

from rummy_tui.core import Game, IllegalAction, StartDeal, new_game
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.format import SaveFile, summarize


def rebuild(save: SaveFile) -> Game:
    """The match a validated save file records.

    Raises:
        SaveError: when the first deal cannot be dealt, a logged action is illegal or differs
            from what the engine does with it, or the replay ends somewhere else than the
            file's summary says.
    """
    setup = save.setup
    first = save.first_deal
    try:
        game = new_game(
            setup.rules,
            setup.names,
            seed=first.seed,
            deck=first.deck,
            dealer=first.dealer,
            take_backs=setup.take_backs,
        )
    except Exception as error:  # IllegalAction, or rules the engine cannot play
        raise SaveError(f"The first deal cannot be dealt again: {error}") from None
    if len(game.state.deal.deck) != len(first.deck):
        raise SaveError(
            f"The first deal's recorded card order holds {len(first.deck)} cards, not every "
            f"card of the packs ({len(game.state.deal.deck)})."
        )
    game.state.cut = list(first.cut)
    seats = len(game.players)
    # Starting the match logs the first deal itself: those records must be the file's first.
    opening = len(game.state.log)
    for step, (dealt, record) in enumerate(zip(game.state.log, save.log, strict=False), 1):
        if (dealt.seat, dealt.action, dealt.deal_number) != (
            record.seat,
            record.action,
            record.deal_number,
        ):
            raise SaveError(f"Step {step}: the log does not start with the first deal.")
    if len(save.log) < opening:
        raise SaveError("The log does not start with the first deal.")
    for step, record in enumerate(save.log[opening:], start=opening + 1):
        action = record.action
        if isinstance(action, StartDeal):
            if record.seat is not None:
                raise SaveError(f"Step {step}: a new deal is started by the table, not a seat.")
        elif record.seat is None or not 0 <= record.seat < seats:
            raise SaveError(f"Step {step}: the log names no seat of this table for {action.kind}.")
        try:
            done = game.apply(action, seat=record.seat)
        except IllegalAction as error:
            raise SaveError(f"Step {step}: {error}") from None
        except Exception as error:  # the engine met input it never produces itself
            raise SaveError(
                f"Step {step}: the {action.kind} action cannot be replayed "
                f"({type(error).__name__}: {error})."
            ) from None
        if done.action != action or done.deal_number != record.deal_number:
            raise SaveError(
                f"Step {step}: the log does not match the game: it records "
                f"{record.text or action.kind!r} in deal {record.deal_number}, the engine did "
                f"{done.text!r} in deal {done.deal_number}."
            )
    reached = summarize(game)
    if reached != save.summary:
        differences = [
            f"{field}: saved {getattr(save.summary, field)!r}, replayed {getattr(reached, field)!r}"
            for field in type(reached).model_fields
            if getattr(save.summary, field) != getattr(reached, field)
        ]
        raise SaveError(
            "Replaying the log does not reach the saved position (" + "; ".join(differences) + ")."
        )
    return game
