"""The new-game menu in every language: generated names the menu takes (G-2), a remembered
table that never blocks it, columns that read whole at 80x24, and a draft kept over Esc."""

from __future__ import annotations

import html
import re
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input, Select

from rummy_tui.core import get_variant
from rummy_tui.core.game import name_refusal
from rummy_tui.i18n import _, set_language
from rummy_tui.match.setup import NAME_MAX_LENGTH, MatchSetup, Seat, SeatKind, fitting_name
from rummy_tui.persistence.last_table import last_table, last_table_path, remember_table
from rummy_tui.ui.screens.new_game import NewGameScreen
from rummy_tui.ui.screens.setup_check import (
    KIND_LABELS,
    MAX_SEATS,
    check_setup,
    default_name,
    fit_names,
    seat_name_problem,
)
from rummy_tui.ui.shell.app import make_app
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.widgets.players import names_level

from .helpers import NAMES

LANGUAGES = ("en", "fi", "ru")


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language("en")


def screen_lines(app: App[object]) -> list[str]:
    """The screen's text line by line, each run of text at its column (from an SVG export,
    which leaves out the blanks between runs)."""
    svg = app.export_screenshot()
    cell = 12.2  # the width of one column in Textual's SVG
    lines: dict[int, dict[int, str]] = {}
    runs = re.findall(
        r'<text[^>]*x="([\d.]+)"[^>]*clip-path="url\(#[^)]*-line-(\d+)\)"[^>]*>(.*?)</text>',
        svg,
        flags=re.S,
    )
    for x, line, text in runs:
        lines.setdefault(int(line), {})[round(float(x) / cell)] = html.unescape(text)
    shown = []
    for index in sorted(lines):
        row = ""
        for column, text in sorted(lines[index].items()):
            row = row.ljust(column) + text.replace("\xa0", " ").rstrip("\n")
        shown.append(row.rstrip())
    return shown


def menu(app: App[object]) -> NewGameScreen:
    screen = app.screen
    assert isinstance(screen, NewGameScreen)
    return screen


# ------------------------------------------------------------------ generated names (G-2)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Partnerships are played by exactly four players (R-13)."),
        ("fi", "Pareittain pelataan täsmälleen neljällä pelaajalla (R-13)."),
    ],
)
def test_r13_the_player_count_problem_speaks_the_menu_s_language(
    language: str, expected: str
) -> None:
    """The new-game menu's player-count problem is the catalog's refusal in the menu's
    language (it was the core's English sentence in every language)."""
    set_language(language)
    seats = [(name, SeatKind.HUMAN) for name in NAMES[:3]]
    check = check_setup("rummy500", {"partnerships": True}, seats)
    assert check.count == expected
    assert check.problems[0] == expected


@pytest.mark.parametrize("language", LANGUAGES)
def test_g2_generated_names_pass_every_name_check_in_every_language(language: str) -> None:
    """Every seat's generated name, at every level and seat number, is taken by the core
    (G-2) and by the menu, and still says its number and level whole."""
    set_language(language)
    for number in range(1, MAX_SEATS + 1):
        for kind in SeatKind:
            name = default_name(number, kind)
            assert name_refusal(name) is None, name
            assert seat_name_problem(number, name, {}) is None, name
            assert str(number) in name
            if kind.is_bot:
                assert names_level(name, kind.value), name


def test_g2_a_translation_too_long_for_a_name_is_cut_to_fit() -> None:
    cut = fitting_name("Tietokone 12 (tavallinen)", "Computer 12 (normal)")
    assert len(cut) <= NAME_MAX_LENGTH and name_refusal(cut) is None
    assert cut.startswith("Tietokone 12")
    assert fitting_name("Bad\x1b[2J name", "Computer 3 (hard)") == "Computer 3 (hard)"


# -------------------------------------------------------------- a remembered table's names


def test_fit_names_replaces_only_the_names_the_menu_refuses() -> None:
    seats = [
        ("Anna", SeatKind.HUMAN),
        ("Компьютер 2 (средний)", SeatKind.NORMAL),  # a Russian default of an older version
        ("Aleksandra-Konstantina", SeatKind.HUMAN),  # 22 letters: `rummy new` takes it
        ("Bad\x1bname", SeatKind.HUMAN),
        ("anna", SeatKind.HUMAN),
        ("Player 6", SeatKind.HUMAN),
    ]
    names, note = fit_names(seats)
    assert names == [
        "Anna",
        "Computer 2 (normal)",
        "Aleksandra-Konstanti",
        "Player 4",
        "Player 5",
        "Player 6",
    ]
    assert all(seat_name_problem(n, name, {}) is None for n, name in enumerate(names, 1))
    assert note is not None and "\n" not in note
    for number in (2, 3, 4, 5):
        assert f"seat {number} is now {names[number - 1]}" in note
    assert "seat 1 " not in note and "seat 6 " not in note
    assert fit_names([("Anna", SeatKind.HUMAN), ("Bob", SeatKind.EASY)]) == (["Anna", "Bob"], None)


