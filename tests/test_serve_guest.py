"""A served window without the host's token is a guest (issue 30, item 2): the join prompt and
nothing else. No title screen, new game, saved matches, records or settings: Esc keeps the
prompt, and every way to the menus leads back to it. The window started with ``--guest``
(the only way ``rummy serve`` starts a tab without the host's token) is such a guest."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from rummy_tui.cli.main import parse_arguments
from rummy_tui.cli.served_window import served_window
from rummy_tui.core import get_variant, new_game
from rummy_tui.persistence import SaveStore
from rummy_tui.ui.own.join_screen import JoinScreen
from rummy_tui.ui.shell.app import RummyApp
from tests.ui.helpers import press, settle, setup_for_game


def saved_match(data: Path) -> None:
    game = new_game(get_variant("classic"), ["Anna", "Bob"], seed=5, dealer=0)
    store = SaveStore(data)
    store.release(store.create(setup_for_game(game), game))


async def test_a_guest_window_is_the_join_prompt_and_esc_keeps_it(tmp_path: Path) -> None:
    saved_match(tmp_path)
    app = RummyApp(start="title", data_dir=tmp_path, guest=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, JoinScreen)
        for _ in range(3):
            await press(pilot, "escape")
            await settle(pilot)
            assert isinstance(app.screen, JoinScreen)
        assert [type(screen).__name__ for screen in app.screen_stack[1:]] == ["JoinScreen"]


async def test_every_way_to_the_menus_leads_a_guest_back_to_the_prompt(tmp_path: Path) -> None:
    saved_match(tmp_path)
    app = RummyApp(start="title", data_dir=tmp_path, guest=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = new_game(get_variant("classic"), ["Anna", "Bob"], seed=5, dealer=0)
        for way in (
            app.show_title,
            app.show_new_game,
            app.show_load,
            app.show_records,
            lambda: app.begin_match(setup_for_game(game), game),
        ):
            way()
            await settle(pilot)
            assert isinstance(app.screen, JoinScreen), way
            assert app.session is None
        names = {type(screen).__name__ for screen in app.screen_stack}
        assert not names & {"TitleScreen", "LoadScreen", "RecordsScreen", "NewGameScreen"}


async def test_the_hosts_window_is_the_whole_game(tmp_path: Path) -> None:
    app = RummyApp(start="title", data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert type(app.screen).__name__ == "TitleScreen"


def test_guest_is_read_from_the_windows_command_line() -> None:
    assert served_window(parse_arguments(["--guest"])).guest
    assert served_window(parse_arguments(["--lang", "en", "--guest"])).guest
    assert not served_window(parse_arguments([])).guest


async def test_a_guests_settings_change_its_own_screen_and_are_never_written(
    tmp_path: Path,
) -> None:
    """A guest's window (someone else's browser tab) may change how its own screen draws
    (theme, cards, language from the help or Ctrl+P), but never writes the host's settings
    file; the host's own window does."""
    from rummy_tui.ui.shell.settings import DisplaySettings

    guest = RummyApp(start="title", data_dir=tmp_path, guest=True)
    async with guest.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        path = guest.data.config.path
        changed = dataclasses.replace(guest.data.settings, four_colour=True)
        assert guest.data.keep_settings(changed) is None
        assert guest.data.settings.four_colour is True
        assert not path.exists()
    host = RummyApp(start="title", data_dir=tmp_path)
    async with host.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert host.data.keep_settings(DisplaySettings(four_colour=True)) is None
        assert host.data.config.path.exists()


async def test_a_guest_changes_its_own_display_and_language_but_not_the_hosts(
    tmp_path: Path,
) -> None:
    from rummy_tui.ui.play.table_menus import next_language, toggle_setting

    app = RummyApp(start="title", data_dir=tmp_path, guest=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        toggle_setting(app, "four_colour")
        next_language(app)
        await settle(pilot)
        assert app.settings.four_colour and app.settings.language == "fi"
        assert not app.data.config.path.exists()
