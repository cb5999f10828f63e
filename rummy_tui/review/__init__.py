"""The review of a finished match: which moves cost each person points (issue 32), as data.

:func:`review_match` reads a match's finished deals step by step
(:class:`~rummy_tui.replay.steps.MatchSteps`) and returns, for each seat asked for (the
people: computers are not reviewed), the claims of :mod:`~rummy_tui.review.claims`, each
with the replay step that shows its move. Each claim's better moves were applied through
the engine in that position; tests/review checks every claim again against the core.
Nothing here draws or words: no Textual, Rich, saves, interface or sentences (a forbidden
contract in pyproject.toml); rummy_tui/i18n/review_words.py writes the claims as sentences.

::

    review = review_match(MatchSteps(game.state), seats=people, progress=bar_update)
    for seat in review.seats:
        seat.claims              # () when nothing was costly
    model = open_claim(steps, claim)  # the replay at the claim's move
"""

from rummy_tui.review.claims import (
    BASES,
    BROKE_MELD,
    CARDS,
    CHIPS,
    COLLECT,
    FED_NEXT,
    KEPT,
    KINDS,
    LAYOFF_UNDONE,
    MISSED_GO_OUT,
    MORE_DEADWOOD,
    PAID,
    POINTS,
    UNITS,
    Claim,
    MatchReview,
    SeatReview,
)
from rummy_tui.review.match import Progress, open_claim, review_match
from rummy_tui.review.positions import deadwood_unit, end_cost, payment_unit

__all__ = [
    "BASES",
    "BROKE_MELD",
    "CARDS",
    "CHIPS",
    "COLLECT",
    "FED_NEXT",
    "KEPT",
    "KINDS",
    "LAYOFF_UNDONE",
    "MISSED_GO_OUT",
    "MORE_DEADWOOD",
    "PAID",
    "POINTS",
    "UNITS",
    "Claim",
    "MatchReview",
    "Progress",
    "SeatReview",
    "deadwood_unit",
    "end_cost",
    "open_claim",
    "payment_unit",
    "review_match",
]
