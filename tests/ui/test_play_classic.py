"""A whole Classic Rummy deal played through key presses, with refused moves on the way."""

from __future__ import annotations

from rummy_tui.core import Phase
from rummy_tui.ui.screens.table import Mode
from tests.ui.helpers import (
    SUIT_GLYPHS,
    app_for,
    cursor_to,
    game_of,
    handoff_parts,
    pass_to,
    press,
    screen_text,
    select,
    stacked_game,
    status_text,
    table,
)

BOB = "7H 8H 9H KS KD KC 2C 3C 5D JS"
ANNA = "10H AS 3S 5S 7S 9D 6C 8C QC 4H"


def classic_game():
    return stacked_game("classic", {0: ANNA, 1: BOB}, upcard="4C", stock="QD 6S 6D")


async def test_C2_C3_whole_classic_deal_by_keys() -> None:
    app = app_for(classic_game())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        game = game_of(app)
        assert table(app).mode is Mode.PLAY
        assert table(app).view.seat == 1

        # Discarding before drawing is refused with the engine's reason, and nothing changes.
        before = game.to_json()
        await press(pilot, "x")
        assert "Draw a card before you discard" in status_text(app)
        assert game.to_json() == before

        await press(pilot, "t")  # take the 4♣
        assert len(game.state.deal.hands[1]) == 11
        assert game.phase is Phase.PLAY

        # Two unrelated cards are no meld: refused, nothing changes.
        await select(pilot, "5D", "JS")
        before = game.to_json()
        await press(pilot, "m")
        assert "A meld needs at least three cards" in status_text(app)
        assert game.to_json() == before
        await press(pilot, "escape")

        await select(pilot, "7H", "8H", "9H")
        await press(pilot, "m")
        await select(pilot, "KS", "KD", "KC")
        await press(pilot, "m")
        await select(pilot, "2C", "3C", "4C")
        await press(pilot, "m")
        assert len(game.state.deal.melds) == 3
        assert sorted(str(card) for card in game.state.deal.hands[1]) == ["5D", "JS"]

        await cursor_to(pilot, "JS")
        await press(pilot, "x")  # no selection: the card under the cursor
        assert game.current == 0

        # Hand-off to Anna: no card of anybody's hand anywhere on screen (P-1).
        assert type(app.screen).__name__ == "HandoffScreen"
        shown = screen_text(app)
        assert "Pass to Anna" in shown
        assert not any(glyph in handoff_parts(shown)[0] for glyph in SUIT_GLYPHS)
        await pass_to(pilot, "Anna")
        assert table(app).view.seat == 0

        await press(pilot, "d")
        await select(pilot, "10H")
        await press(pilot, "x")
        await pass_to(pilot, "Bob")

        await press(pilot, "t")  # take the 10♥ Anna threw
        await select(pilot, "10H")
        await press(pilot, "l")  # fits only Bob's heart run: laid off without a question
        run = game.state.deal.melds[0]
        assert [str(placed.card) for placed in run.cards] == ["7H", "8H", "9H", "10H"]
        await press(pilot, "x")  # the 5♦, Bob's last card: out (C-3)

        assert game.phase is Phase.DEAL_OVER
        assert type(app.screen).__name__ == "DealEndScreen"
        shown = screen_text(app)
        assert "Deal 1 is over" in shown
        assert "Bob went out" in shown
        assert "pays" in shown and "for the cards in hand" in shown
        assert "Standings" in shown
        result = game.state.results[-1]
        assert result.winner == 1 and not result.rummy
        assert game.state.scores[1] == result.changes[1] > 0

        await press(pilot, "enter")  # the next deal: the winner deals (C-6), then a hand-off
        assert game.state.deal.deal_number == 2
        assert game.state.deal.dealer == 1
        await pass_to(pilot, "Anna")
        assert table(app).view.deal_number == 2


async def test_G10_refused_moves_change_nothing() -> None:
    app = app_for(classic_game())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        game = game_of(app)
        before = game.to_json()
        await select(pilot, "7H", "8H", "9H")
        await press(pilot, "m")
        assert "Draw a card before you meld" in status_text(app)
        await press(pilot, "escape", "d", "t")
        assert "already drawn" in status_text(app)
        await select(pilot, "5D")
        await press(pilot, "l")
        assert "no meld on the table" in status_text(app)
        await press(pilot, "escape")
        await select(pilot, "7H", "8H")
        await press(pilot, "x")
        assert "Select just one card" in status_text(app)
        assert game.state.deal.hands[1] != [] and len(game.state.deal.hands[1]) == 11
        assert game.to_json() != before  # only the draw went through
        assert sum(1 for record in game.state.log if record.seat is not None) == 1
