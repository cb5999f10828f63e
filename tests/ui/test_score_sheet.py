"""P-5: the score sheet screen (``c`` on the table, the end-of-deal button), the end-of-match
screen and its choices, and a finished match opened from the Load screen, as a person uses them."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

import pytest
from textual.widgets import Button, TabbedContent

from rummy_tui.core import Phase, get_variant, new_game
from rummy_tui.core.state import DealResult
from rummy_tui.i18n.deal_words import payment_words
from rummy_tui.match.sheet import score_sheet
from rummy_tui.persistence import SaveStore
from rummy_tui.ui.screens.score_sheet import MatchEndScreen, ScoreSheetScreen
from rummy_tui.ui.shell.app import make_app
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.widgets.sheet_table import ScoreSheetTable
from rummy_tui.ui.widgets.totals_chart import (
    MOST_TICK_GAPS,
    TotalsChart,
    TotalsLineChart,
    TotalsSparklines,
    whole_ticks,
)
from tests.core.helpers import cycle
from tests.ui.helpers import (
    SUIT_GLYPHS,
    app_for,
    game_of,
    press,
    screen_text,
    settle,
    setup_for_game,
)
from tests.ui.sheet_games import played_game
from tests.ui.test_play_classic import classic_game
from tests.ui.test_snapshots import classic_deal_to_end

LONG_NAMES = ("Alexandra", "Bartholomew", "Cid")


def screen_name(app) -> str:  # type: ignore[no-untyped-def]
    return type(app.screen).__name__


def sheet_table(app) -> ScoreSheetTable:  # type: ignore[no-untyped-def]
    return app.screen.query_one(ScoreSheetTable)


async def test_P5_c_on_the_table_opens_the_sheet_and_escape_returns() -> None:
    game = played_game("classic", 3, 2, names=LONG_NAMES, target_score=1000)
    app = app_for(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # the hand-off
        assert screen_name(app) == "TableScreen"
        hand_before = app.session.table.view.hand if app.session is not None else ()
        await press(pilot, "c")
        assert screen_name(app) == "ScoreSheetScreen"
        table = sheet_table(app)
        # one row per scored deal, then the totals; a column per player between Deal and Note
        assert table.row_count == 3 and len(table.columns) == 5
        text = screen_text(app)
        assert "Alexandra" in text and "Bartholomew" in text  # room for the whole names
        assert "Total" in text and "deal 3 in play" in text
        # every running total of the match is on the sheet
        for total in game.state.scores:
            assert str(total) in text
        # public information only (P-2): no card of anybody's hand is drawn
        assert not set(SUIT_GLYPHS) & set(text)
        # the cell under the cursor names its column in full
        await press(pilot, "right")
        detail = screen_text(app)
        assert "Bartholomew · deal 2:" in detail
        await press(pilot, "escape")
        assert screen_name(app) == "TableScreen"
        assert app.session is not None and app.session.table.view.hand == hand_before


async def test_P5_the_sheet_shows_every_deal_score_and_running_total() -> None:
    game = played_game("classic", 2, 3, target_score=1000)
    sheet = score_sheet(game)
    app = app_for(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "c")
        table = sheet_table(app)
        for position, row in enumerate(sheet.rows):
            for index, cell in enumerate(row.cells):
                shown = table.get_cell(f"deal{position}", f"col{index}").plain
                score, total = (line.strip() for line in shown.split("\n"))
                assert score.rstrip("*") == (f"{cell.score:+d}" if cell.score else "0")
                assert total == str(cell.total)
                assert score.endswith("*") == cell.went_out


async def test_P5_the_end_of_deal_button_opens_the_sheet() -> None:
    app = app_for(classic_game())
    async with app.run_test(size=(100, 30)) as pilot:
        await classic_deal_to_end(pilot)
        await settle(pilot)
        assert screen_name(app) == "DealEndScreen"
        await pilot.click("#deal-end-sheet")
        await pilot.pause()
        assert screen_name(app) == "ScoreSheetScreen"
        assert sheet_table(app).row_count == 2  # deal 1 and the totals
        await press(pilot, "escape")
        assert screen_name(app) == "DealEndScreen"
        await press(pilot, "c")  # the key does the same
        assert screen_name(app) == "ScoreSheetScreen"


async def test_P5_rummy500_partnerships_share_a_column_with_table_and_hand_points() -> None:
    game = played_game("rummy500", 4, 2, partnerships=True)
    app = app_for(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "c")
        table = sheet_table(app)
        assert len(table.columns) == 4  # Deal, two partnerships, Note
        first = score_sheet(game).rows[0].cells[0]
        shown = table.get_cell("deal0", "col0").plain.split("\n")
        assert shown[0].strip() == f"{first.table_points}-{first.hand_points}"
        assert "Anna & Cid (partners)" in screen_text(app)


async def test_P5_european_rows_name_the_E8_payment() -> None:
    game = played_game("european", 3, 2, deal_limit=5)
    app = app_for(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "c")
        row = score_sheet(game).rows[0]
        rule = payment_words(row.payment)
        assert rule
        assert "chips" in screen_text(app)
        assert f"E-8: {rule}" in sheet_table(app).get_cell("deal0", "note").plain


async def test_P5_match_end_shows_sheet_winner_settlement_and_chart() -> None:
    game = played_game("rummy500", 2, 1, target_score=1)
    assert game.is_over and game.state.settlement
    app = app_for(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "DealEndScreen"
        assert "final score sheet" in screen_text(app)
        await press(pilot, "enter")
        assert isinstance(app.screen, MatchEndScreen)
        text = screen_text(app)
        winner = game.players[game.state.winners[0]]
        assert f"{winner} wins the match!" in text
        assert "Settlement (R-12): " in text and f"{winner} collects" in text
        buttons = [str(button.label) for button in app.screen.query(Button)]
        assert buttons == ["Play again (p)", "New game (n)", "Title (t)"]
        await press(pilot, "v")
        assert app.screen.query_one(TabbedContent).active == "tab-chart"
        await settle(pilot)
        assert app.screen.query_one(TotalsChart).kind == "sparklines"
        await press(pilot, "t")
        assert screen_name(app) == "TitleScreen"


async def test_P5_match_end_new_game_and_play_again(tmp_path: Path) -> None:
    game = played_game("classic", 3, 8, target_score=200)
    assert game.is_over
    app = app_for(game, tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        await pilot.click("#new")
        await pilot.pause()
        assert screen_name(app) == "NewGameScreen"
    app = app_for(game, tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "p")
        await settle(pilot)
        again = game_of(app)
        assert again is not game and not again.state.results
        assert again.players == [*game.players[1:], game.players[0]]


async def test_P5_a_finished_match_from_the_load_screen_opens_its_sheet(tmp_path: Path) -> None:
    game = played_game("classic", 2, 8, target_score=200)
    assert game.is_over
    name = SaveStore(tmp_path).create(setup_for_game(game), game)
    app = make_app(data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "l")
        assert screen_name(app) == "LoadScreen"
        await press(pilot, "enter")
        assert isinstance(app.screen, ScoreSheetScreen)
        assert not isinstance(app.screen, MatchEndScreen)  # read-only: no new match from here
        assert app.session is None  # nothing is seated at a table
        text = screen_text(app)
        assert str(name) in text and "wins the match!" in text
        assert sheet_table(app).row_count == len(game.state.results) + 1
        await press(pilot, "escape")
        assert screen_name(app) == "LoadScreen"


async def test_P5_chart_is_a_line_chart_when_wide_and_sparklines_when_narrow() -> None:
    game = played_game("classic", 2, 3, target_score=1000)
    for size, kind, widget in (
        ((120, 40), "line", TotalsLineChart),
        ((80, 24), "sparklines", TotalsSparklines),
    ):
        app = app_for(game)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await press(pilot, "enter", "c", "v")
            await settle(pilot)
            chart = app.screen.query_one(TotalsChart)
            assert chart.kind == kind
            assert len(chart.query(widget)) == 1


async def test_P5_line_chart_marks_each_player_by_letter_in_the_ascii_setting() -> None:
    game = played_game("european", 12, 3, deal_limit=12)
    app = make_app(
        setup=setup_for_game(game),
        game=game,
        autosave=False,
        settings=DisplaySettings(ascii_suits=True),
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "c", "v")
        await settle(pilot)
        text = screen_text(app)
        assert "A Anna" in text and "L Liv" in text


async def test_P5_twelve_players_at_80x24_scroll_sideways_and_name_each_column() -> None:
    game = played_game("european", 12, 4, deal_limit=12)
    app = app_for(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "c")
        table = sheet_table(app)
        assert table.scroll_x == 0
        await press(pilot, *["right"] * 11)
        assert table.cursor_coordinate.column == 12
        assert table.scroll_x > 0  # the sheet scrolled to Liv's column
        assert "Liv · deal 4:" in screen_text(app)
        await press(pilot, "down")
        assert "Liv: -40 chips in all" in screen_text(app)


async def test_P5_a_dead_hand_is_marked_on_the_sheet() -> None:
    game = new_game(get_variant("classic", rebuild_limit=3), ["Anna", "Bob"], seed=1)
    for _ in range(400):
        if game.phase is not Phase.DRAW:
            break
        cycle(game, 1)
    assert game.state.results and game.state.results[-1].dead
    app = app_for(game)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert screen_name(app) == "DealEndScreen"
        await press(pilot, "c")
        assert sheet_table(app).get_cell("deal0", "deal").plain == "1\ndead"
        assert "dead hand, no score (G-9)" in screen_text(app)


async def test_P5_an_extra_deal_after_an_exact_tie_is_marked_on_the_sheet() -> None:
    game = new_game(get_variant("rummy500"), ["Anna", "Bob"], seed=2)
    deals = [(300, 200), (210, 310), (40, -10)]
    game.state.results = [
        DealResult(deal_number=number, winner=0, changes=changes)
        for number, changes in enumerate(deals, start=1)
    ]
    game.state.scores = [sum(column) for column in zip(*deals, strict=True)]
    game.state.deals_scored = len(deals)
    app = app_for(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "enter", "c")  # the cut, the hand-off, the sheet
        table = sheet_table(app)
        assert table.get_cell("deal2", "deal").plain == "3\nextra"
        assert "extra deal after an exact tie (R-12)" in table.get_cell("deal2", "note").plain


def value_axis_labels(app) -> list[str]:  # type: ignore[no-untyped-def]
    """The numbers written left of the line chart's value axis."""
    from textual_plotext import PlotextPlot

    drawn = str(app.screen.query_one(TotalsLineChart).query_one(PlotextPlot).render())
    return re.findall(r"^\s*(-?[\d.]+)┤", drawn, flags=re.M)


async def test_P5_line_chart_marks_whole_numbers_on_the_value_axis() -> None:
    """Points and chips are whole: the value axis never reads 6.7 or 13.3 (issue 21)."""
    game = played_game("european", 3, 3, deal_limit=12)
    app = app_for(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "c", "v")
        await settle(pilot)
        labels = value_axis_labels(app)
        assert len(labels) >= 3
        assert all(re.fullmatch(r"-?\d+", label) for label in labels), labels


@pytest.mark.parametrize("seed", range(40))
def test_P5_whole_ticks_cover_the_totals_in_round_whole_steps(seed: int) -> None:

    rng = random.Random(seed)
    low = rng.randint(-600, 600)
    high = low + rng.choice([0, 1, 3, 7, 13, 40, 99, 250, 1234])
    ticks = whole_ticks(low, high)
    assert all(isinstance(tick, int) for tick in ticks)
    assert ticks[0] <= low and ticks[-1] >= high
    steps = {second - first for first, second in itertools.pairwise(ticks)}
    assert len(steps) <= 1 and len(ticks) <= MOST_TICK_GAPS + 1
    for step in steps:
        assert str(step).strip("0") in {"1", "2", "5"}
