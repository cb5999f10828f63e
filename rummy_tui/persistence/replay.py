"""Rebuild a saved match by replaying its log through the engine.

Nothing in a save file is taken on trust: the first deal is dealt again from the recorded
card order, every logged action is applied by the engine with the same checks as at the
table, and the result must reach the position the file's summary describes. An edited or
impossible log is refused with the step and the engine's reason.
"""

from __future__ import annotations

from rummy_tui.core import Game, StartDeal, new_game
from rummy_tui.core.history import ReplayError, replay
from rummy_tui.core.takeback import readable_notes
from rummy_tui.i18n import _, ngettext
from rummy_tui.i18n.log_lines import record_sentence
from rummy_tui.i18n.refusals import error_sentence, refusal_sentence
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
        raise SaveError(
            _("The first deal cannot be dealt again: {error}").format(error=error_sentence(error))
        ) from None
    if len(game.state.deal.deck) != len(first.deck):
        raise SaveError(
            ngettext(
                "The first deal's recorded card order holds {n} card, not every "
                "card of the packs ({packs}).",
                "The first deal's recorded card order holds {n} cards, not every "
                "card of the packs ({packs}).",
                len(first.deck),
            ).format(n=len(first.deck), packs=len(game.state.deal.deck))
        )
    game.state.cut = list(first.cut)
    # Starting the match logs the first deal itself: those records must be the file's first.
    opening = len(game.state.log)
    for step, (dealt, record) in enumerate(zip(game.state.log, save.log, strict=False), 1):
        if (dealt.seat, dealt.action, dealt.deal_number) != (
            record.seat,
            record.action,
            record.deal_number,
        ):
            raise SaveError(
                _("Step {step}: the log does not start with the first deal.").format(step=step)
            )
    if len(save.log) < opening:
        raise SaveError(_("The log does not start with the first deal."))
    try:
        replay(game.state, save.log[opening:])
    except ReplayError as failure:
        raise SaveError(_step_reason(opening + failure.step + 1, failure)) from None
    # The notes of the moves taken back (P-4) stand where the log says; others are left out.
    game.state.take_back_notes = readable_notes(game.state, save.take_backs)
    reached = summarize(game)
    if reached != save.summary:
        differences = [
            _("{field}: saved {saved}, replayed {replayed}").format(
                field=field,
                saved=repr(getattr(save.summary, field)),
                replayed=repr(getattr(reached, field)),
            )
            for field in type(reached).model_fields
            if getattr(save.summary, field) != getattr(reached, field)
        ]
        raise SaveError(
            _("Replaying the log does not reach the saved position ({differences}).").format(
                differences="; ".join(differences)
            )
        )
    return game


def _step_reason(step: int, failure: ReplayError) -> str:
    """Why step ``step`` of a save's log does not replay, in one sentence."""
    record = failure.record
    action = record.action
    if failure.refusal is not None:
        return _("Step {step}: {error}").format(step=step, error=refusal_sentence(failure.refusal))
    if failure.error is not None:
        return _("Step {step}: the {action} action cannot be replayed ({kind}: {error}).").format(
            step=step, action=action.kind, kind=type(failure.error).__name__, error=failure.error
        )
    if failure.done is not None:
        return _(
            "Step {step}: the log does not match the game: it records "
            "{recorded} in deal {deal}, the engine did {done} in deal {done_deal}."
        ).format(
            step=step,
            recorded=repr(record_sentence(record)),
            deal=record.deal_number,
            done=repr(record_sentence(failure.done)),
            done_deal=failure.done.deal_number,
        )
    if isinstance(action, StartDeal):
        return _("Step {step}: a new deal is started by the table, not a seat.").format(step=step)
    return _("Step {step}: the log names no seat of this table for {action}.").format(
        step=step, action=action.kind
    )
