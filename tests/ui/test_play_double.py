"""A whole Double Rum deal by keys: naming a joker, and the end joker's move (D-6)."""

from __future__ import annotations

from rummy_tui.core import Phase
from rummy_tui.i18n.log_lines import entry_sentence
from tests.ui.helpers import (
    app_for,
    pass_to,
    press,
    screen_text,
    select,
    stacked_game,
    status_text,
    table,
)

BOB = "5H 6H JK 7H QS QD QC 9C 10C JC"


async def test_D4_D6_joker_named_then_moved_and_rummy() -> None:
    game = stacked_game("double", {1: BOB}, upcard="2S", stock="3D 8S 8D")
    app = app_for(game)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "d")

        # Not a meld: refused with the engine's reason.
        await select(pilot, "9C", "10C", "QS")
        before = game.to_json()
        await press(pilot, "m")
        assert "neither a group nor a run" in status_text(app) or "one suit" in status_text(app)
        assert game.to_json() == before
        await press(pilot, "escape")

        # 5♥ 6♥ joker: the joker may be 7♥ or 4♥, and that matters, so the game asks (G-6).
        await select(pilot, "5H", "6H", "JK")
        await press(pilot, "m")
        assert type(app.screen).__name__ == "ChoiceScreen"
        question = screen_text(app)
        assert "What does the wild card stand for?" in question
        assert "JK = 7♥" in question and "JK = 4♥" in question
        await press(pilot, "1")
        run = game.state.deal.melds[0]
        assert [str(placed.face) for placed in run.cards] == ["5H", "6H", "7H"]

        # The natural 7♥ takes the joker's place; the joker moves to the low end, turned.
        await select(pilot, "7H")
        await press(pilot, "l")
        run = game.state.deal.melds[0]
        assert [str(placed.face) for placed in run.cards] == ["4H", "5H", "6H", "7H"]
        joker = run.cards[0]
        assert joker.card.is_joker and joker.moved
        assert "JK↻4♥" in screen_text(app)
        assert "joker moves to the other end" in entry_sentence(game.state.log[-1])

        await select(pilot, "QS", "QD", "QC")
        await press(pilot, "m")
        await select(pilot, "9C", "10C", "JC")
        await press(pilot, "m")
        assert [str(card) for card in table(app).view.hand] == ["3D"]
        await press(pilot, "x")  # the last card: out in one turn, a rummy (C-5, D-7)

        assert game.phase is Phase.DEAL_OVER
        result = game.state.results[-1]
        assert result.winner == 1 and result.rummy
        shown = screen_text(app)
        assert "Rummy!" in shown
        assert "doubled for rummy" in shown
