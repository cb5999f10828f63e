"""Every step of a replay is the match as it was played (G-11), with every view of it.

Matches of every variant at the smallest, a middle and the largest table are played (easy
computer players to the end of short matches; random legal moves, with take-backs, stopped
in the middle of a later deal) and the table kept at every step while they are played
(``tests/replay/matches.py``). Then the replay's state at each step of each finished deal
must equal the state played, and each seat's view and the public view must equal the views
the table gave then.
"""

from __future__ import annotations

from functools import cache

import pytest

from rummy_tui.core import Phase
from rummy_tui.replay import DealSpan, MatchSteps, NotReplayable, deal_spans
from tests.replay.matches import TABLES, Played, finished_match, unfinished_match

SEEDS = (1, 2)
CASES = [
    (variant, players, seed)
    for variant, counts in TABLES.items()
    for players in counts
    for seed in SEEDS
]
IDS = [f"{variant}-{players}-seed{seed}" for variant, players, seed in CASES]
SMALL = [(variant, counts[0], 1) for variant, counts in TABLES.items()]
"""The smallest table of each variant, one seed: the unit tier's share (the whole list is slow)."""
SMALL_IDS = [f"{variant}-{players}" for variant, players, _seed in SMALL]


@cache
def finished(variant: str, players: int, seed: int) -> Played:
    """A short match, played to its end."""
    return finished_match(variant, players, seed)


@cache
def unfinished(variant: str, players: int, seed: int) -> Played:
    """Two deals, then a few moves into the third."""
    return unfinished_match(variant, players, seed, deals=2, moves_after=3 + seed)


def assert_every_step_as_played(played: Played, steps: MatchSteps) -> int:
    """Each finished deal's state and views at every step are those played; the steps."""
    seats = range(-1, len(played.game.players))
    checked = 0
    for span in steps.replayable:
        deal = steps.deal(span.deal_number)
        assert len(deal) == span.last_step + 1
        for step in range(len(deal)):
            length = span.log_length(step)
            assert played.is_state(deal.state(step)), (span.deal_number, step)
            for seat in seats:
                assert deal.view(step, seat) == played.view(length, seat), (step, seat)
            checked += 1
    return checked


@pytest.mark.parametrize(("variant", "players", "seed"), SMALL, ids=SMALL_IDS)
def test_G11_at_the_smallest_table_every_step_of_a_finished_match_is_as_played(
    variant: str, players: int, seed: int
) -> None:
    test_G11_every_step_of_a_finished_match_is_the_state_and_the_views_played(
        variant, players, seed
    )


@pytest.mark.parametrize(("variant", "players", "seed"), SMALL, ids=SMALL_IDS)
def test_G11_at_the_smallest_table_every_finished_deal_of_an_unfinished_match_is_as_played(
    variant: str, players: int, seed: int
) -> None:
    test_G11_every_step_of_an_unfinished_match_s_finished_deals_is_as_played(variant, players, seed)


@pytest.mark.parametrize(("variant", "players", "seed"), CASES, ids=IDS)
def test_G11_every_step_of_a_finished_match_is_the_state_and_the_views_played(
    variant: str, players: int, seed: int
) -> None:
    played = finished(variant, players, seed)
    steps = MatchSteps(played.game.state)
    assert steps.finished_match
    assert steps.replayable == steps.deals
    # every record of the log is one step of one deal, and every deal starts at step 0
    assert assert_every_step_as_played(played, steps) == len(played.game.state.log)


@pytest.mark.parametrize(("variant", "players", "seed"), CASES, ids=IDS)
def test_G11_every_step_of_an_unfinished_match_s_finished_deals_is_as_played(
    variant: str, players: int, seed: int
) -> None:
    played = unfinished(variant, players, seed)
    state = played.game.state
    assert state.deal.phase in (Phase.DRAW, Phase.PLAY)
    steps = MatchSteps(state)
    assert not steps.finished_match
    in_progress = steps.deals[-1]
    assert not in_progress.finished
    assert steps.replayable == steps.deals[:-1]
    assert assert_every_step_as_played(played, steps) == in_progress.start


