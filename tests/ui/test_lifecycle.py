"""How the app ends and starts again: what a crash message promises, and a match that ended
while the records could not be written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rummy_tui.ui.app import make_app
from rummy_tui.ui.settings import DisplaySettings
from tests.ui.helpers import app_for, pass_to, table
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
