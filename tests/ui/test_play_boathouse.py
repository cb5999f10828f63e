"""A whole Boathouse Rum deal by keys: the two-card draw and the whole-hand go-out."""

from __future__ import annotations

from rummy_tui.core import DrawTwo, GoOut, Phase
from rummy_tui.i18n.deal_words import score_line_words
from tests.ui.helpers import (
    app_for,
    game_of,
    pass_to,
    press,
    screen_text,
    select,
    stacked_game,
    status_text,
)

BOB = "7H 8H 9H KS KD KC 2C 3C 4C 9D"


async def test_B1_B3_two_card_draw_and_going_out() -> None:
    game = stacked_game("boathouse", {1: BOB}, upcard="10H", stock="KH 5S 6S")
    app = app_for(game)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")

        before = game.to_json()
        await press(pilot, "g")  # going out before drawing is refused (B-3)
        assert "Draw before you lay your hand down" in status_text(app)
        await press(pilot, "m")  # no melding during play: the key is not even offered (B-2)
        assert game.to_json() == before

        await press(pilot, "2")  # the two-card draw: a question with the legal pairs
        assert type(app.screen).__name__ == "ChoiceScreen"
        assert "Which two cards?" in screen_text(app)
        await press(pilot, "1")  # the 10♥ from the pile, then the top stock card
        record = game.state.log[-1]
        assert record.action == DrawTwo(first="discard", second="stock")
        assert len(game.state.deal.hands[1]) == 12
        assert game.phase is Phase.PLAY

        await select(pilot, "10H")
        before = game.to_json()
        await press(pilot, "x")  # the card taken from the pile cannot go back (G-8)
        assert "may not be discarded" in status_text(app)
        assert game.to_json() == before
        await press(pilot, "escape")

        await select(pilot, "9D")
        await press(pilot, "g")  # lay everything down, discarding the 9♦
        assert isinstance(game.state.log[-1].action, GoOut)
        assert game.phase is Phase.DEAL_OVER
        shown = screen_text(app)
        assert "unmatched" in shown
        result = game.state.results[-1]
        assert result.winner == 1
        loser_line = next(line for line in result.lines if line.seat == 0)
        said = score_line_words(game.rules, result, loser_line)
        assert said.split(" for ")[0] in shown


async def test_B1_take_key_draws_the_discard_with_a_stock_card() -> None:
    game = stacked_game("boathouse", {1: BOB}, upcard="10H", stock="KH 5S 6S")
    app = app_for(game)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "t")
        assert game_of(app).state.log[-1].action == DrawTwo(first="discard", second="stock")
        assert len(game.state.deal.hands[1]) == 12