def test_fit_names_never_takes_a_name_another_seat_keeps() -> None:
    names, _note = fit_names([("Player 2", SeatKind.HUMAN), ("", SeatKind.HUMAN)])
    assert names[0] == "Player 2"
    assert names[1] != "Player 2" and seat_name_problem(2, names[1], {"player 2": 1}) is None


def russian_table() -> MatchSetup:
    """A table remembered by a Russian game of an earlier version: its computer's default
    name is 21 letters, over the menu's limit."""
    return MatchSetup(
        rules=get_variant("european"),
        seats=(
            Seat(name="Аня"),
            Seat(name="Компьютер 2 (средний)", kind=SeatKind.NORMAL),
            Seat(name="Aleksandra-Konstantina"),
        ),
    )


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_g2_a_remembered_name_that_no_longer_fits_never_blocks_the_menu(
    tmp_path: Path, language: str
) -> None:
    set_language(language)
    assert remember_table(russian_table(), tmp_path)
    app = make_app(start="new", data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = menu(app)
        check = screen.current_check()
        assert check.problems == [] and check.setup is not None
        names = [screen.query_one(f"#seat-name-{index}", Input).value for index in range(3)]
        assert names[0] == "Аня"
        assert names[1] == default_name(2, SeatKind.NORMAL)
        assert names[2] == "Aleksandra-Konstanti"
        note = str(screen.query_one("#ng-note").render())
        assert note.count("\n") == 0
        for number in (2, 3):
            said = _("seat {number} is now {name}").format(number=number, name=names[number - 1])
            assert said in note
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, NewGameScreen)  # the match started
    remembered = last_table(tmp_path)
    assert remembered is not None and remembered.names[1] == default_name(2, SeatKind.NORMAL)


