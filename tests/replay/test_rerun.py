"""Play this deal again (issue 32): a new match dealt from a finished deal's seats, dealer,
options and card order, whose records are kept apart from ordinary matches."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from rummy_tui.match.rematch import play_again
from rummy_tui.match.rerun import deal_again
from rummy_tui.records import Records
from rummy_tui.records.db import SCHEMA_VERSION, connect, records_path
from rummy_tui.replay import MatchSteps
from tests.replay.saved import played, setup_of
from tests.test_records import finished

VARIANTS = ("classic", "boathouse", "double", "rummy500", "european")


@pytest.mark.parametrize("variant", VARIANTS)
def test_G11_a_deal_played_again_is_dealt_exactly_as_it_was(variant: str) -> None:
    setup = setup_of(variant, 4)
    game = played(setup, seed=7)
    steps = MatchSteps(game.state)
    for span in steps.replayable:
        deal = steps.deal(span.deal_number)
        start = deal.state(0)
        again, rerun = deal_again(setup, start, "Friday", seed=3)
        dealt = rerun.state.deal
        assert dealt.hands == start.deal.hands
        assert dealt.stock == start.deal.stock
        assert dealt.discard == start.deal.discard
        assert (dealt.dealer, dealt.current) == (start.deal.dealer, start.deal.current)
        assert again.seats == setup.seats and again.rules == setup.rules
        assert again.rerun_of == "Friday"
        assert rerun.state.scores == [0] * len(setup.seats)  # a new match from nothing


def test_play_again_after_a_rerun_is_an_ordinary_match() -> None:
    setup, game = finished(0, seed=1)
    again, _rerun = deal_again(setup, MatchSteps(game.state).deal(1).state(0), "Friday")
    rematch, _next = play_again(again, game)
    assert again.rerun_of == "Friday" and rematch.rerun_of is None


def test_a_rerun_is_recorded_apart_and_never_changes_a_players_record(tmp_path: Path) -> None:
    records = Records(tmp_path)
    setup, game = finished(0, seed=1)
    assert records.record_match(setup, game, datetime(2026, 12, 1, tzinfo=UTC))
    before = records.player("Anna")
    bob_before = records.player("Bob")
    rerun_setup = setup.model_copy(update={"rerun_of": "Friday"})
    _setup, rerun = finished(1, seed=2)  # Bob wins the deal played again
    assert records.record_match(rerun_setup, rerun, datetime(2026, 12, 2, tzinfo=UTC))
    assert records.player("Anna") == before
    assert records.player("Bob") == bob_before  # no win, no streak, no deal counted
    assert records.players() == [before, bob_before]
    assert len(records.recent_matches()) == 1
    kept = records.recent_matches(reruns=True)
    assert [match.winners for match in kept] == [("Bob",)]


def test_a_version_1_records_file_is_migrated_and_its_matches_stay_ordinary(
    tmp_path: Path,
) -> None:
    path = records_path(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(path) as raw:  # the file as version 1 left it
        raw.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        raw.execute("INSERT INTO schema_version VALUES (1)")
        from rummy_tui.records.db import _VERSION_1

        for statement in _VERSION_1:
            raw.execute(statement)
    records = Records(tmp_path)
    setup, game = finished(0, seed=1)
    connection = sqlite3.connect(path)
    assert connection.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] == 1
    connection.close()
    assert records.record_match(setup, game)
    connection = connect(path)
    assert connection.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] == (
        SCHEMA_VERSION
    )
    assert connection.execute("SELECT rerun_of FROM matches").fetchall() == [(None,)]
    connection.close()
    anna = records.player("Anna")
    assert anna is not None and anna.matches_won == 1
