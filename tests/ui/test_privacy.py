"""Hidden information stays hidden at one keyboard (P-1, P-2)."""

from __future__ import annotations

from rummy_tui.core import PlayerView
from rummy_tui.ui.render import card_label
from rummy_tui.ui.settings import DisplaySettings
from rummy_tui.ui.widgets.players import PlayerBox
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
    table,
)
from tests.ui.test_play_classic import ANNA, BOB, classic_game


async def test_P1_hand_off_shows_no_card_of_the_previous_or_next_player() -> None:
    app = app_for(classic_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "d")
        await cursor_to(pilot, "JS")
        await press(pilot, "x")  # Bob's turn ends

        game = game_of(app)
        assert type(app.screen).__name__ == "HandoffScreen"
        shown = screen_text(app)
        assert "Pass to Anna" in shown and "Press Enter when Anna is at the keyboard" in shown
        settings = DisplaySettings()
        previous = [card_label(card, settings) for card in game.state.deal.hands[1]]
        following = [card_label(card, settings) for card in game.state.deal.hands[0]]
        for label in previous + following:
            assert label not in shown
        gate, summary = handoff_parts(shown)
        assert not any(glyph in gate for glyph in SUIT_GLYPHS)  # no card at all, not even public
        # Below the gate, what happened since Anna's last turn: the public log only (P-2).
        assert "Bob draws from the stock." in summary
        assert "J♠" in summary  # Bob's discard, public once it is on the pile

        # Under the hand-off the table already holds the public view only: nothing of Bob's
        # hand is left in any widget to flash up when the screen changes.
        assert table(app).view.hand == ()
        assert table(app).hand_state is None

        await pass_to(pilot, "Anna")
        shown = screen_text(app)
        assert table(app).view.seat == 0
        hand_box = shown.split("Anna's hand")[1]
        assert all(label in hand_box for label in following)


async def test_P1_table_shows_only_the_own_hand_and_public_counts() -> None:
    app = app_for(classic_game())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        view: PlayerView = table(app).view
        assert view.seat == 1 and list(view.hand) == game_of(app).state.deal.hands[1]
        shown = screen_text(app)
        assert "Anna [dealer] · 10 cards" in shown  # the other hand only as a count (P-2)
        anna_only = {label for label in ANNA.split()} - set(BOB.split()) - {"4C"}
        settings = DisplaySettings()
        for token in anna_only:
            card = next(card for card in game_of(app).state.deal.hands[0] if str(card) == token)
            assert card_label(card, settings) not in shown


async def test_R6_lay_off_shown_in_front_of_the_player_who_laid_it() -> None:
    game = stacked_game("classic", {0: ANNA, 1: BOB}, upcard="4C", stock="QD 6S 6D")
    app = app_for(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "d")
        await select(pilot, "7H", "8H", "9H")
        await press(pilot, "m")
        await cursor_to(pilot, "JS")
        await press(pilot, "x")
        await pass_to(pilot, "Anna")
        await press(pilot, "d")
        await select(pilot, "10H")
        await press(pilot, "l")  # on Bob's run
        anna_box = table(app).query_one("#seat-0", PlayerBox).render().plain
        bob_box = table(app).query_one("#seat-1", PlayerBox).render().plain
        assert "laid off:  10♥→#1" in anna_box
        assert "#1 7♥ 8♥ 9♥ 10♥" in bob_box  # the meld whole, Anna's card marked there


async def test_G6_no_question_when_the_joker_can_only_be_one_card() -> None:
    game = stacked_game("double", {1: "7H 7S JK QS QD QC 9C 10C JC 2D"}, upcard="2S", stock="3D")
    app = app_for(game)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "d")
        await select(pilot, "7H", "7S", "JK")
        await press(pilot, "m")
        assert type(app.screen).__name__ == "TableScreen"  # no question asked
        meld = game.state.deal.melds[0]
        assert meld.kind.value == "group" and len(meld.cards) == 3
