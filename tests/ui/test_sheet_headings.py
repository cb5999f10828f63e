"""Score-sheet headings and the names of the Records screen use the width there is, and where
names must be shortened the shortened names stay distinct (issue 21, item 17)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.widgets import DataTable

from rummy_tui.i18n import _, current_language, pgettext, set_language
from rummy_tui.match.setup import BOT_LEVELS, computer_name
from rummy_tui.records import Records
from rummy_tui.ui.play.short_names import short_names
from rummy_tui.ui.shell.app import make_app
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.widgets.sheet_table import ScoreSheetTable, amount_words, in_all, signed
from tests.ui.helpers import app_for, press, screen_lines, settle, setup_for_game
from tests.ui.sheet_games import played_game


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


RUSSIAN_LEVELS = {"easy": "лёгкий", "normal": "средний", "hard": "сильный"}


def table_names(players: int) -> tuple[str, ...]:
    """Anna and long computer names: the default names in English, and in Russian the default
    names as they were before they were shortened to fit the menu ("Компьютер 2 (средний)",
    the ones that were cut to the same "Компью..." on the sheet)."""
    if current_language() == "ru":
        return (
            "Anna",
            *(
                f"Компьютер {seat + 1} ({RUSSIAN_LEVELS[BOT_LEVELS[seat % 3].value]})"
                for seat in range(1, players)
            ),
        )
    return ("Anna", *(computer_name(seat + 1, BOT_LEVELS[seat % 3]) for seat in range(1, players)))


async def open_sheet(pilot) -> ScoreSheetTable:  # type: ignore[no-untyped-def]
    await settle(pilot)
    if type(pilot.app.screen).__name__ == "HandoffScreen":
        await press(pilot, "enter")
    await press(pilot, "c")
    await settle(pilot)
    return pilot.app.screen.query_one(ScoreSheetTable)


def headings(table: ScoreSheetTable) -> list[str]:
    return [
        table.columns[key].label.plain for key in table.columns if str(key.value).startswith("col")
    ]  # type: ignore[union-attr]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_twelve_headings_are_distinct_and_as_long_as_the_width_allows(
    size: tuple[int, int], language: str
) -> None:
    set_language(language)
    names = table_names(12)
    game = played_game("european", 12, 2, names=names, deal_limit=5)
    app = app_for(game)
    async with app.run_test(size=size) as pilot:
        table = await open_sheet(pilot)
        shown = headings(table)
        assert len(set(shown)) == 12, shown
        assert shown[0] == "Anna"
        for heading, name in zip(shown, names, strict=True):
            number = name.split()[1] if " " in name else ""
            assert number in heading, (heading, name)  # the computer's number stays
        # the headings take what the width gives: the players' columns fill the screen
        widths = [column.get_render_width(table) for column in table.columns.values()]
        assert sum(widths[:-1]) >= size[0] - 20 or all(
            heading == name for heading, name in zip(shown, names, strict=True)
        )
        assert max(cell_len(heading) for heading in shown[1:]) >= 7


async def test_few_players_get_their_whole_names_at_120_columns() -> None:
    names = table_names(4)
    game = played_game("rummy500", 4, 1, names=names, target_score=1)
    app = app_for(game)
    async with app.run_test(size=(120, 30)) as pilot:
        table = await open_sheet(pilot)
        assert headings(table) == list(names)
        text = "\n".join(screen_lines(app))
        assert pgettext("sheet row", "Settle") in text  # the row names are not cut either
        assert pgettext("sheet row", "Total") in text


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_records_name_every_seat_distinctly(tmp_path: Path, language: str) -> None:
    set_language(language)
    names = table_names(12)
    game = played_game("european", 12, 1, names=names, deal_limit=1)
    records = Records(tmp_path)
    assert records.record_match(setup_for_game(game), game, datetime(2026, 11, 1, tzinfo=UTC))
    app = make_app(data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "p", "v")
        matches = app.screen.query_one("#records-matches", DataTable)
        scores = matches.get_row_at(0)[3].plain
        shortened = short_names(list(names), 7)
        assert all(name in scores for name in shortened) or all(name in scores for name in names)
        parts = [part.rsplit(" ", 1)[0] for part in scores.split(", ")]
        assert len(set(parts)) == 12, parts
        # the highlighted player's line names them in full
        await press(pilot, "v")
        label = str(app.screen.query_one("#records-form-label").render())
        assert label.split(":")[0] in names


def test_short_names_keep_players_apart() -> None:
    russian = ["Компьютер 2 (средний)", "Компьютер 3 (сильный)", "Компьютер 12 (лёгкий)"]
    assert short_names(russian, 7) == ["Ком. 2", "Ком. 3", "Ком. 12"]  # cut alike
    assert short_names(russian, 12) == ["Компьютер 2", "Компьютер 3", "Компьютер 12"]
    assert short_names(["Alexandra", "Alexander", "Bob"], 7) == ["Ale…dra", "Ale…der", "Bob"]
    for width in range(2, 12):
        same = ["Annabel Lee", "Annabel Lea", "Annabel Leo", "A" * 20, "A" * 19 + "B"]
        shown = short_names(same, width)
        assert len(set(shown)) == len(same), (width, shown)
        assert all(cell_len(name) <= width for name in shown)


@pytest.mark.parametrize("language", ["fi", "ru"])
async def test_the_cell_under_the_cursor_is_one_sentence_of_the_language(language: str) -> None:
    """The line under the sheet is a whole sentence of the catalog with the name filled in (no
    English fragments glued around it, no word order forced, no gender for a named player)."""
    set_language(language)
    game = played_game("rummy500", 2, 1, target_score=1)
    app = app_for(game)
    async with app.run_test(size=(120, 30)) as pilot:
        table = await open_sheet(pilot)
        sheet = table.sheet
        winner = sheet.winners[0]
        cell = sheet.rows[0].cells[winner]
        line = table.describe("deal0", f"col{winner}").plain.split("\n")[0]
        english = (
            "{name} · deal {number}: {score} (table {table}, hand {hand}) · total {total}"
            " · went out"
        )
        template = _(english)
        assert template != english
        assert line == template.format(
            name=sheet.columns[winner].title,
            number=1,
            score=amount_words(sheet.unit, cell.score, signed(cell.score)),
            table=cell.table_points,
            hand=cell.hand_points,
            total=cell.total,
        )
        total = table.describe("total", f"col{winner}").plain
        assert total == _("{name}: {total}, winner of the match").format(
            name=sheet.columns[winner].title, total=in_all(sheet.unit, sheet.totals[winner])
        )
        assert "выиграл" not in total and "вышел" not in line
