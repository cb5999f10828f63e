"""Taking back moves at the table with ``u`` (P-4), played by keys as a person would."""

from __future__ import annotations

from rummy_tui.core import Phase
from rummy_tui.ui.screens.table import Mode
from tests.ui.helpers import (
    app_for,
    cursor_to,
    game_of,
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


def log_on_screen(app) -> str:
    """The log panel's text as drawn."""
    return str(table(app).query_one("#log-text").render())


def footer_offers_take_back(app) -> bool:
    """Whether the footer shows ``u Take back``."""
    from rummy_tui.ui.widgets.keybar import KeyBar

    bar = app.screen.query_one(KeyBar)
    return any(action == "take_back" for *_rest, action in bar._items)


async def test_P4_classic_meld_and_pile_take_taken_back_newest_first() -> None:
    app = app_for(classic_game())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        game = game_of(app)
        fresh = game.to_json()
        assert not footer_offers_take_back(app)  # nothing played yet
        await press(pilot, "t")  # take the 4♣
        untaken = game.to_json()
        assert footer_offers_take_back(app)
        await select(pilot, "7H", "8H", "9H")
        await press(pilot, "m")
        assert len(game.state.deal.melds) == 1

        await press(pilot, "u")
        assert game.state.deal.melds == []
        assert table(app).mode is Mode.PLAY and table(app).view.seat == 1
        shown = log_on_screen(app)
        assert "Bob took back: meld 7♥ 8♥ 9♥" in shown
        assert "7H" not in shown and "7H" not in screen_text(app)
        assert [note.text for note in game.state.take_back_notes] == [
            "Bob took back: meld 7H 8H 9H"
        ]
        # The game is what it was before the meld (the note apart).
        assert game.state.model_dump(exclude={"take_back_notes"}) == type(game).from_json(
            untaken
        ).state.model_dump(exclude={"take_back_notes"})

        await press(pilot, "u")  # press again: the pile take before it
        assert game.phase is Phase.DRAW
        assert str(game.state.deal.discard[-1]) == "4C"
        assert game.state.model_dump(exclude={"take_back_notes"}) == type(game).from_json(
            fresh
        ).state.model_dump(exclude={"take_back_notes"})
        assert not footer_offers_take_back(app)
        before = game.to_json()
        await press(pilot, "u")  # nothing of this turn is left: the core's refusal
        assert "(P-4)" in status_text(app)
        assert game.to_json() == before


async def test_P4_stock_draw_never_taken_back_footer_hides_u() -> None:
    app = app_for(classic_game())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        game = game_of(app)
        await press(pilot, "d")
        assert not footer_offers_take_back(app)
        assert "Take back" not in screen_text(app)
        before = game.to_json()
        await press(pilot, "u")
        assert "drew from the stock was hidden" in status_text(app)
        assert "(P-4)" in status_text(app)
        assert game.to_json() == before


async def test_P4_discard_taken_back_from_the_hand_off() -> None:
    app = app_for(classic_game())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        game = game_of(app)
        await press(pilot, "t")
        await cursor_to(pilot, "JS")
        await press(pilot, "x")
        assert type(app.screen).__name__ == "HandoffScreen"
        assert footer_offers_take_back(app)
        await press(pilot, "u")
        assert app.screen is table(app)
        assert table(app).mode is Mode.PLAY and table(app).view.seat == 1
        assert game.current == 1 and game.phase is Phase.PLAY
        assert any(str(card) == "JS" for card in game.state.deal.hands[1])
        assert "Bob took back: discard J♠" in log_on_screen(app)
        # Discard again and let Anna sit down: the window has closed.
        await cursor_to(pilot, "JS")
        await press(pilot, "x")
        await pass_to(pilot, "Anna")
        assert not footer_offers_take_back(app)
        await press(pilot, "u")
        assert "(P-4)" in status_text(app)
