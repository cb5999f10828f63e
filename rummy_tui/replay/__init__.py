"""Replaying a match deal by deal, move by move, forward and back (G-11), as pure data.

A match is its deals' recorded card orders and its log: the match is dealt again and its log
applied again through the engine's one replay, and the state at every step of a deal is kept
(:mod:`~rummy_tui.replay.steps`). A frozen model says which deal and step are on view, with
pure moves between steps (:mod:`~rummy_tui.replay.model`); a frame says what may be drawn
there (:mod:`~rummy_tui.replay.frames`): the public table, and hands only as the rules let
them be seen (every hand once the match is over; for a match still being played, only what
its finished deals revealed at their ends, P-2, P-3). Only finished deals are replayed
(:mod:`~rummy_tui.replay.deals`). Nothing here changes a match, a save or the records, and
nothing draws: no Textual, Rich, saves or interface (a forbidden contract in pyproject.toml).

::

    steps = MatchSteps(game.state)        # a loaded match, finished or not
    model = open_replay(steps, deal_number=2)
    model = step_forward(model)
    shown = frame(steps, model)           # shown.view, shown.hands, shown.records
"""

from rummy_tui.replay.deals import REFUSAL_CODES, DealSpan, NotReplayable, deal_spans
from rummy_tui.replay.frames import ReplayFrame, frame, revealed_hands, shown_hands
from rummy_tui.replay.model import (
    ReplayModel,
    next_deal,
    open_replay,
    previous_deal,
    step_back,
    step_forward,
    to_deal,
    to_end,
    to_start,
    to_step,
)
from rummy_tui.replay.steps import PUBLIC_SEAT, DealSteps, MatchSteps

__all__ = [
    "PUBLIC_SEAT",
    "REFUSAL_CODES",
    "DealSpan",
    "DealSteps",
    "MatchSteps",
    "NotReplayable",
    "ReplayFrame",
    "ReplayModel",
    "deal_spans",
    "frame",
    "next_deal",
    "open_replay",
    "previous_deal",
    "revealed_hands",
    "shown_hands",
    "step_back",
    "step_forward",
    "to_deal",
    "to_end",
    "to_start",
    "to_step",
]
