"""At the "instant" pace a run of computer moves is drawn at most every
``STREAK_DRAW_EVERY`` seconds, and the table is always up to date when a person plays.

The flow's clock is replaced so the tests do not depend on how fast the machine is.
"""

from __future__ import annotations

from typing import Any

from rummy_tui.core import Phase, get_variant, new_game
from rummy_tui.i18n.log_lines import entry_sentence
from rummy_tui.ui.play.table_text import Mode
from rummy_tui.ui.shell.app import RummyApp
from tests.ui.helpers import app_for, game_of, press, settle, table


def _counting_draws(app: RummyApp) -> list[Mode]:
    """Every redraw of the table, by the mode it was drawn in."""
    screen = table(app)
    drawn: list[Mode] = []
    original = screen.redraw

    def redraw() -> None:
        drawn.append(screen.mode)
        original()

    screen.redraw = redraw  # type: ignore[method-assign]
    return drawn


async def _computers_streak(clock: Any) -> tuple[list[Mode], int, RummyApp, Any]:
    names = ["Anna", "Computer 2", "Computer 3", "Computer 4"]
    game = new_game(get_variant("classic"), names, seed=5, dealer=3)
    app = app_for(game, bots={1: "easy", 2: "easy", 3: "easy"}, bot_delay=0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        if type(app.screen).__name__ == "HandoffScreen":
            await press(pilot, "enter")
        assert game_of(app).current == 0
        assert table(app).mode is Mode.PLAY
        assert app.session is not None
        app.session.computers.clock = clock
        drawn = _counting_draws(app)
        before = len(game_of(app).state.log)
        await press(pilot, "d")
        await press(pilot, "x")
        for _ in range(50):
            await settle(pilot)
            if game_of(app).current == 0 or game_of(app).phase not in (Phase.DRAW, Phase.PLAY):
                break
        played = game_of(app)
        assert played.phase is Phase.DRAW and played.current == 0, "the computers went out"
        computer_moves = [r for r in played.state.log[before:] if r.seat in (1, 2, 3)]
        # the person's hand is on display again with the whole log of the computers' moves
        screen = table(app)
        assert screen.mode is Mode.PLAY
        assert [entry_sentence(r) for r in screen.view.log] == [
            entry_sentence(r) for r in played.state.log
        ]
        return drawn, len(computer_moves), app, screen


async def test_a_computers_streak_at_instant_pace_is_drawn_once_when_no_time_passes() -> None:
    drawn, computer_moves, _app, _screen = await _computers_streak(lambda: 100.0)
    assert computer_moves >= 6  # three computers drew and discarded
    watched = [mode for mode in drawn if mode is Mode.WATCH]
    assert len(watched) == 1, drawn
    assert drawn[-1] is Mode.PLAY


async def test_every_computer_move_is_drawn_when_the_pace_leaves_time_to_read() -> None:
    ticks = iter(range(0, 10_000))
    drawn, computer_moves, _app, _screen = await _computers_streak(lambda: float(next(ticks)))
    watched = [mode for mode in drawn if mode is Mode.WATCH]
    assert len(watched) == computer_moves, drawn
