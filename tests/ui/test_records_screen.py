"""The Records screen from the title: every player's record per variant, sortable, the last
matches of a variant, each player's recent results as a sparkline, and records that are off."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from textual.widgets import DataTable, Sparkline, TabbedContent

from rummy_tui.records import Records, records_path
from rummy_tui.ui.shell.app import make_app
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.ui.helpers import press, screen_text, settle, setup_for_game
from tests.ui.sheet_games import played_game

START = datetime(2026, 11, 1, 20, 0, tzinfo=UTC)

MATCHES: tuple[tuple[str, int, int, dict[str, int]], ...] = (
    # (variant, players, first dealer, options): the player left of the dealer wins at once
    ("classic", 3, 0, {"target_score": 1}),  # Bob
    ("classic", 3, 0, {"target_score": 1}),  # Bob
    ("classic", 3, 1, {"target_score": 1}),  # Cid
    ("classic", 3, 2, {"target_score": 1}),  # Anna
    ("rummy500", 2, 1, {"target_score": 1}),  # Anna
    ("european", 3, 0, {"deal_limit": 1}),  # Bob
)


def fill(data_dir: Path) -> Records:
    """A records database with the matches above, one hour apart."""
    records = Records(data_dir)
    for number, (variant, players, dealer, options) in enumerate(MATCHES):
        game = played_game(variant, players, 1, dealer=dealer, **options)
        assert game.is_over
        assert records.record_match(setup_for_game(game), game, START + timedelta(hours=number))
    return records


def players_table(app) -> DataTable:  # type: ignore[no-untyped-def, type-arg]
    return app.screen.query_one("#records-players", DataTable)


def column_values(table: DataTable, key: str) -> list[str]:  # type: ignore[type-arg]
    return [table.get_cell(row, key).plain for row in table.rows]


async def open_records(pilot) -> None:  # type: ignore[no-untyped-def]
    await settle(pilot)
    await press(pilot, "p")
    assert type(pilot.app.screen).__name__ == "RecordsScreen"


async def test_records_screen_shows_each_player_per_variant(tmp_path: Path) -> None:
    records = fill(tmp_path)
    app = make_app(data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(80, 24)) as pilot:
        await open_records(pilot)
        table = players_table(app)
        # Anna, Bob, Cid in Classic; Anna and Bob in Rummy 500; the three in European
        assert table.row_count == 3 + 2 + 3
        bob = records.player("Bob")
        assert bob is not None
        classic = next(v for v in bob.variants if v.variant_id == "classic")
        row = [cell.plain for cell in table.get_row("Bob\x1fclassic")]
        assert row[:5] == ["Bob", classic.variant, "4", "2", str(classic.deals_won)]
        assert row[5] == str(classic.best_deal)
        assert row[6] == f"{classic.average_per_deal:.1f}"
        assert row[7] == str(classic.longest_streak) == "2"
        await press(pilot, "escape")
        assert type(app.screen).__name__ == "TitleScreen"


async def test_records_screen_sorts_by_any_column(tmp_path: Path) -> None:
    fill(tmp_path)
    app = make_app(data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(80, 24)) as pilot:
        await open_records(pilot)
        table = players_table(app)
        names = column_values(table, "name")
        assert names == sorted(names, key=str.casefold)
        await press(pilot, "s", "s", "s")  # Variant, Played, Won: highest first
        won = [int(value) for value in column_values(table, "won")]
        assert won == sorted(won, reverse=True) and won[0] == 2
        assert "sorted by won" in screen_text(app)
        await press(pilot, "r")
        won = [int(value) for value in column_values(table, "won")]
        assert won == sorted(won)
        # a click on a heading sorts by that column
        await pilot.click("#records-players", offset=(2, 0))
        await pilot.pause()
        assert "sorted by player" in screen_text(app)


async def test_records_screen_sparkline_of_the_last_results(tmp_path: Path) -> None:
    records = fill(tmp_path)
    app = make_app(data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(80, 24)) as pilot:
        await open_records(pilot)
        table = players_table(app)
        await press(pilot, *["down"] * [key.value for key in table.rows].index("Bob\x1fclassic"))
        spark = app.screen.query_one(Sparkline)
        scores = [result.final_score for result in records.recent_results("Bob")]
        assert len(scores) == 6
        assert spark.data is not None
        assert sorted(set(spark.data)) == sorted(set(scores))
        assert spark.data[0] == scores[0] and spark.data[-1] == scores[-1]
        assert "Bob: last 6 (won 3)" in screen_text(app)


async def test_records_screen_last_matches_of_a_variant(tmp_path: Path) -> None:
    fill(tmp_path)
    app = make_app(data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(100, 30)) as pilot:
        await open_records(pilot)
        await press(pilot, "v")
        assert app.screen.query_one(TabbedContent).active == "tab-matches"
        matches = app.screen.query_one("#records-matches", DataTable)
        assert matches.row_count == 4  # the classic matches, newest first
        winners = [matches.get_cell_at((row, 2)).plain for row in range(4)]
        assert winners == ["Anna", "Cid", "Bob", "Bob"]


async def test_records_screen_says_when_records_are_off(tmp_path: Path) -> None:
    path = records_path(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"this is not a database")
    app = make_app(data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(80, 24)) as pilot:
        await open_records(pilot)
        text = screen_text(app)
        assert "Records are off" in text
        assert players_table(app).row_count == 0
    assert path.read_bytes() == b"this is not a database"


async def test_records_screen_with_no_match_yet(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(80, 24)) as pilot:
        await open_records(pilot)
        assert "No match has been recorded yet" in screen_text(app)
