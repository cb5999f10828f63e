"""Issue 21 items 4-7: text from outside reaches every screen and command as plain text.

Hostile names and save fields (:mod:`tests.ui.hostile_text`: markup openers and closers, click
actions, links, escape and OSC sequences, bidi overrides, zero-width characters, 200-letter
strings, and made-up strings of each class) are put where a person or a file can put them:
typed in the new-game menu, given to a match, written into save files and into the records
file. Every screen and command that shows them is visited once per language, and each fails
the test on a crash, on a control or format character on the terminal, or on markup taking
effect (the name must appear literally, as cleaned text, on the screen).
"""

from __future__ import annotations

import io
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from rummy_tui.cli.main import main
from rummy_tui.core.game import unsafe_character
from rummy_tui.i18n import set_language
from rummy_tui.i18n.outside_text import clean
from rummy_tui.ui.shell.app import RummyApp, make_app
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.i18n.screen_walk import terminal_text
from tests.ui.helpers import cursor_to, press, select, settle, setup_for_game
from tests.ui.hostile_text import FILE_NAME, hostile_folder, hostile_names, typeable
from tests.ui.test_match_end import last_deal_game

LANGUAGES = ("en", "fi", "ru")
SIZE = (180, 60)
SHOWN_WHOLE = 30
"""Names up to this long must appear whole; longer ones are cut by the screen's edges."""


def raw_controls(text: str) -> list[str]:
    """The control and format characters in a screen's (or a command's) text."""
    return sorted(
        {f"U+{ord(char):04X}" for char in text if char != "\n" and unsafe_character(char)}
    )


def written(name: str, text: str) -> bool:
    """Whether ``name`` is in ``text`` as written: whole, or cut short with "…" where its
    column is narrow (at least its first five characters, markup openers included)."""
    if name in text or name in text.replace("\n", ""):
        return True
    return any(f"{name[:cut]}…" in text for cut in range(5, len(name)))


class Looks:
    """What the test saw: each screen's text, checked as it is taken."""

    def __init__(self, app: RummyApp) -> None:
        self.app = app
        self.seen: list[str] = []

    def check(self, moment: str, *names: str, screen: str | None = None) -> str:
        """The terminal's text now: it must hold no control character, show every one of
        ``names`` literally (cleaned), and the app must still run on ``screen``."""
        app = self.app
        assert app.is_running, f"{moment}: the app ended"
        assert app._exception is None, f"{moment}: {app._exception!r}"
        shown = type(app.screen).__name__
        if screen is not None:
            assert shown == screen, f"{moment}: {shown}, not {screen}"
        text = terminal_text(app)
        assert not raw_controls(text), f"{moment}: {raw_controls(text)} reach the terminal"
        for name in names:
            if len(name) <= SHOWN_WHOLE:
                assert written(clean(name), text), (
                    f"{moment} ({shown}): {name!r} is not shown as written:\n{text}"
                )
        self.seen.append(f"{moment}: {shown}")
        return text


async def step(pilot: Pilot[Any], *keys: str) -> None:
    await pilot.press(*keys)
    await settle(pilot)


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> str:
    set_language(request.param)
    return str(request.param)


