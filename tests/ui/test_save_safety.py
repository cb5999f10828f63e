"""Issue 14 at the table: a first save that fails is retried and shown as NOT SAVED; hostile
names are refused in the new-game menu with the same check as the rules core."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest

from rummy_tui.match.setup import SeatKind
from rummy_tui.persistence import SaveStore
from rummy_tui.persistence import store as store_module
from rummy_tui.ui.screens.new_game import check_setup
from rummy_tui.ui.shell.app import make_app
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.ui.helpers import app_for, pass_to, press, screen_text
from tests.ui.test_play_classic import classic_game


async def test_a_failed_first_save_shows_not_saved_and_is_retried(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    full = [True]
    real = store_module.atomic_write

    def write(*args: Any, **kwargs: Any) -> None:
        if full[0]:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(*args, **kwargs)

    monkeypatch.setattr(store_module, "atomic_write", write)
    game = classic_game()
    app = app_for(game, tmp_path=tmp_path, autosave=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        assert "NOT SAVED" in screen_text(app)
        await press(pilot, "d")  # a move while the disk is full: still not saved
        assert "NOT SAVED" in screen_text(app)
        assert not list((tmp_path / "saves").glob("*.json"))
        full[0] = False
        await press(pilot, "x")  # the next autosave creates the save
        assert "NOT SAVED" not in screen_text(app)
        assert app.session is not None and not app.session.saving.unsaved
        name = app.session.saving.name
        assert name is not None
        _, loaded, _ = SaveStore(tmp_path).load(name)
        assert len(loaded.state.log) == len(game.state.log)


def test_the_new_game_menu_refuses_control_characters_in_names() -> None:
    check = check_setup(
        "classic",
        {},
        [("A\x1b[2JB", SeatKind.HUMAN), ("Bob\u200d", SeatKind.HUMAN)],
    )
    assert len(check.names) == 2 and check.name_seats == [0, 1]
    assert all("control or format characters" in problem for problem in check.names)
    assert check_setup("classic", {}, [("Ann", SeatKind.HUMAN), ("李", SeatKind.HUMAN)]).names == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
async def test_rummy_load_of_a_pipe_named_like_a_save_reports_it(tmp_path: Path) -> None:
    (tmp_path / "saves").mkdir()
    os.mkfifo(tmp_path / "saves" / "pipe.json")
    app = make_app(start="load", save_name="pipe", data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        notices = [notification.message for notification in app._notifications]
        assert any("not a regular file" in message for message in notices), notices
        assert app.session is None
