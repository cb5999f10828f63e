"""Issue 13 on the table: the log key, the drawn-card mark after ``rummy continue``, the top
line at 80 columns with twelve players."""

from __future__ import annotations

from rummy_tui.core import DrawStock, get_variant, new_game
from rummy_tui.ui.play.table_text import top_line
from rummy_tui.ui.screens.table import TableScreen
from tests.ui.helpers import app_for, game_of, pass_to, press, table
from tests.ui.test_play_classic import classic_game


async def test_capital_L_opens_the_log_and_lower_l_stays_lay_off() -> None:
    app = app_for(classic_game())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "d")
        await press(pilot, "L")
        assert type(app.screen).__name__ == "LogScreen"
        assert app.screen.seat == 1  # type: ignore[attr-defined]
        await press(pilot, "escape")
        assert isinstance(app.screen, TableScreen)
    keys = {binding.key: binding.action for binding in TableScreen.BINDINGS}  # type: ignore[union-attr]
    assert keys["l"] == "lay_off" and keys["L"] == "show_log"


async def test_drawn_card_is_marked_when_the_match_is_continued_mid_turn() -> None:
    game = classic_game()
    seat = game.current
    before = set(game.state.deal.hands[seat])
    game.apply(DrawStock())
    drawn = set(game.state.deal.hands[seat]) - before
    app = app_for(game)  # a fresh app: nothing of the draw is in the screen's memory
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, game.players[seat])
        state = table(app).hand_state
        assert state is not None and state.fresh == drawn
        assert game_of(app).current == seat


def test_top_line_stays_on_one_line_at_80_columns_with_twelve_players() -> None:
    players = ["Anna", "Bob"] + [f"Computer {n} (easy)" for n in range(3, 13)]
    game = new_game(get_variant("european"), players, seed=7)
    line = top_line(game.view(0), "saved 21:00", 80)
    assert "\n" not in line.plain and line.cell_len <= 80
    assert line.plain.rstrip().endswith("saved 21:00")


def test_a_meld_with_a_joker_is_described_as_the_table_writes_it() -> None:
    from rummy_tui.core import Face, Meld
    from rummy_tui.core.cards import parse_cards
    from rummy_tui.ui.screens.prompt import describe_action
    from rummy_tui.ui.shell.settings import DisplaySettings

    cards = tuple(parse_cards("5H JK 7H"))
    faces = (Face.parse("5H"), Face.parse("6H"), Face.parse("7H"))
    shown = describe_action(Meld(cards=cards, faces=faces), DisplaySettings()).plain
    assert "JK=6♥" in shown and "5♥" in shown