async def test_g2_russian_menu_starts_with_a_computer_seat_at_every_level(
    tmp_path: Path,
) -> None:
    set_language("ru")
    app = make_app(start="new", data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = menu(app)
        for kind in (SeatKind.EASY, SeatKind.NORMAL, SeatKind.HARD):
            screen.query_one("#seat-kind-1", Select).value = kind
            await pilot.pause()
            assert screen.query_one("#seat-name-1", Input).value == default_name(2, kind)
            assert screen.current_check().setup is not None


# -------------------------------------------------------------------- columns at 80x24


def twelve_seats() -> MatchSetup:
    kinds = (SeatKind.HUMAN, SeatKind.EASY, SeatKind.NORMAL, SeatKind.HARD)
    return MatchSetup(
        rules=get_variant("european"),
        seats=tuple(Seat(name=name, kind=kinds[index % 4]) for index, name in enumerate(NAMES)),
    )


@asynccontextmanager
async def twelve_seat_menu(
    data_dir: Path, language: str, remembered: bool = True
) -> AsyncIterator[tuple[App[object], Pilot[object]]]:
    """The menu at 80x24 in ``language``, opened from a remembered twelve-seat table (from
    the defaults when not ``remembered``)."""
    set_language(language)
    if remembered:
        remember_table(twelve_seats(), data_dir)
    app = make_app(start="new", data_dir=data_dir, settings=DisplaySettings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        yield app, pilot


@pytest.mark.parametrize("language", LANGUAGES)
async def test_seat_labels_and_seat_kinds_read_whole_at_80x24(
    tmp_path: Path, language: str
) -> None:
    """Each seat row reads "Seat 12 Liv ... computer: hard": the label, a space, the name,
    and the kind with its level, none of them cut, in every language."""
    async with twelve_seat_menu(tmp_path, language) as (app, pilot):
        screen = menu(app)
        first = screen.query_one("#seat-row-0")
        screen.query_one("#ng-body").scroll_to_widget(first, top=True, animate=False)
        await pilot.pause()
        lines = screen_lines(app)
        for index, seat in enumerate(twelve_seats().seats):
            label = _("Seat {number}").format(number=index + 1)
            kind = _(KIND_LABELS[seat.kind])
            row = [line for line in lines if re.search(rf"{re.escape(label)} +{seat.name}\b", line)]
            assert len(row) == 1, (label, seat.name, lines)
            assert re.search(rf"{re.escape(seat.name)} +{re.escape(kind)} +▼", row[0]), row[0]


@pytest.mark.parametrize("language", LANGUAGES)
async def test_option_labels_and_choices_read_whole_at_80x24(tmp_path: Path, language: str) -> None:
    """Every row of the European Rummy options and the table rows shows its whole label and
    its whole chosen value (a label too long for the line wraps onto the next)."""
    async with twelve_seat_menu(tmp_path, language) as (app, pilot):
        screen = menu(app)
        body = screen.query_one("#ng-body")
        seen: list[str] = []
        for y in range(0, int(body.max_scroll_y) + 19, 10):
            body.scroll_to(y=y, animate=False)
            await pilot.pause()
            seen.append(" ".join(" ".join(screen_lines(app)).split()))
        shown = " ".join(seen)
        for row in screen.query(".row"):
            label = str(row.query_one(".row-label").render())
            assert " ".join(label.split()) in shown, label
            for select in row.query(Select):
                chosen = str(select.query_one("SelectCurrent Static#label").render())
                assert re.search(rf"{re.escape(chosen)} +▼", shown), chosen


# ------------------------------------------------------------------------- Esc keeps a draft


async def test_esc_keeps_what_was_typed_for_the_next_opening(tmp_path: Path) -> None:
    """Esc leaves the menu; opening it again in the same run shows every choice as it was,
    and the remembered table (the last one played) is not touched by the draft."""
    assert remember_table(russian_table(), tmp_path)
    before = last_table_path(tmp_path).read_bytes()
    app = make_app(start="new", data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = menu(app)
        screen.query_one("#ng-variant").highlighted = 3  # Rummy 500
        await pilot.pause()
        screen.query_one("#ng-count", Select).value = 4
        await pilot.pause()
        screen.query_one("#seat-name-0", Input).value = "Zoë"
        screen.query_one("#seat-name-3", Input).value = ""  # half-typed: not usable yet
        screen.query_one("#seat-kind-2", Select).value = SeatKind.HARD
        screen.query_one("#ng-hints", Select).value = False
        screen.query_one("#ng-pace", Select).value = 2.0
        screen.query_one("#ng-seed", Input).value = "77"
        await pilot.pause()
        left = screen.choices()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, NewGameScreen)
        await pilot.press("n")
        await pilot.pause()
        again = menu(app)
        assert again is not screen
        assert again.choices() == left
        assert again.variant_id == "rummy500"
        assert again.query_one("#seat-name-0", Input).value == "Zoë"
        assert again.query_one("#seat-name-3", Input).value == ""
        assert again.query_one("#seat-kind-2", Select).value is SeatKind.HARD
        assert again.query_one("#ng-seed", Input).value == "77"
        assert again.query_one("#ng-hints", Select).value is False
        assert again.query_one("#ng-pace", Select).value == 2.0
        assert last_table_path(tmp_path).read_bytes() == before

        await pilot.click("#ng-clear")  # Clear forgets the draft and the remembered table
        await pilot.pause()
        fresh = menu(app)
        assert fresh.variant_id == "classic"
        assert fresh.query_one("#seat-name-0", Input).value == default_name(1, SeatKind.HUMAN)
        assert last_table(tmp_path) is None


async def test_a_started_match_ends_the_draft(tmp_path: Path) -> None:
    app = make_app(start="new", data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        menu(app).query_one("#seat-name-0", Input).value = "Ada"
        await pilot.press("escape")
        await pilot.pause()
        assert app.new_game_draft is not None
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.new_game_draft is None
        remembered = last_table(tmp_path)
        assert remembered is not None and remembered.names[0] == "Ada"


# ------------------------------------------------------- Textual's own words and the CLI


def footer_text(app: App[object]) -> str:
    return " ".join(screen_lines(app)[-1].split())


@pytest.mark.parametrize("language", ["fi", "ru"])
async def test_a_drop_down_s_footer_speaks_the_language(tmp_path: Path, language: str) -> None:
    async with twelve_seat_menu(tmp_path, language, remembered=False) as (app, pilot):
        menu(app).query_one("#ng-count", Select).focus()
        await pilot.press("enter")  # open the drop-down
        await pilot.pause()
        await pilot.pause()
        footer = footer_text(app)
        assert _("Dismiss menu") in footer, footer
        assert "Dismiss" not in footer


@pytest.mark.parametrize("language", ["fi", "ru"])
async def test_ctrl_c_says_how_to_quit_in_the_language(tmp_path: Path, language: str) -> None:
    async with twelve_seat_menu(tmp_path, language, remembered=False) as (app, pilot):
        await pilot.press("ctrl+c")
        await pilot.pause()
        said = [(n.title, n.message) for n in app._notifications]
        assert said == [(_("Do you want to quit?"), _("Press {key} to quit.").format(key="Ctrl+Q"))]
        assert "quit" not in " ".join(screen_lines(app)).lower()