async def test_hostile_saves_and_records_show_as_plain_text(tmp_path: Path, language: str) -> None:
    """Load (list, rename, delete, restore, a newer save), Records, a save at the end of a
    deal (end of deal, score sheet, chart, hand-off, table), a finished save, Continue."""
    names = hostile_names(language)
    folder = hostile_folder(tmp_path, names)
    players = folder.players or {}
    app = make_app(data_dir=tmp_path, start="title", settings=DisplaySettings())
    async with app.run_test(size=SIZE) as pilot:
        looks = Looks(app)
        await settle(pilot)
        looks.check("title", screen="TitleScreen")
        await step(pilot, "l")
        listed = [name for trio in players.values() for name in trio]
        looks.check("load list", *listed, clean(FILE_NAME), screen="LoadScreen")
        await step(pilot, "r")
        looks.check("rename", screen="RenameDialog")
        await step(pilot, "escape", "d")
        looks.check("delete", screen="ConfirmDialog")
        await step(pilot, "escape")
        listing = app.screen.saves  # type: ignore[attr-defined]
        for wanted in (folder.damaged, folder.newer):
            app.screen.query_one("#load-list").highlighted = [  # type: ignore[attr-defined]
                str(info.name) for info in listing
            ].index(wanted)
            await settle(pilot)
            if wanted == folder.damaged:
                await step(pilot, "b")
                looks.check("restore", screen="ConfirmDialog")
                await step(pilot, "escape")
            else:
                await step(pilot, "enter")
                looks.check("a newer save", screen="LoadScreen")
        await step(pilot, "escape", "p")
        looks.check("records", *folder.recorded[:12], screen="RecordsScreen")
        await step(pilot, "v")
        looks.check("records, matches", screen="RecordsScreen")
        await step(pilot, "escape", "l")
        between = players[folder.between]
        index = [str(info.name) for info in app.screen.saves].index(folder.between)  # type: ignore[attr-defined]
        app.screen.query_one("#load-list").highlighted = index  # type: ignore[attr-defined]
        await step(pilot, "enter")
        looks.check("end of the deal", *between, screen="DealEndScreen")
        await step(pilot, "c")
        looks.check("score sheet", *between, screen="ScoreSheetScreen")
        await step(pilot, "v")
        looks.check("chart", *between, screen="ScoreSheetScreen")
        await step(pilot, "escape", "enter")
        while type(app.screen).__name__ == "CutScreen":
            await step(pilot, "enter")
        text = looks.check("hand-off", screen="HandoffScreen")
        assert any(written(clean(name), text) for name in between)
        await step(pilot, "enter")
        looks.check("table", *between, screen="TableScreen")
        await step(pilot, "q")
        looks.check("leave the table")
        app.clear_screens()
        app.show_title()
        await settle(pilot)
        app.opener.load_match(folder.finished)
        await settle(pilot)
        looks.check("a finished save", *players[folder.finished], screen="ScoreSheetScreen")
        await step(pilot, "v")
        looks.check("its chart", *players[folder.finished])
        await step(pilot, "escape")
        await step(pilot, "c")
        looks.check("continue")
    assert app._exception is None


async def test_hostile_names_typed_in_the_new_game_menu(tmp_path: Path, language: str) -> None:
    """Markup in typed names: the duplicate-name warning and the notice show it as written
    and do nothing when clicked; the match starts with the names as written."""
    typed = typeable(hostile_names(language))[:4]
    twin = "[@click=app.quit]QQ"
    app = make_app(data_dir=tmp_path, start="title", settings=DisplaySettings())
    async with app.run_test(size=SIZE) as pilot:
        looks = Looks(app)
        await settle(pilot)
        await step(pilot, "n")
        screen = app.screen
        screen.query_one("#ng-count").value = 4  # type: ignore[attr-defined]
        await settle(pilot)
        for seat, name in enumerate([twin, twin, "[/]", "[/]"]):
            screen.query_one(f"#seat-name-{seat}", Input).value = name
        await settle(pilot)
        looks.check("two seats named alike", twin, "[/]", screen="NewGameScreen")
        await pilot.click("#ng-names-problem")
        await step(pilot, "ctrl+s")
        looks.check("the notice", twin, screen="NewGameScreen")
        for seat, name in enumerate(typed):
            screen.query_one(f"#seat-name-{seat}", Input).value = name
        screen.query_one("#ng-seed").value = "3"  # type: ignore[attr-defined]
        await settle(pilot)
        looks.check("names typed", *typed, screen="NewGameScreen")
        await step(pilot, "ctrl+s")
        if type(app.screen).__name__ == "CutScreen":
            looks.check("the cut", *typed)
            await step(pilot, "enter")
        looks.check("hand-off", screen="HandoffScreen")
        await step(pilot, "enter")
        looks.check("table", *typed, screen="TableScreen")
    assert app._exception is None


