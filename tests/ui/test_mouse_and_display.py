"""Playing with the mouse, the help page, display settings (four colours, ASCII suits), sorting
and arranging the hand, and what the table shows while a computer moves."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from rummy_tui.bots import hint
from rummy_tui.core import Phase, parse_cards
from rummy_tui.ui.play.render import (
    FOUR_COLOURS,
    TWO_COLOURS,
    card_label,
    card_text,
    log_text,
    placed_text,
)
from rummy_tui.ui.screens.table import Mode
from rummy_tui.ui.shell.config import read_config
from rummy_tui.ui.shell.palette import colour
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.widgets.hand import CELL
from rummy_tui.ui.widgets.keybar import KeyBar
from tests.ui.helpers import (
    app_for,
    game_of,
    pass_to,
    press,
    screen_text,
    settle,
    stacked_game,
    status_text,
    table,
)
from tests.ui.test_play_classic import classic_game


async def click_card(pilot, token: str) -> None:  # type: ignore[no-untyped-def]
    state = table(pilot.app).hand_state
    index = [str(card) for card in state.order].index(token)
    per_line = table(pilot.app).query_one("#hand").cards_per_line()
    row = 2 * (index // per_line) + 1
    await pilot.click("#hand", offset=(CELL * (index % per_line) + 1, row))
    await pilot.pause()


async def click_key(pilot, description: str) -> None:  # type: ignore[no-untyped-def]
    bar = pilot.app.screen.query_one(KeyBar)
    lines = bar._lines(bar.content_region.width)
    for row, line in enumerate(lines):
        column = line.plain.find(f" {description} ")
        if column >= 0:
            await pilot.click(bar, offset=(column + 1, row))
            await pilot.pause()
            return
    raise AssertionError(f"no key {description!r} in the footer")


async def test_a_whole_turn_with_the_mouse() -> None:
    bob = "7H 8H 9H 10H KS KD KC 2C 3C 5D"
    game = stacked_game("classic", {1: bob}, upcard="4C", stock="JH 6S")
    app = app_for(game)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        # "Discard pile (1): top " starts after the border and the padding.
        await pilot.click("#piles", offset=(2 + len("Discard pile (1): top "), 2))
        await pilot.pause()
        assert str(game.state.log[-1].action.kind) == "take_discard"

        for token in ("7H", "8H", "9H"):
            await click_card(pilot, token)
        await click_key(pilot, "Meld")
        assert len(game.state.deal.melds) == 1

        await click_card(pilot, "10H")
        # Bob's box: a header line, then the melds indented by three cells.
        await pilot.click("#seat-1", offset=(1 + 3 + 3, 1))
        await pilot.pause()
        assert len(game.state.deal.melds[0].cards) == 4

        await click_card(pilot, "KS")
        await click_card(pilot, "KD")
        await click_key(pilot, "Meld")
        assert "at least three cards" in status_text(app)
        await click_key(pilot, "Unselect")

        await click_card(pilot, "5D")
        await click_key(pilot, "Discard")
        assert game.current == 0
        assert type(app.screen).__name__ == "HandoffScreen"


async def test_click_the_stock_to_draw() -> None:
    app = app_for(classic_game())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await pilot.click("#piles", offset=(2, 1))
        await pilot.pause()
        assert app.session is not None and app.session.controller.phase is Phase.PLAY


async def test_sort_and_arrange_the_hand_by_hand() -> None:
    app = app_for(classic_game())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        state = table(app).hand_state
        assert state is not None
        by_suit = [str(card) for card in state.order]
        assert by_suit[:2] == ["JS", "KS"]  # spades first, then hearts, clubs, diamonds
        await press(pilot, "s")
        by_rank = [str(card) for card in state.order]
        assert by_rank[:3] == ["2C", "3C", "5D"]
        await press(pilot, "s")
        assert [str(card) for card in state.order] == by_suit
        # Shift+Right carries the card under the cursor to the right.
        first = state.order[0]
        await press(pilot, "shift+right", "shift+right")
        assert state.order[2] is first and state.cursor == 2
        await press(pilot, "left", "left", "left")
        assert state.cursor == 0  # the cursor stops at the ends


async def test_help_lists_every_key_and_switches_the_card_display(tmp_path: Path) -> None:
    app = app_for(classic_game(), tmp_path=tmp_path)
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "question_mark")
        shown = screen_text(app)
        for words in (
            "draw the top card",
            "take from the discard pile",
            "meld the selected",
            "lay the selected card off",
            "discard the selected",
            "sort the hand",
        ):
            assert words in shown
        assert "two-card draw" not in shown  # only this variant's keys
        await press(pilot, "end")  # the page scrolls: the mouse and the table's marks below
        shown = screen_text(app)
        assert "Mouse:" in shown and "JK=7♥" in shown
        await press(pilot, "f")  # four colours
        assert app.settings.four_colour
        await press(pilot, "question_mark", "a")  # suits as letters
        assert app.settings.ascii_suits
        shown = screen_text(app)
        assert "7h" in shown and "♥" not in shown.split("Log")[0]
        assert read_config().display_settings() == app.settings  # kept for next time


async def test_one_person_watches_the_computer_with_their_own_hand() -> None:
    game = classic_game()
    app = app_for(game, bots={0: "easy"}, bot_delay=5.0)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")  # the only person: asked once at the start
        await press(pilot, "d", "x")
        await pilot.pause()
        assert game.current == 0  # the computer thinks for five seconds
        assert table(app).mode is Mode.WATCH
        assert table(app).view.seat == 1  # Bob still sees his own cards, nobody else's
        assert "is playing" in screen_text(app)
        assert app.session is not None
        app.session.stop_bots()  # stop waiting for the computer
        await settle(pilot)


def test_cards_have_rank_suit_glyph_and_colour() -> None:
    settings = DisplaySettings()
    seven, ten, jack = parse_cards("7H 10S JC")
    assert card_label(seven, settings) == "7♥"
    assert card_label(ten, settings) == "10♠"
    red = card_text(seven, settings).spans[0].style
    black = card_text(jack, settings).spans[0].style
    assert str(red.color.triplet.hex) == colour(TWO_COLOURS[seven.suit])  # type: ignore[union-attr]
    assert str(black.color.triplet.hex) == colour(TWO_COLOURS[jack.suit])  # type: ignore[union-attr]
    four = DisplaySettings(four_colour=True)
    clubs = card_text(jack, four).spans[0].style
    assert str(clubs.color.triplet.hex) == colour(FOUR_COLOURS[jack.suit])  # type: ignore[union-attr]
    assert len({colour(FOUR_COLOURS[suit]) for suit in FOUR_COLOURS}) == 4
    plain = DisplaySettings(ascii_suits=True)
    assert [card_label(card, plain) for card in (seven, ten, jack)] == ["7h", "10s", "Jc"]


def test_wild_cards_show_what_they_stand_for_and_a_moved_joker_is_turned() -> None:
    from rummy_tui.core import Face, PlacedCard

    joker = parse_cards("JK")[0]
    standing = PlacedCard(card=joker, face=Face.parse("7H"), seat=0)
    moved = PlacedCard(card=joker, face=Face.parse("4H"), seat=0, moved=True)
    assert placed_text(standing, DisplaySettings()).plain == "JK=7♥"
    assert placed_text(moved, DisplaySettings()).plain == "JK↻4♥"
    assert placed_text(moved, DisplaySettings(ascii_suits=True)).plain == "JK~4h"


def test_log_lines_draw_card_tokens_as_cards() -> None:
    text = log_text("Bob lays off 10H on meld 1; Anna takes JK.1 and QS.", DisplaySettings())
    assert isinstance(text, Text)
    assert text.plain == "Bob lays off 10♥ on meld 1; Anna takes JK and Q♠."


async def test_hint_key_shows_the_hint() -> None:
    app = app_for(classic_game())
    async with app.run_test(size=(110, 36)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "h")
        assert type(app.screen).__name__ == "TextScreen"
        shown = screen_text(app)
        assert "Best arrangement:" in shown and "7♥ 8♥ 9♥" in shown
        assert "Unmatched:" in shown
        assert "Suggested move:" in shown
        # the reason does not repeat the move named on the line above it
        why = next(line for line in shown.splitlines() if "Why:" in line)
        game = game_of(app)
        advice = hint(game.view(game.current), game.legal_actions())
        move = advice.reason.partition(": ")[0]
        assert move and move not in why
        await press(pilot, "escape")
        assert type(app.screen).__name__ == "TableScreen"


async def test_hint_key_is_gone_when_hints_are_off() -> None:
    app = app_for(classic_game(), hints=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        assert " Hint " not in screen_text(app)
        await press(pilot, "h")
        assert type(app.screen).__name__ == "TableScreen"
