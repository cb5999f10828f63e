"""What a replay shows at one step: the public table, the hands that may be seen, the log.

:func:`frame` turns a :class:`~rummy_tui.replay.model.ReplayModel` into a frozen
:class:`ReplayFrame` for drawing. Who may be seen (:func:`shown_hands`):

* a **finished match** hides nothing any more: every hand at every step, as it was held;
* a **match still being played** shows of its finished deals only what was public then
  (P-2: the public view) and, at a deal's end step, the hands that deal's end revealed
  (P-3: the hands of its score lines, as the end-of-deal screen showed them; a deal void
  under G-9 revealed none). Never a hand at an earlier step, and never a deal's card order
  (its stock was never seen).

Log lines are records (:class:`~rummy_tui.core.actions.ActionRecord`) and take-back notes
(:class:`~rummy_tui.core.state.TakeBackNote`), as data; rummy_tui/i18n writes them as
sentences (``log_lines.record_sentence``, ``log_lines.note_sentence``).
"""

from __future__ import annotations

from dataclasses import dataclass

from rummy_tui.core.actions import ActionRecord
from rummy_tui.core.cards import Card
from rummy_tui.core.state import DealResult, TakeBackNote
from rummy_tui.core.views import PlayerView
from rummy_tui.replay.model import ReplayModel
from rummy_tui.replay.steps import DealSteps, MatchSteps

Hand = tuple[Card, ...]
"""A hand's cards."""


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    """One step of a deal as a replay draws it."""

    deal_number: int
    """The deal on view."""
    step: int
    """The step on view (0: as dealt)."""
    last_step: int
    """The deal's last step (its end)."""
    view: PlayerView
    """The table at this step as everyone saw it (P-2): piles (the whole Rummy 500 spread,
    R-4), card counts, melds with the seat of every card (lay-offs included, R-6), scores,
    the score sheet so far, the log of the match up to this step; no hand."""
    hands: tuple[Hand | None, ...]
    """By seat: the hand shown at this step, or None while it may not be seen."""
    records: tuple[ActionRecord, ...]
    """This deal's log up to this step: its start first (card order cut out), then one
    record per step."""
    take_back_notes: tuple[TakeBackNote, ...]
    """This deal's take-back notes that stood by this step (P-4), each placed after the
    first ``position`` records of the match's log."""

    @property
    def move(self) -> ActionRecord | None:
        """The record this step applied (None as dealt)."""
        return self.records[-1] if self.step else None

    @property
    def at_end(self) -> bool:
        """Whether this is the deal's end."""
        return self.step == self.last_step

    @property
    def result(self) -> DealResult | None:
        """The deal's result at its end (the reveal and breakdown, P-3); None before."""
        return self.view.last_result if self.at_end else None

    @property
    def scores(self) -> tuple[int, ...]:
        """The running totals at this step."""
        return self.view.scores

    @property
    def shown_seats(self) -> tuple[int, ...]:
        """The seats whose hand is shown at this step."""
        return tuple(seat for seat, hand in enumerate(self.hands) if hand is not None)

    def seat_view(self, seat: int) -> PlayerView | None:
        """What ``seat`` saw at this step, its hand included (``game.view(seat)`` then), or
        None while its hand may not be shown. At the end of a deal of a match still being
        played the hand is the one revealed (P-3, in card order)."""
        hand = self.hands[seat] if 0 <= seat < len(self.hands) else None
        if hand is None:
            return None
        return self.view.model_copy(update={"seat": seat, "hand": hand})


def revealed_hands(deal: DealSteps) -> tuple[Hand | None, ...]:
    """The hands the end of ``deal`` revealed (P-3), by seat: its score lines' hands (None
    for a seat without a line: every seat of a deal void under G-9)."""
    revealed: list[Hand | None] = [None] * len(deal.hands(0))
    for line in deal.result.lines:
        revealed[line.seat] = line.hand
    return tuple(revealed)


def shown_hands(deal: DealSteps, step: int, finished_match: bool) -> tuple[Hand | None, ...]:
    """By seat, the hand that may be shown at ``step`` of ``deal`` (see the module's text):
    every hand as held when the match is over; else none before the deal's end and the
    revealed hands at its end."""
    if finished_match:
        return deal.hands(step)
    if step == deal.last_step:
        return revealed_hands(deal)
    return (None,) * len(deal.hands(step))


def frame(steps: MatchSteps, model: ReplayModel) -> ReplayFrame:
    """What the replay shows for ``model``.

    Raises:
        NotReplayable: when the model's deal or step is not one of ``steps``'s match.
    """
    deal = steps.deal(model.deal_number)
    step = model.step
    return ReplayFrame(
        deal_number=deal.deal_number,
        step=step,
        last_step=deal.last_step,
        view=deal.view(step),
        hands=shown_hands(deal, step, model.finished_match and steps.finished_match),
        records=deal.records(step),
        take_back_notes=deal.notes(step),
    )
