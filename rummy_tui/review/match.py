"""The review of a whole match: every finished deal reviewed for the seats asked for, the
claims gathered per seat (:class:`~rummy_tui.review.claims.MatchReview`), and the replay
opened at a claim's move."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rummy_tui.replay.model import ReplayModel, open_replay
from rummy_tui.replay.steps import MatchSteps
from rummy_tui.review.claims import (
    Claim,
    MatchReview,
    SeatReview,
)
from rummy_tui.review.review import DealReview

Progress = Callable[[int, int], None]
"""Called after each deal with (deals done, deals in all)."""


def review_match(
    steps: MatchSteps,
    seats: Iterable[int] | None = None,
    progress: Progress | None = None,
) -> MatchReview:
    """The review of ``steps``'s finished deals for ``seats`` (every seat by default; the
    caller leaves the computers out), each seat's claims in the order played."""
    players = steps.players
    chosen = set(range(len(players)) if seats is None else seats)
    spans = steps.replayable
    claims: dict[int, list[Claim]] = {seat: [] for seat in chosen}
    turns: dict[int, int] = dict.fromkeys(chosen, 0)
    reviewed: list[int] = []
    variant = ""
    for done, span in enumerate(spans, start=1):
        deal = steps.deal(span.deal_number)
        variant = deal.peek(0).rules.variant_id
        if chosen:
            records = steps.log[span.start : span.stop]
            review = DealReview(
                deal,
                [record.action for record in records],
                [record.seat for record in records],
                chosen,
            )
            review.run()
            for seat in chosen:
                claims[seat].extend(review.claims[seat])
                turns[seat] += review.turns[seat]
            reviewed.append(span.deal_number)
        if progress is not None:
            progress(done, len(spans))
    return MatchReview(
        seats=tuple(
            SeatReview(seat, players[seat], tuple(claims[seat]), turns[seat])
            for seat in sorted(chosen)
        ),
        deals=tuple(reviewed),
        finished_match=steps.finished_match,
        variant=variant,
    )


def open_claim(steps: MatchSteps, claim: Claim) -> ReplayModel:
    """The replay opened at the claim's move: its deal, the step just after the move played
    (the step before it is ``claim.step_before``)."""
    return open_replay(steps, claim.deal_number, claim.step)
