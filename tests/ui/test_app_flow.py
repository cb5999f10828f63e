"""The app's screens in order, as a new player meets them: title, new game, the cut, the hand-off,
the table, leaving and coming back (the menus themselves are tested in test_menus*.py)."""

from __future__ import annotations

from pathlib import Path

from rummy_tui.persistence import SaveStore
from rummy_tui.ui.shell.app import make_app
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.ui.helpers import pass_to, press, screen_text, setup_for_game
from tests.ui.test_play_classic import classic_game


def screen_name(app) -> str:  # type: ignore[no-untyped-def]
    return type(app.screen).__name__


async def test_title_new_game_cut_hand_off_table(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert screen_name(app) == "TitleScreen"
        await press(pilot, "n")
        assert screen_name(app) == "NewGameScreen"
        await press(pilot, "ctrl+s")  # the defaults are a valid match
        assert screen_name(app) == "CutScreen"
        assert "the cut for the first dealer" in screen_text(app)
        await press(pilot, "enter")
        assert screen_name(app) == "HandoffScreen"
        await press(pilot, "enter")
        assert screen_name(app) == "TableScreen"
        assert app.session is not None and app.session.saving.name is not None

        # Leave to the title: the match is saved and offered again.
        await press(pilot, "q")
        assert "Leave the table?" in screen_text(app)
        await press(pilot, "2")
        assert screen_name(app) == "TitleScreen"
        assert app.session is None
        await press(pilot, "c")
        assert screen_name(app) == "HandoffScreen"


async def test_title_rules_and_back_then_quit(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await press(pilot, "r")
        assert screen_name(app) == "RulesScreen"
        await press(pilot, "escape")
        assert screen_name(app) == "TitleScreen"
        await press(pilot, "q")
    assert app.return_code == 0


async def test_title_load_a_saved_match(tmp_path: Path) -> None:
    game = classic_game()
    SaveStore(tmp_path).create(setup_for_game(game), game)
    app = make_app(data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await press(pilot, "l")
        assert screen_name(app) == "LoadScreen"
        await press(pilot, "enter")
        await pass_to(pilot, "Bob")
        assert screen_name(app) == "TableScreen"


async def test_leaving_from_the_hand_off_and_staying(tmp_path: Path) -> None:
    app = make_app(setup=setup_for_game(classic_game()), game=classic_game(), data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await press(pilot, "q")
        assert "Leave the table?" in screen_text(app)
        await press(pilot, "1")  # back to the table: the hand-off comes again
        await pass_to(pilot, "Bob")
        await press(pilot, "q", "3")  # quit the game
    assert app.return_code == 0


async def test_names_are_shown_as_written_never_as_markup() -> None:
    from rummy_tui.core import get_variant, new_game
    from tests.ui.helpers import app_for

    game = new_game(get_variant("classic"), ["[b]Ann[/b]", "Bob [red]"], seed=2, dealer=1)
    app = app_for(game)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert "Pass to [b]Ann[/b]" in screen_text(app)
        await press(pilot, "enter")
        shown = screen_text(app)
        assert "[b]Ann[/b]'s hand" in shown and "Bob [red]" in shown


async def test_leaving_from_the_end_of_a_deal_comes_to_a_title_that_answers(
    tmp_path: Path,
) -> None:
    """Leaving from the end-of-deal screen (q, then "leave to the title") puts that screen
    away and shows the title; the title's keys then work (its choice must not go back to the
    screen that was put away)."""
    from tests.ui.helpers import app_for, settle
    from tests.ui.test_snapshots import classic_deal_to_end

    app = app_for(classic_game(), tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await classic_deal_to_end(pilot)
        await settle(pilot)
        assert screen_name(app) == "DealEndScreen"
        await press(pilot, "q")
        assert screen_name(app) == "ChoiceScreen"
        await press(pilot, "2")
        await settle(pilot)
        assert screen_name(app) == "TitleScreen"
        await press(pilot, "p")
        await settle(pilot)
        assert screen_name(app) == "RecordsScreen"
        await press(pilot, "escape")
        await settle(pilot)
        assert screen_name(app) == "TitleScreen"