async def test_hostile_names_at_the_end_of_a_match(tmp_path: Path, language: str) -> None:
    """The last deal played to its end: the table, the end of the deal, the match end and
    its chart, with names that are markup."""
    first, second = typeable(hostile_names(language))[1:3]
    game = last_deal_game()
    game.state.players = [first, second]
    app = make_app(
        setup=setup_for_game(game), game=game, data_dir=tmp_path, settings=DisplaySettings()
    )
    async with app.run_test(size=SIZE) as pilot:
        looks = Looks(app)
        await settle(pilot)
        looks.check("hand-off", second, screen="HandoffScreen")
        await press(pilot, "enter", "d")
        for meld in (("7H", "8H", "9H", "10H"), ("KS", "KD", "KC"), ("2C", "3C", "4C")):
            await select(pilot, *meld)
            await press(pilot, "m")
        looks.check("table", first, second, screen="TableScreen")
        await cursor_to(pilot, "QD")
        await step(pilot, "x")
        looks.check("end of the deal", first, second, screen="DealEndScreen")
        await step(pilot, "enter")
        looks.check("match end", first, second, screen="MatchEndScreen")
        await step(pilot, "v")
        looks.check("match end, chart", first, second, screen="MatchEndScreen")
    assert app._exception is None


def run_command(*argv: str) -> tuple[int, str]:
    """``rummy`` with ``argv``: the exit status and everything it printed."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue() + err.getvalue()


def test_hostile_text_from_files_never_reaches_the_terminal_from_commands(
    tmp_path: Path, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``rummy sheet``, ``rummy stats`` and ``rummy simulate`` print what the files hold as
    plain text; a newer save's ``app_version`` reaches no terminal."""
    monkeypatch.setenv("COLUMNS", "250")
    names = hostile_names(language)
    folder = hostile_folder(tmp_path, names)
    data = ("--data-dir", str(tmp_path), "--lang", language)
    for save in (folder.between, folder.finished):
        status, text = run_command(*data, "sheet", save)
        assert status == 0, text
        assert not raw_controls(text), (save, raw_controls(text))
        for name in (folder.players or {})[save]:
            assert clean(name) in text, (name, text)
    for save in (folder.newer, folder.damaged, "[b]x\x1b[2J"):
        status, text = run_command(*data, "sheet", save)
        assert status == 1 and not raw_controls(text.removesuffix("\n")), (save, text)
    status, text = run_command(*data, "stats")
    assert status == 0 and not raw_controls(text), raw_controls(text)
    for name in folder.recorded:
        if len(name) <= SHOWN_WHOLE:
            assert clean(name) in text, (name, text)
    status, text = run_command(*data, "stats", "--player", folder.recorded[1])
    assert not raw_controls(text), raw_controls(text)
    status, text = run_command(
        *data,
        "simulate",
        "--variant",
        "classic",
        "--players",
        "easy,easy",
        "--deals",
        "1",
        "--no-progress",
    )
    assert status == 0 and not raw_controls(text), text


@pytest.mark.parametrize("start", ["load", "continue"])
async def test_rummy_load_and_continue_show_hostile_files_as_plain_text(
    tmp_path: Path, language: str, start: str
) -> None:
    """``rummy load NAME`` of a newer save and ``rummy continue`` among hostile saves: the
    notice or the screen they open holds no escape sequence, the app goes on."""
    folder = hostile_folder(tmp_path, hostile_names(language))
    app = make_app(
        data_dir=tmp_path,
        start=start,  # type: ignore[arg-type]
        save_name=folder.newer if start == "load" else None,
        settings=DisplaySettings(),
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        Looks(app).check(f"rummy {start}")
    assert sys.stdout is not None


async def test_a_bracket_in_player_names_keeps_the_load_screen_working(tmp_path: Path) -> None:
    """Issue 21 item 4: after ``rummy new --players '[x,[y'`` the Load screen lists the save
    (its automatic name holds the brackets) and rename and delete still open."""
    from rummy_tui.cli.main import _setup_from_args, build_parser
    from rummy_tui.persistence import SaveStore

    args = build_parser().parse_args(["new", "--variant", "classic", "--players", "[x,[y"])
    setup = _setup_from_args(args)
    store = SaveStore(tmp_path)
    saved = store.create(setup, setup.start())
    app = make_app(data_dir=tmp_path, start="title", settings=DisplaySettings())
    async with app.run_test(size=SIZE) as pilot:
        looks = Looks(app)
        await settle(pilot)
        await step(pilot, "l")
        looks.check("load list", saved, "[x", "[y", screen="LoadScreen")
        await step(pilot, "r")
        looks.check("rename", screen="RenameDialog")
        await step(pilot, "escape", "d")
        looks.check("delete", screen="ConfirmDialog")
