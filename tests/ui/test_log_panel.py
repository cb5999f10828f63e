"""The table's log panel writes only the new records (P-2, P-4): whatever order of moves,
take-backs, card displays and match changes it is shown, it draws exactly the text the whole
log gives, the newest ``MAX_LINES`` records, with take-back notes in their places."""

from __future__ import annotations

import random

from textual.app import App, ComposeResult
from textual.widgets import Static

from rummy_tui.core import Game, Phase, get_variant, new_game
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.widgets.log import MAX_LINES, LogPanel, log_lines


class PanelApp(App[None]):
    def compose(self) -> ComposeResult:
        yield LogPanel()


def drawn(app: PanelApp) -> str:
    return str(app.query_one("#log-text", Static).render())


def random_moves(game: Game, count: int, rng: random.Random) -> None:
    for _ in range(count):
        if game.phase not in (Phase.DRAW, Phase.PLAY):
            game.apply(game.legal_actions()[0])
        else:
            game.apply(rng.choice(game.legal_actions()))


async def test_P2_the_log_panel_draws_exactly_the_whole_log_as_it_grows() -> None:
    rng = random.Random(3)
    game = new_game(get_variant("classic"), ["Anna", "Bob", "Cid"], seed=4)
    plain, ascii_suits = DisplaySettings(), DisplaySettings(ascii_suits=True)
    app = PanelApp()
    async with app.run_test(size=(60, 20)) as pilot:
        panel = app.query_one(LogPanel)
        steps = [(5, plain), (1, plain), (0, plain), (7, ascii_suits), (0, plain)]
        steps += [(rng.randrange(1, 40), plain) for _ in range(12)]  # past MAX_LINES
        for moves, settings in steps:
            random_moves(game, moves, rng)
            records = list(game.state.log)
            panel.show(records, settings)
            await pilot.pause(0)
            assert drawn(app) == str(log_lines(records, settings)), (moves, len(records))
        assert len(game.state.log) > MAX_LINES
        assert len(drawn(app).splitlines()) == MAX_LINES
        # A take-back note (P-4), then another match with a shorter log.
        while not game.state.take_back_notes:
            if game.can_take_back():
                game.take_back()
            else:
                random_moves(game, 1, rng)
        notes = list(game.state.take_back_notes)
        assert notes
        panel.show(list(game.state.log), plain, notes)
        await pilot.pause(0)
        assert drawn(app) == str(log_lines(game.state.log, plain, notes))
        other = new_game(get_variant("european"), ["Anna", "Bob"], seed=9)
        random_moves(other, 3, rng)
        panel.show(list(other.state.log), plain)
        await pilot.pause(0)
        assert drawn(app) == str(log_lines(other.state.log, plain))
