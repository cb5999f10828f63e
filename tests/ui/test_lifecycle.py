"""How the app ends and starts again: what a crash message promises, and a match that ended
while the records could not be written."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from rummy_tui.ui.shell.app import make_app
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.ui.helpers import (
    app_for,
    pass_to,
    screen_text,
    stacked_game,
    table,
)
from tests.ui.test_play_classic import classic_game

SAVED = "The match was saved after the last move"


def _crash_text(capsys: Any) -> str:
    shown = " ".join(" ".join(capsys.readouterr()).split())  # the console wraps long lines
    assert "something went wrong: the table fell over" in shown
    assert "Traceback" not in shown
    return shown


def _broken(*_args: object, **_kwargs: object) -> None:
    raise RuntimeError("the table fell over")


async def test_a_crash_with_no_match_open_promises_no_save(tmp_path: Path, capsys: Any) -> None:
    app = make_app(data_dir=tmp_path, start="title", settings=DisplaySettings())
    with pytest.raises(RuntimeError):
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            app.show_rules = _broken  # type: ignore[method-assign]
            await pilot.press("r")
            await pilot.pause()
    assert SAVED not in _crash_text(capsys)


async def test_a_crash_in_a_match_that_is_not_saved_promises_no_save(
    tmp_path: Path, capsys: Any
) -> None:
    app = app_for(classic_game(), tmp_path=tmp_path, autosave=False)
    with pytest.raises(RuntimeError):
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            await pass_to(pilot, "Bob")
            table(app).action_draw = _broken  # type: ignore[method-assign]
            await pilot.press("d")
            await pilot.pause()
    assert SAVED not in _crash_text(capsys)


async def test_a_crash_in_a_saved_match_says_it_was_saved(tmp_path: Path, capsys: Any) -> None:
    app = app_for(classic_game(), tmp_path=tmp_path, autosave=True)
    with pytest.raises(RuntimeError):
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            await pass_to(pilot, "Bob")
            table(app).action_draw = _broken  # type: ignore[method-assign]
            await pilot.press("d")
            await pilot.pause()
    assert SAVED in _crash_text(capsys)


def _saves_at_the_calendar_edge(tmp_path: Path) -> None:
    """Three unfinished saves: one from an hour ago, two whose dates cannot be believed."""
    from rummy_tui.persistence import SaveStore
    from tests.persistence.helpers import match_at, reseal

    store = SaveStore(tmp_path)
    dates = {
        "Edge one": "0001-01-01T00:00:00+14:00",
        "Edge nine": "9999-12-31T23:59:59+14:00",
        "Tonight": (datetime.now(UTC) - timedelta(hours=1)).isoformat(),
    }
    for seed, (name, saved_at) in enumerate(dates.items(), start=3):
        setup, game = match_at("classic", "play", players=2, seed=seed)
        store.create(setup, game, name)
        reseal(store.path_of(name), lambda data, when=saved_at: data.update(saved_at=when))


async def test_saves_at_the_calendar_edge_say_unknown_date_on_the_load_screen(
    tmp_path: Path,
) -> None:
    _saves_at_the_calendar_edge(tmp_path)
    app = make_app(data_dir=tmp_path, start="title", settings=DisplaySettings())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert type(app.screen).__name__ == "LoadScreen"
        shown = screen_text(app)
        assert shown.count("last played unknown date") == 2
        assert shown.index("Tonight") < shown.index("Edge nine") < shown.index("Edge one")


async def test_title_continue_is_not_won_by_a_date_in_year_9999(tmp_path: Path) -> None:
    _saves_at_the_calendar_edge(tmp_path)
    app = make_app(data_dir=tmp_path, start="title", settings=DisplaySettings())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert app.session is not None
        assert app.session.saving.name == "Tonight"


def _recorded_matches(folder: Path) -> int:
    connection = sqlite3.connect(folder / "stats.sqlite3")
    try:
        return int(connection.execute("SELECT COUNT(*) FROM matches").fetchone()[0])
    finally:
        connection.close()


async def _start_and_settle(folder: Path, *keys: str) -> str:
    """Start the game on the title screen, let its start-up work finish, press ``keys``;
    returns the screen's text."""
    app = make_app(data_dir=folder, start="title", settings=DisplaySettings())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        return screen_text(app)


async def test_a_match_that_ends_while_the_records_are_locked_is_recorded_once_later(
    tmp_path: Path,
) -> None:
    from rummy_tui.records import Records
    from tests.ui.test_match_end import ANNA, BOB, finish_the_match, notices_of

    Records(tmp_path).players()  # the records file exists, with its tables
    holder = sqlite3.connect(tmp_path / "stats.sqlite3", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program holds the records
    # Bob goes out on his first turn, and that ends a match to 1 point (its save replays).
    game = stacked_game("classic", {0: ANNA, 1: BOB}, upcard="5C", stock="QD 6S 6D", target_score=1)
    app = app_for(game, tmp_path=tmp_path, autosave=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await finish_the_match(pilot)
        assert any("Records are off" in message for message in notices_of(app))
    holder.execute("ROLLBACK")
    holder.close()
    assert _recorded_matches(tmp_path) == 0

    await _start_and_settle(tmp_path)  # the game starts again: the match is recorded
    assert _recorded_matches(tmp_path) == 1
    shown = await _start_and_settle(tmp_path, "p")  # and again, with the Records screen
    assert _recorded_matches(tmp_path) == 1
    assert "Bob" in shown and "Records are off" not in shown
