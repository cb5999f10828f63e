"""The end of a match: it is recorded (issue 12 §4), then Play again, New game or Title; the
new-game menu starts from the last table played and Clear forgets it."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Button, Input, Select

from rummy_tui.match.setup import MatchSetup, Seat, SeatKind
from rummy_tui.persistence import SaveStore
from rummy_tui.persistence.last_table import last_table, remember_table
from rummy_tui.records import Records
from rummy_tui.ui.screens.new_game import NewGameScreen
from rummy_tui.ui.shell.app import make_app
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.ui.helpers import (
    cursor_to,
    game_of,
    pass_to,
    press,
    screen_text,
    select,
    setup_for_game,
    stacked_game,
)

BOB = "7H 8H 9H 10H KS KD KC 2C 3C 4C"
ANNA = "AS 3S 5S 7S 9D 6C 8C QC 4H 6H"


def last_deal_game():
    """Bob goes out on his first turn, and his score then ends the match."""
    game = stacked_game("classic", {0: ANNA, 1: BOB}, upcard="5C", stock="QD 6S 6D")
    game.state.scores = [0, 99]
    return game


async def finish_the_match(pilot) -> None:
    await pass_to(pilot, "Bob")
    await press(pilot, "d")
    for meld in (("7H", "8H", "9H", "10H"), ("KS", "KD", "KC"), ("2C", "3C", "4C")):
        await select(pilot, *meld)
        await press(pilot, "m")
    await cursor_to(pilot, "QD")
    await press(pilot, "x")  # the last card: Bob is out and the match is over
    assert type(pilot.app.screen).__name__ == "DealEndScreen"


async def test_finished_match_recorded_then_play_again_turns_the_seats(tmp_path: Path) -> None:
    game = last_deal_game()
    app = make_app(
        setup=setup_for_game(game), game=game, data_dir=tmp_path, settings=DisplaySettings()
    )
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await finish_the_match(pilot)
        recorded = Records(tmp_path).recent_matches("classic")
        assert len(recorded) == 1 and recorded[0].winners == ("Bob",)

        await press(pilot, "enter")
        shown = screen_text(app)
        assert type(app.screen).__name__ == "MatchEndScreen"  # the whole sheet, the winner
        assert "Bob wins the match!" in shown
        assert "Play again (p)" in shown and "New game (n)" in shown and "Title (t)" in shown
        await press(pilot, "p")  # Play again
        again = game_of(app)
        assert again is not game
        assert again.players == ["Bob", "Anna"]  # seats turned by one
        # Anna dealt the first match; now the player after her (Bob) deals and Anna plays.
        assert again.state.deal.dealer == 0 and again.current == 1
        assert again.state.scores == [0, 0] and not again.is_over
        assert again.state.seed != game.state.seed or again.state.deal.deck != game.state.deal.deck
        assert type(app.screen).__name__ == "HandoffScreen"
        assert app.screen.player_name == "Anna"  # type: ignore[attr-defined]
        assert len(SaveStore(tmp_path).list()) == 2  # the new match has its own save
        remembered = last_table(tmp_path)
        assert remembered is not None
        assert [seat.name for seat in remembered.seats] == ["Bob", "Anna"]
    # Recording is once per match, however often the screens come back.
    assert len(Records(tmp_path).recent_matches("classic")) == 1


async def test_match_end_new_game_and_title(tmp_path: Path) -> None:
    game = last_deal_game()
    app = make_app(
        setup=setup_for_game(game), game=game, data_dir=tmp_path, settings=DisplaySettings()
    )
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await finish_the_match(pilot)
        await press(pilot, "enter")
        await press(pilot, "n")  # New game: the menu, from this table
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#seat-name-0", Input).value == "Anna"
        assert screen.query_one("#seat-name-1", Input).value == "Bob"
        await press(pilot, "escape")
        assert type(app.screen).__name__ == "TitleScreen"


def notices_of(app) -> list[str]:
    """The notices shown so far."""
    return [notice.message for notice in app._notifications]


async def test_damaged_records_database_never_stops_play(tmp_path: Path) -> None:
    (tmp_path / "stats.sqlite3").write_bytes(b"this is not a database" * 100)
    game = last_deal_game()
    app = make_app(
        setup=setup_for_game(game), game=game, data_dir=tmp_path, settings=DisplaySettings()
    )
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await finish_the_match(pilot)
        assert sum("Records are off" in message for message in notices_of(app)) == 1
        await press(pilot, "enter")
        await press(pilot, "p")  # play goes on
        assert type(app.screen).__name__ == "HandoffScreen"


def remembered_setup() -> MatchSetup:
    from rummy_tui.core import get_variant

    return MatchSetup(
        rules=get_variant("rummy500", partnerships=True),
        seats=(
            Seat(name="Ada"),
            Seat(name="Cpu", kind=SeatKind.HARD),
            Seat(name="Bea"),
            Seat(name="Dee", kind=SeatKind.EASY),
        ),
        hints=False,
        take_backs=False,
        bot_delay=1.0,
    )


async def test_new_game_menu_opens_with_the_last_table_and_clear_resets_it(
    tmp_path: Path,
) -> None:
    assert remember_table(remembered_setup(), tmp_path)
    app = make_app(start="new", data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.variant_id == "rummy500"
        assert screen.query_one("#ng-count", Select).value == 4
        names = [screen.query_one(f"#seat-name-{index}", Input).value for index in range(4)]
        assert names == ["Ada", "Cpu", "Bea", "Dee"]
        assert screen.query_one("#seat-kind-1", Select).value is SeatKind.HARD
        assert screen.query_one("#seat-kind-3", Select).value is SeatKind.EASY
        assert screen.query_one("#ng-hints", Select).value is False
        assert screen.query_one("#ng-take-backs", Select).value is False
        assert screen.query_one("#ng-pace", Select).value == 1.0
        check = screen.current_check()
        assert check.setup is not None
        assert check.setup.rules.partnerships and not check.setup.take_backs

        screen.query_one("#ng-clear", Button).press()
        await pilot.pause()
        await pilot.pause()
        assert last_table(tmp_path) is None
        fresh = app.screen
        assert isinstance(fresh, NewGameScreen) and fresh is not screen
        assert fresh.variant_id == "classic"
        assert fresh.query_one("#seat-name-0", Input).value == "Player 1"
        assert fresh.query_one("#ng-take-backs", Select).value is True
        assert not fresh.query("#ng-clear")  # nothing is remembered any more


async def test_take_backs_off_in_the_menu_reaches_the_match(tmp_path: Path) -> None:
    app = make_app(start="new", data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#ng-take-backs", Select).value is True  # on by default
        screen.query_one("#ng-take-backs", Select).value = False
        await pilot.pause()
        await press(pilot, "ctrl+s")
        assert game_of(app).state.take_backs_on is False
        remembered = last_table(tmp_path)
        assert remembered is not None and remembered.take_backs is False