def test_G11_deals_are_found_where_the_log_starts_them() -> None:
    played = unfinished("classic", 3, 1)
    log = played.game.state.log
    spans = deal_spans(played.game.state)
    assert [span.deal_number for span in spans] == [1, 2, 3]
    assert spans[0].start == 0
    assert [span.stop for span in spans[:-1]] == [span.start for span in spans[1:]]
    assert spans[-1].stop == len(log)
    for span in spans:
        assert log[span.start].action.kind == "start_deal"
        assert {record.deal_number for record in log[span.start : span.stop]} == {span.deal_number}
    assert [span.finished for span in spans] == [True, True, False]


def test_G11_a_match_at_the_end_of_a_deal_offers_that_deal() -> None:
    played = unfinished_match("classic", 2, 5, deals=1, moves_after=0)
    assert played.game.phase is Phase.DEAL_OVER
    steps = MatchSteps(played.game.state)
    assert steps.deals == (
        DealSpan(deal_number=1, start=0, stop=len(played.game.state.log), finished=True),
    )
    assert assert_every_step_as_played(played, steps) == len(played.game.state.log)


def test_P1_the_deal_in_progress_has_no_steps() -> None:
    played = unfinished("rummy500", 2, 1)
    steps = MatchSteps(played.game.state)
    in_progress = steps.deals[-1].deal_number
    with pytest.raises(NotReplayable) as refused:
        steps.deal(in_progress)
    assert (refused.value.code, refused.value.deal_number) == ("replay.in_progress", in_progress)
    with pytest.raises(NotReplayable) as refused:
        steps.deal(in_progress + 1)
    assert refused.value.code == "replay.no_deal"
    with pytest.raises(NotReplayable) as refused:
        steps.deal(1).state(steps.deal(1).last_step + 1)
    beyond = steps.deal(1).last_step + 1
    assert (refused.value.code, refused.value.step) == ("replay.no_step", beyond)


def test_G11_deals_asked_for_in_any_order_and_forgotten_are_the_same_again() -> None:
    played = finished("boathouse", 3, 2)
    state = played.game.state
    steps = MatchSteps(state, deals_kept=1)
    numbers = [span.deal_number for span in steps.replayable]
    assert len(numbers) >= 2
    for number in [*reversed(numbers), *numbers]:
        deal = steps.deal(number)
        for step in (0, deal.last_step // 2, deal.last_step):
            assert played.is_state(deal.state(step))


def test_G11_each_deal_s_recorded_card_order_and_result() -> None:
    played = finished("double", 2, 1)
    state = played.game.state
    steps = MatchSteps(state)
    results = {result.deal_number: result for result in state.results}
    for span in steps.replayable:
        deal = steps.deal(span.deal_number)
        assert deal.deck == state.log[span.start].action.deck
        assert deal.result == results[span.deal_number]
        assert deal.state(deal.last_step).deal.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)


def test_a_replay_changes_nothing_in_the_match_it_was_given() -> None:
    for played in (finished("rummy500", 5, 1), unfinished("european", 7, 2)):
        state = played.game.state
        before = state.model_dump_json()
        steps = MatchSteps(state)
        for span in steps.replayable:
            deal = steps.deal(span.deal_number)
            handed = deal.state(deal.last_step)
            handed.deal.hands[0].clear()  # a state handed out is the caller's own copy
            handed.scores[0] += 1000
            handed.log.clear()
            deal.view(0)
            assert played.is_state(deal.state(deal.last_step))
        assert state.model_dump_json() == before


def test_a_replay_is_not_changed_when_the_match_is_played_on() -> None:
    played = unfinished_match("classic", 2, 3, deals=1, moves_after=0)
    game = played.game
    steps = MatchSteps(game.state)
    game.apply(game.legal_actions()[0])  # the next deal starts after the replay was made
    deal = steps.deal(1)
    assert steps.deals[-1].deal_number == 1
    assert played.is_state(deal.state(deal.last_step))


def test_fresh_steps_share_no_cache_and_replay_the_same_match() -> None:
    played = finished("classic", 2, 1)
    steps = MatchSteps(played.game.state)
    first = steps.replayable[0].deal_number
    deal = steps.deal(first)
    other = steps.fresh()
    assert other._kept == {} and first in steps._kept  # the copy builds its own deals
    again = other.deal(first)
    assert again is not deal
    for step in range(len(deal)):
        assert again.state(step) == deal.state(step)
    other.deal(steps.replayable[-1].deal_number)
    assert list(steps._kept) == [first]  # nothing the copy built reached the original
