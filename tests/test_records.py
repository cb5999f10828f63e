"""Each player's record in stats.sqlite3: recording, questions, migrations, records off."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from rummy_tui.core import Game, get_variant, new_game
from rummy_tui.match.setup import MatchSetup, Seat, SeatKind
from rummy_tui.persistence import SaveStore
from rummy_tui.records import Records
from rummy_tui.records.db import SCHEMA_VERSION, connect, migrate, records_path, schema_version
from tests.core.helpers import go_out_now, quick_deck
from tests.persistence.helpers import FINISHING_OPTIONS

START = datetime(2026, 11, 1, 20, 0, tzinfo=UTC)


def finished(
    winner: int,
    seed: int,
    variant: str = "classic",
    names: tuple[str, ...] = ("Anna", "Bob"),
    kinds: tuple[SeatKind, ...] | None = None,
    **options: object,
) -> tuple[MatchSetup, Game]:
    """A match of one deal that seat ``winner`` wins by going out at once."""
    rules = get_variant(variant, **{**FINISHING_OPTIONS[variant], **options})
    kinds = kinds or tuple(SeatKind.HUMAN for _ in names)
    seats = tuple(Seat(name=name, kind=kind) for name, kind in zip(names, kinds, strict=True))
    setup = MatchSetup(rules=rules, seats=seats, seed=seed)
    dealer = (winner - 1) % len(names)
    game = new_game(
        rules, setup.names, seed=seed, deck=quick_deck(rules, len(names), dealer), dealer=dealer
    )
    go_out_now(game)
    assert game.is_over and game.state.winners == [winner]
    return setup, game


@pytest.fixture
def records(tmp_path: Path) -> Records:
    return Records(tmp_path)


def test_a_finished_match_is_recorded_once(records: Records, tmp_path: Path) -> None:
    setup, game = finished(1, seed=1)
    assert records.record_match(setup, game, START)
    assert not records.record_match(setup, game, START + timedelta(hours=1))
    assert records_path(tmp_path) == tmp_path / "stats.sqlite3" and records.path.exists()
    bob = records.player("  BOB ")
    assert bob is not None and bob.name == "Bob"
    assert (bob.matches_played, bob.matches_won, bob.longest_streak) == (1, 1, 1)
    (classic,) = bob.variants
    assert classic.variant_id == "classic" and classic.deals_played == 1
    assert classic.deals_won == 1
    points = game.state.scores[1]
    assert classic.best_deal == points and classic.average_per_deal == points
    anna = records.player("anna")
    assert anna is not None and anna.matches_won == 0 and anna.variants[0].deals_won == 0
    assert anna.variants[0].best_deal == 0
    (match,) = records.recent_matches("classic")
    assert match.winners == ("Bob",) and match.deals == 1 and match.finished_at == START
    assert match.options["target_score"] == 1 and match.options["take_backs"] is True
    assert records.on and records.take_notice() is None


def test_an_unfinished_match_is_not_recorded(records: Records) -> None:
    setup = MatchSetup(rules=get_variant("classic"), seats=(Seat(name="A"), Seat(name="B")))
    assert not records.record_match(setup, setup.start())
    assert records.player("A") is None and records.recent_matches() == []


def test_streaks_deals_and_averages_over_several_matches(records: Records) -> None:
    # Anna wins, wins, loses, wins, wins, wins (seat 0 is Anna)
    winners = [0, 0, 1, 0, 0, 0]
    games = []
    for number, winner in enumerate(winners):
        setup, game = finished(winner, seed=100 + number)
        games.append(game)
        assert records.record_match(setup, game, START + timedelta(days=number))
    anna = records.player("Anna")
    assert anna is not None
    assert (anna.matches_played, anna.matches_won, anna.longest_streak) == (6, 5, 3)
    bob = records.player("Bob")
    assert bob is not None and bob.longest_streak == 1
    anna_deals = [game.state.results[0].changes[0] for game in games]
    (classic,) = anna.variants
    assert classic.deals_won == 5 and classic.best_deal == max(anna_deals)
    assert classic.average_per_deal == pytest.approx(sum(anna_deals) / 6)
    results = records.recent_results("anna")
    assert [result.won for result in results] == [True, True, False, True, True, True]
    assert results[0].finished_at < results[-1].finished_at


def test_per_variant_counts_and_seat_kinds(records: Records) -> None:
    kinds = (SeatKind.HUMAN, SeatKind.HARD, SeatKind.EASY)
    names = ("Anna", "Hal", "Eve")
    setup, game = finished(0, 7, "european", names, kinds)
    records.record_match(setup, game, START)
    setup, game = finished(2, 8, "rummy500", names, kinds)
    records.record_match(setup, game, START + timedelta(1))
    anna = records.player("Anna")
    assert anna is not None
    assert [(v.variant_id, v.matches_played, v.matches_won) for v in anna.variants] == [
        ("european", 1, 1),
        ("rummy500", 1, 0),
    ]
    assert anna.variants[0].unit == "chips" and anna.variants[1].unit == "points"
    (match,) = records.recent_matches("rummy500")
    assert [seat.kind for seat in match.seats] == ["human", "hard", "easy"]
    assert [record.name for record in records.players()] == ["Anna", "Eve", "Hal"]
    assert len(records.recent_matches()) == 2


def test_partners_share_the_deals_they_win(records: Records) -> None:
    names = ("Anna", "Bob", "Cleo", "Dan")
    rules = get_variant("rummy500", partnerships=True)
    setup = MatchSetup(rules=rules, seats=tuple(Seat(name=name) for name in names), seed=3)
    game = new_game(rules, list(names), seed=3, deck=quick_deck(rules, 4, 0), dealer=0)
    go_out_now(game)  # Bob goes out; the match goes on
    game.state.winners = [1, 3]  # end it here, as the target would
    from rummy_tui.core.state import Phase

    game.state.deal.phase = Phase.MATCH_OVER
    assert records.record_match(setup, game, START)
    dan = records.player("dan")
    assert dan is not None and dan.variants[0].deals_won == 1 and dan.matches_won == 1
    cleo = records.player("cleo")
    assert cleo is not None and cleo.variants[0].deals_won == 0


def test_the_last_twenty_matches_of_a_variant_newest_first(records: Records) -> None:
    for number in range(23):
        setup, game = finished(number % 2, seed=number)
        records.record_match(setup, game, START + timedelta(hours=number))
    setup, game = finished(0, 500, "double")
    records.record_match(setup, game, START + timedelta(days=5))
    recent = records.recent_matches("classic")
    assert len(recent) == 20
    assert recent[0].finished_at == START + timedelta(hours=22)
    assert recent[-1].finished_at == START + timedelta(hours=3)
    assert len(records.recent_results("Anna")) == 20
    assert records.recent_matches("double")[0].variant_id == "double"


def test_deleting_the_save_keeps_the_record(records: Records, tmp_path: Path) -> None:
    setup, game = finished(0, seed=9)
    store = SaveStore(tmp_path)
    name = store.create(setup, game)
    records.record_match(setup, game)
    store.delete(name)
    anna = records.player("Anna")
    assert anna is not None and anna.matches_won == 1


def test_a_damaged_file_turns_records_off_once_and_is_left_alone(tmp_path: Path) -> None:
    path = records_path(tmp_path)
    path.write_bytes(b"this is not a database, it is a shopping list" * 100)
    before = path.read_bytes()
    records = Records(tmp_path)
    setup, game = finished(0, seed=1)
    assert not records.record_match(setup, game)
    assert not records.on
    notice = records.take_notice()
    assert notice is not None and notice.startswith("Records are off until rummy_tui is restarted")
    assert "play and saving go on" in notice
    assert records.take_notice() is None
    assert records.player("Anna") is None and records.players() == []
    assert records.recent_matches() == [] and records.recent_results("Anna") == []
    assert path.read_bytes() == before


def test_a_locked_file_turns_records_off(tmp_path: Path) -> None:
    records = Records(tmp_path, timeout=0.05)
    setup, game = finished(0, seed=1)
    assert records.record_match(setup, game)
    holder = sqlite3.connect(records.path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        setup, game = finished(1, seed=2)
        assert not records.record_match(setup, game)
        assert records.take_notice() is not None
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert records.player("Anna") is None  # off for the rest of the session
    again = Records(tmp_path)  # a restart finds the records again
    anna = again.player("Anna")
    assert anna is not None and anna.matches_played == 1


def test_a_newer_schema_is_refused_untouched(tmp_path: Path) -> None:
    path = records_path(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        raw.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION + 1,))
    records = Records(tmp_path)
    setup, game = finished(0, seed=1)
    assert not records.record_match(setup, game)
    notice = records.take_notice()
    assert notice is not None and "newer" in notice
    with sqlite3.connect(path) as raw:
        tables = {row[0] for row in raw.execute("SELECT name FROM sqlite_master")}
    assert tables == {"schema_version"}


def test_migrations_run_once_from_an_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    connection = connect(path)
    assert schema_version(connection) == SCHEMA_VERSION
    connection.execute(
        "INSERT INTO matches (match_key, finished_at, variant_id, variant, unit, options, deals)"
        " VALUES ('k', '2026-01-01T00:00:00+00:00', 'classic', 'Classic', 'points', '{}', 1)"
    )
    assert migrate(connection) == SCHEMA_VERSION  # nothing to do: the row stays
    assert connection.execute("SELECT COUNT(*) FROM matches").fetchone()[0] == 1
    assert connection.execute("SELECT COUNT(*) FROM schema_version").fetchone()[0] == 1
    connection.close()


def test_a_match_recorded_at_the_table_is_not_counted_again_from_its_save(
    records: Records, tmp_path: Path
) -> None:
    setup, game = finished(1, seed=31)
    store = SaveStore(tmp_path)
    name = store.create(setup, game)
    assert records.record_match(setup, game)
    loaded_setup, loaded, _ = store.load(name)
    assert not records.record_match(loaded_setup, loaded)
    bob = records.player("Bob")
    assert bob is not None and bob.matches_played == 1
