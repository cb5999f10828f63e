"""A 12-seat European table with one person and eleven computer players, played through the
interface to the end of the deal: the person draws and discards by keys, the computers move in
the worker, and the end-of-deal screen comes up (issue: computer players fill any seat)."""

from __future__ import annotations

from rummy_tui.core import Phase, get_variant, new_game
from tests.ui.helpers import app_for, game_of, press, settle

MAX_STEPS = 600


async def test_one_person_and_eleven_computers_play_a_european_deal() -> None:
    names = ["Anna", *[f"Computer {seat + 1}" for seat in range(1, 12)]]
    game = new_game(get_variant("european", deal_limit=1), names, seed=11, dealer=11)
    bots = {seat: "easy" for seat in range(1, 12)}
    app = app_for(game, bots=bots)
    person_turns = 0
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(MAX_STEPS):
            await settle(pilot)
            screen = type(app.screen).__name__
            if screen == "DealEndScreen":
                break
            if screen == "HandoffScreen":
                await press(pilot, "enter")
                continue
            played = game_of(app)
            if screen != "TableScreen" or played.current != 0:
                continue
            if played.phase is Phase.DRAW:
                await press(pilot, "d")
            elif played.phase is Phase.PLAY:
                await press(pilot, "x")
                person_turns += 1
        assert type(app.screen).__name__ == "DealEndScreen"
        finished = game_of(app)
        # Easy computers at twelve seats often run the stock out (G-9 dead hand); either
        # way the deal has ended with a result on the screen.
        assert finished.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)
        assert finished.state.results
        assert person_turns >= 2
        computer_moves = [record for record in finished.state.log if record.seat not in (None, 0)]
        assert len(computer_moves) > 11
