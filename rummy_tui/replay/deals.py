"""Which deals a match's log holds, where each stands in it, and which may be replayed.

A match is its deals' recorded card orders and its log (G-11): every deal begins with a
:class:`~rummy_tui.core.actions.StartDeal` record (the first deal's included) and runs to the
record before the next one. A deal is *finished* once it ended, scored or void under the
dead-hand guard (G-9): every deal before the last one of the log is, and the last one is when
the match stands at the end of a deal or is over. Only finished deals are replayed; the deal
in progress of an unfinished match is never offered (its hands are still in play, P-1).

Step 0 of a deal is the deal as dealt (the state just after its ``StartDeal`` record), step
``k`` the state after the deal's ``k``-th record after it, so a deal of ``n`` records after
its start has the steps 0 to ``n``. Moves taken back (P-4) are not in the log, which holds the
game as it stands, so they are no steps; their public notes stand where the log says.
"""

from __future__ import annotations

from dataclasses import dataclass

from rummy_tui.core.actions import StartDeal
from rummy_tui.core.state import GameState, Phase

REFUSAL_CODES: tuple[str, ...] = (
    "replay.nothing",  # the match has no finished deal yet
    "replay.no_deal",  # the log holds no deal of that number
    "replay.in_progress",  # the deal is still being played
    "replay.no_step",  # the deal has no step of that number
)
"""Every code of :class:`NotReplayable` (stable: an interface words them by their code)."""


class NotReplayable(Exception):
    """A deal or step that cannot be replayed, as data: ``code`` (one of
    :data:`REFUSAL_CODES`), the deal and the step it is about. The interface writes the
    sentence (rummy_tui/i18n), as for the core's refusals."""

    def __init__(self, code: str, deal_number: int | None = None, step: int | None = None) -> None:
        super().__init__(code, deal_number, step)
        self.code = code
        """Why, as a stable code."""
        self.deal_number = deal_number
        """The deal asked for (None when the refusal is about the whole match)."""
        self.step = step
        """The step asked for (``replay.no_step`` only)."""


@dataclass(frozen=True, slots=True)
class DealSpan:
    """Where one deal stands in the match's log."""

    deal_number: int
    """The deal's number (1 for the first; a dead deal dealt again takes the next one)."""
    start: int
    """Where the deal's ``StartDeal`` record stands in the log (step 0 is the state after it)."""
    stop: int
    """Where the deal's records end in the log: one past its last record."""
    finished: bool
    """Whether the deal has ended (scored, or void under G-9)."""

    @property
    def last_step(self) -> int:
        """The deal's last step: the number of its records after its start."""
        return self.stop - self.start - 1

    def log_length(self, step: int) -> int:
        """How many records the match's log held at ``step`` of this deal."""
        return self.start + 1 + step

    def has_step(self, step: int) -> bool:
        """Whether the deal has a step ``step``."""
        return 0 <= step <= self.last_step


def deal_spans(state: GameState) -> tuple[DealSpan, ...]:
    """Every deal of the match's log in order, finished or not; () for an empty log.

    Raises:
        NotReplayable: ``replay.no_deal`` when the log does not begin with a deal's start
            (no match the engine or a save makes).
    """
    log = state.log
    if not log:
        return ()
    if not isinstance(log[0].action, StartDeal):
        raise NotReplayable("replay.no_deal")
    starts = [index for index, record in enumerate(log) if isinstance(record.action, StartDeal)]
    stops = [*starts[1:], len(log)]
    over = state.deal.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)
    last = len(starts) - 1
    return tuple(
        DealSpan(
            deal_number=log[start].deal_number,
            start=start,
            stop=stop,
            finished=position < last or over,
        )
        for position, (start, stop) in enumerate(zip(starts, stops, strict=True))
    )
