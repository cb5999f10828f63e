"""Where a replay stands: a frozen model and the pure moves between its steps.

A :class:`ReplayModel` says which deal is on view, which step of it, which deals may be
replayed and who may be seen (``finished_match``). Each move is a function that returns a
new model (the Elm way, as :mod:`rummy_tui.table` does for the table): the interface keeps
the model, asks :func:`rummy_tui.replay.frames.frame` what to draw for it, and replaces it
with the model a key gives. No move changes the match, its save or its records.

::

    model = open_replay(steps)              # the first finished deal, as dealt
    model = step_forward(model)             # after its first record
    model = to_end(model)                   # the deal's end: its reveal (P-3)
    model = to_deal(model, 3)               # deal 3, as dealt

Moving past either end of a deal stays there (the same model comes back); other deals are
reached with :func:`to_deal`, :func:`next_deal` and :func:`previous_deal`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rummy_tui.replay.deals import DealSpan, NotReplayable
from rummy_tui.replay.steps import MatchSteps


@dataclass(frozen=True, slots=True)
class ReplayModel:
    """Which deal and step a replay shows, and what it may show.

    Raises:
        NotReplayable: when made with no deal (``replay.nothing``), a deal not among
            ``deals`` (``replay.no_deal``) or a step that deal does not have
            (``replay.no_step``).
    """

    deals: tuple[DealSpan, ...]
    """The deals that may be replayed (the finished ones), in order."""
    deal_number: int
    """The deal on view."""
    step: int = 0
    """The step on view: 0 as dealt, ``k`` after the deal's ``k``-th record."""
    finished_match: bool = False
    """Whether the match is over: every hand may then be shown at every step. Otherwise a
    hand is shown only at the end of its deal, as that deal revealed it (P-2, P-3). A frame
    shows hands only when the match itself is over too, so this can hide, never reveal."""

    def __post_init__(self) -> None:
        if not self.deals:
            raise NotReplayable("replay.nothing")
        span = next((span for span in self.deals if span.deal_number == self.deal_number), None)
        if span is None:
            raise NotReplayable("replay.no_deal", self.deal_number)
        if not span.has_step(self.step):
            raise NotReplayable("replay.no_step", self.deal_number, self.step)

    @property
    def span(self) -> DealSpan:
        """Where the deal on view stands in the log."""
        return next(span for span in self.deals if span.deal_number == self.deal_number)

    @property
    def last_step(self) -> int:
        """The last step of the deal on view (its end)."""
        return self.span.last_step

    @property
    def at_start(self) -> bool:
        """Whether the deal is on view as dealt."""
        return self.step == 0

    @property
    def at_end(self) -> bool:
        """Whether the deal is on view at its end."""
        return self.step == self.last_step

    @property
    def deal_numbers(self) -> tuple[int, ...]:
        """The numbers of the deals that may be replayed, in order."""
        return tuple(span.deal_number for span in self.deals)


def open_replay(steps: MatchSteps, deal_number: int | None = None, step: int = 0) -> ReplayModel:
    """A replay of ``steps``'s match at ``step`` of deal ``deal_number`` (the first finished
    deal by default).

    Raises:
        NotReplayable: ``replay.nothing`` when no deal is finished yet, ``replay.in_progress``
            for the deal still being played, ``replay.no_deal`` for a deal the match does not
            hold, ``replay.no_step`` for a step the deal does not have.
    """
    deals = steps.replayable
    if not deals:
        raise NotReplayable("replay.nothing", deal_number)
    if deal_number is None:
        deal_number = deals[0].deal_number
    elif not steps.span(deal_number).finished:
        raise NotReplayable("replay.in_progress", deal_number)
    return ReplayModel(
        deals=deals, deal_number=deal_number, step=step, finished_match=steps.finished_match
    )


def to_step(model: ReplayModel, step: int) -> ReplayModel:
    """The deal on view at ``step``, kept within the deal (below 0 is its start, past its
    last step its end)."""
    step = min(max(step, 0), model.last_step)
    return model if step == model.step else replace(model, step=step)


def step_forward(model: ReplayModel) -> ReplayModel:
    """One record on (the same model at the deal's end)."""
    return to_step(model, model.step + 1)


def step_back(model: ReplayModel) -> ReplayModel:
    """One record back (the same model at the deal's start)."""
    return to_step(model, model.step - 1)


def to_start(model: ReplayModel) -> ReplayModel:
    """The deal on view as dealt."""
    return to_step(model, 0)


def to_end(model: ReplayModel) -> ReplayModel:
    """The deal on view at its end (its last record applied: the reveal, P-3)."""
    return to_step(model, model.last_step)


def to_deal(model: ReplayModel, deal_number: int) -> ReplayModel:
    """Deal ``deal_number`` as dealt.

    Raises:
        NotReplayable: ``replay.no_deal`` when that deal may not be replayed.
    """
    if deal_number not in model.deal_numbers:
        raise NotReplayable("replay.no_deal", deal_number)
    return replace(model, deal_number=deal_number, step=0)


def next_deal(model: ReplayModel) -> ReplayModel:
    """The next replayable deal as dealt (the same model on the last one)."""
    numbers = model.deal_numbers
    position = numbers.index(model.deal_number)
    if position + 1 >= len(numbers):
        return model
    return to_deal(model, numbers[position + 1])


def previous_deal(model: ReplayModel) -> ReplayModel:
    """The replayable deal before this one, as dealt (the same model on the first one)."""
    numbers = model.deal_numbers
    position = numbers.index(model.deal_number)
    if position == 0:
        return model
    return to_deal(model, numbers[position - 1])
