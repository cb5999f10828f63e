"""How the app ends and starts again: what a crash message promises, and a match that ended
while the records could not be written."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from rummy_tui.ui.app import make_app
from rummy_tui.ui.settings import DisplaySettings
from tests.ui.helpers import app_for, pass_to, screen_text, table
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
        assert app.controller is not None
        assert app.controller.saving.name == "Tonight"
