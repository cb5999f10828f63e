"""The end-of-deal screen says how many hints each player asked for, and saves keep the count."""

from __future__ import annotations

from pathlib import Path

from rummy_tui.core import Phase
from rummy_tui.persistence import SaveStore
from rummy_tui.ui.shell.app import make_app
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.ui.helpers import (
    app_for,
    cursor_to,
    game_of,
    pass_to,
    press,
    screen_text,
    select,
    setup_for_game,
    stacked_game,
)

ANNA = "JH AS 3S 5S 7S 9D 6C 8C QC 4H"
BOB = "7H 8H 9H 10H KS KD KC 2C 3C JS"  # with the 4 of clubs: out in one turn


def quick_game():
    return stacked_game("classic", {0: ANNA, 1: BOB}, upcard="4C", stock="QD 6S 6D")


async def test_hints_used_show_at_the_end_of_the_deal_and_are_saved(tmp_path: Path) -> None:
    app = app_for(quick_game(), tmp_path=tmp_path, autosave=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        for _ in range(2):
            await press(pilot, "h")
            assert "Suggested move" in screen_text(app)
            await press(pilot, "escape")
        await press(pilot, "t")
        for meld in (("7H", "8H", "9H", "10H"), ("KS", "KD", "KC"), ("2C", "3C", "4C")):
            await select(pilot, *meld)
            await press(pilot, "m")
        await cursor_to(pilot, "JS")
        await press(pilot, "x")
        assert game_of(app).phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)  # a rummy may end it
        assert type(app.screen).__name__ == "DealEndScreen"
        assert "Hints used this deal: Bob 2." in screen_text(app)
        assert app.session is not None
        name = app.session.saving.name
    assert name is not None
    _setup, _game, extra = SaveStore(tmp_path).load(name)
    assert extra["hints_used"] == {"1": [0, 2]}


async def test_a_resumed_match_keeps_its_hint_count(tmp_path: Path) -> None:
    game = quick_game()
    store = SaveStore(tmp_path)
    name = store.create(setup_for_game(game), game)
    store.save(name, setup_for_game(game), game, extra={"hints_used": {"1": [3, 1], "x": "?"}})
    app = make_app(start="load", save_name=name, data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.session is not None
        assert app.session.controller.hints_in_deal(1) == [3, 1]  # the damaged entry is skipped
        assert app.session.controller.hints_in_deal(2) == [0, 0]


async def test_no_count_when_hints_are_off() -> None:
    app = app_for(quick_game(), hints=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "h")  # the key is not offered at all
        assert "Suggested move" not in screen_text(app)
        assert type(app.screen).__name__ == "TableScreen"
        assert app.session is not None
        assert app.session.controller.hints_in_deal(1) is None
        assert app.session.controller.hints_used == {}
