"""A whole European Rummy deal by keys: going out with 15 cards in runs and the chip payment."""

from __future__ import annotations

from rummy_tui.core import GoOut, Phase
from tests.ui.helpers import (
    app_for,
    pass_to,
    press,
    screen_text,
    select,
    stacked_game,
    status_text,
)

BOB = "AH 2H 3H 4H 5H 6S 7S 8S 9S JD QD KD JK 4C QC"


async def test_E7_E8_go_out_after_drawing_and_chips_paid() -> None:
    game = stacked_game("european", {1: BOB}, upcard="8D", stock="5C 9H 9C", players=3)
    app = app_for(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")

        before = game.to_json()
        await press(pilot, "g")  # before drawing the 15 cards as dealt are not all runs
        assert "You cannot go out yet: 4♣ Q♣ fit no run (E-7)" in status_text(app)
        await press(pilot, "x")
        assert "Draw a card before you discard" in status_text(app)
        assert game.to_json() == before

        await press(pilot, "d")  # the 5♣ completes JK 4♣ 5♣: 15 cards in runs plus the Q♣
        assert "You can go out now" in screen_text(app)
        await select(pilot, "QC")
        await press(pilot, "g")
        done = game.state.log[-1].action
        assert isinstance(done, GoOut) and str(done.discard) == "QC"
        assert sum(len(spec.cards) for spec in done.melds) == 15

        assert game.phase is Phase.DEAL_OVER
        shown = screen_text(app)
        assert "chips" in shown
        assert "5 chips: drew only one card" in shown  # the rule that applied (E-8)
        assert "collects 5 from each of the 2 others" in shown
        assert game.state.scores == [-5, 10, -5]
        assert "Deal 1 of 3" in shown  # the match: one deal per player (E-9)


async def test_E7_go_out_before_drawing_when_dealt_fifteen_in_runs() -> None:
    dealt = "AH 2H 3H 4H 5H 6S 7S 8S 9S JD QD KD JK 4C 5C"
    game = stacked_game("european", {1: dealt}, upcard="8D", stock="QC 9H", players=3)
    app = app_for(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "g")
        assert game.phase is Phase.DEAL_OVER
        shown = screen_text(app)
        assert "10 chips: went out without drawing a card" in shown
