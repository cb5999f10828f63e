"""What a replay may show (P-2, P-3): every hand at every step once the match is over; of a
match still being played, only the public table and each finished deal's reveal at its end,
never a hand at an earlier step nor anything of the deal in progress."""

from __future__ import annotations

import pytest

from rummy_tui.core.actions import StartDeal
from rummy_tui.replay import MatchSteps, frame, open_replay, to_step
from tests.replay.matches import TABLES, finished_match, unfinished_match

SEEDS = range(1, 5)
UNFINISHED = [
    (variant, counts[index % len(counts)], seed)
    for variant, counts in TABLES.items()
    for index, seed in enumerate(SEEDS)
]


SMALL = [(variant, counts[0], 1) for variant, counts in TABLES.items()]
"""The smallest table of each variant, one seed: the unit tier's share (the whole list is slow)."""


@pytest.mark.parametrize(("variant", "players", "seed"), SMALL)
def test_P2_P3_at_the_smallest_table_an_unfinished_match_hides_every_hand_it_must(
    variant: str, players: int, seed: int
) -> None:
    test_P2_P3_an_unfinished_match_shows_no_hand_that_was_hidden_at_that_step(
        variant, players, seed
    )


@pytest.mark.parametrize(("variant", "players", "seed"), UNFINISHED)
def test_P2_P3_an_unfinished_match_shows_no_hand_that_was_hidden_at_that_step(
    variant: str, players: int, seed: int
) -> None:
    played = unfinished_match(variant, players, seed, deals=2, moves_after=2 + seed)
    steps = MatchSteps(played.game.state)
    assert not steps.finished_match
    in_progress = steps.deals[-1]
    model = open_replay(steps)
    assert in_progress.deal_number not in model.deal_numbers
    for span in steps.replayable:
        deal = steps.deal(span.deal_number)
        revealed = {line.seat: line.hand for line in deal.result.lines}
        for step in range(span.last_step + 1):
            shown = frame(steps, to_step(open_replay(steps, span.deal_number), step))
            assert shown.view.hand == ()  # the table is the public view
            assert shown.view.seat == -1
            if step < span.last_step:
                assert shown.hands == (None,) * players
                assert all(shown.seat_view(seat) is None for seat in range(players))
            else:
                for seat in range(players):
                    assert shown.hands[seat] == revealed.get(seat)
            # the card order of the deal (its stock) is never in what is shown
            start = shown.records[0].action
            assert isinstance(start, StartDeal) and start.deck is None
            assert all(
                not isinstance(record.action, StartDeal) or record.action.deck is None
                for record in shown.view.log
            )


@pytest.mark.parametrize("variant", list(TABLES))
def test_P3_a_finished_match_shows_every_hand_at_every_step(variant: str) -> None:
    played = finished_match(variant, TABLES[variant][0], 1)
    steps = MatchSteps(played.game.state)
    for span in steps.replayable:
        deal = steps.deal(span.deal_number)
        for step in range(span.last_step + 1):
            shown = frame(steps, to_step(open_replay(steps, span.deal_number), step))
            assert shown.hands == deal.hands(step)
            for seat, hand in enumerate(shown.hands):
                seat_view = shown.seat_view(seat)
                assert seat_view is not None and seat_view.hand == hand
