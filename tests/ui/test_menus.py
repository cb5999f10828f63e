"""The menu screens driven as a person would: keys, clicks, typing (Textual Pilot).

Each screen is pushed onto a tiny test app that records what the screen dismissed with.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input, Markdown, OptionList, Select, Static

import rummy_tui
from rummy_tui.core import VARIANT_IDS, get_variant
from rummy_tui.match.setup import MatchSetup, SeatKind, parse_players
from rummy_tui.persistence import SaveStore
from rummy_tui.ui.play.rule_words import choice_label, rules_markdown
from rummy_tui.ui.screens.load import ConfirmDialog, LoadScreen, RenameDialog, describe_save
from rummy_tui.ui.screens.new_game import NewGameScreen, check_setup
from rummy_tui.ui.screens.rules_help import RulesScreen
from rummy_tui.ui.screens.title import TitleScreen
from rummy_tui.ui.shell.assets import AssetMissing, read_asset

NO_RESULT = object()


class ScreenApp(App[None]):
    """Pushes one screen and keeps what it dismisses with."""

    def __init__(self, make_screen: Callable[[], Screen[Any]]) -> None:
        super().__init__()
        self.make_screen = make_screen
        self.results: list[Any] = []

    def on_mount(self) -> None:
        self.push_screen(self.make_screen(), self.results.append)

    def result(self) -> Any:
        """What the screen dismissed with last (NO_RESULT while it is still open)."""
        return self.results[-1] if self.results else NO_RESULT


async def pick(pilot: Pilot[None], select_id: str, steps: int | str) -> None:
    """Open a Select with Enter, move the highlight ``steps`` down (up if negative, or a key
    such as "end"), and choose with Enter."""
    select = pilot.app.screen.query_one(select_id, Select)
    select.focus()
    await pilot.pause()
    await pilot.press("enter")
    if isinstance(steps, str):
        await pilot.press(steps)
    else:
        await pilot.press(*["down" if steps > 0 else "up"] * abs(steps))
    await pilot.press("enter")
    await pilot.pause()


def new_game_screen(app: App[None]) -> NewGameScreen:
    screen = app.screen
    assert isinstance(screen, NewGameScreen)
    return screen


def selected(screen: Screen[Any]) -> Any:
    assert isinstance(screen, LoadScreen)
    info = screen.selected
    assert info is not None
    return info


def static_text(screen: Screen[Any], selector: str) -> str:
    return str(screen.query_one(selector, Static).content)


# ----------------------------------------------------------------------------- title screen


async def test_title_enter_starts_a_new_game() -> None:
    app = ScreenApp(lambda: TitleScreen(has_saves=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert app.result() == "new"


async def test_title_arrows_move_to_load() -> None:
    app = ScreenApp(lambda: TitleScreen(has_saves=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert app.result() == "load"


@pytest.mark.parametrize(
    ("key", "choice"),
    [
        ("n", "new"),
        ("c", "continue"),
        ("l", "load"),
        ("r", "rules"),
        ("p", "records"),
        ("q", "quit"),
    ],
)
async def test_title_letter_shortcuts(key: str, choice: str) -> None:
    app = ScreenApp(lambda: TitleScreen(has_saves=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(key)
        await pilot.pause()
        assert app.result() == choice


async def test_title_without_saves_offers_no_continue_or_load() -> None:
    app = ScreenApp(lambda: TitleScreen(has_saves=False))
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen.query_one("#title-menu", OptionList)
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        assert ids == ["new", "join", "rules", "records", "quit"]
        await pilot.press("c", "l")
        await pilot.pause()
        assert app.result() is NO_RESULT
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert app.result() == "rules"


async def test_title_mouse_click_chooses() -> None:
    app = ScreenApp(lambda: TitleScreen(has_saves=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.click("#title-menu", offset=(3, 3))  # the fourth line: Join a table
        await pilot.pause()
        assert app.result() == "join"


# -------------------------------------------------------------------------- new game screen


async def test_new_game_defaults_start_a_classic_match() -> None:
    app = ScreenApp(NewGameScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+s")
        await pilot.pause()
        setup = app.result()
        assert isinstance(setup, MatchSetup)
        assert setup.rules == get_variant("classic")
        assert setup.names == ["Player 1", "Player 2"]
        assert [seat.kind for seat in setup.seats] == [SeatKind.HUMAN, SeatKind.HUMAN]
        assert setup.seed is None
        assert setup.hints is True
        assert setup.bot_delay == 0.5


async def test_new_game_full_setup_by_keyboard() -> None:
    app = ScreenApp(NewGameScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = new_game_screen(app)
        # European Rummy is the fifth entry of the variant list.
        await pilot.press("down", "down", "down", "down")
        await pilot.pause()
        assert screen.variant_id == "european"
        # Enter on the list moves on to the player count: choose 4 (2 -> 4).
        await pilot.press("enter")
        await pilot.pause()
        assert screen.focused is screen.query_one("#ng-count")
        await pilot.press("enter", "down", "down", "enter")
        await pilot.pause()
        assert screen.player_count == 4
        # Tab to seat 1's name, which is selected on focus: typing replaces it.
        await pilot.press("tab")
        await pilot.press(*"Anna")
        # Seat 1's kind stays human; seat 2 becomes a hard computer player.
        await pilot.press("tab", "tab", "tab")
        await pilot.press("enter", "down", "down", "down", "enter")
        await pilot.pause()
        # Twos wild: yes.
        await pick(pilot, "#opt-european-twos_wild", 1)
        # Computer pace: instant (one up from normal... twice), seed 42, hints off.
        await pick(pilot, "#ng-pace", -2)
        await pick(pilot, "#ng-hints", 1)
        screen.query_one("#ng-seed", Input).focus()
        await pilot.press(*"42")
        await pilot.click("#ng-start")
        await pilot.pause()
        setup = app.result()
        assert isinstance(setup, MatchSetup)
        assert setup.rules == get_variant("european", twos_wild=True)
        assert setup.names == ["Anna", "Computer 2 (hard)", "Player 3", "Player 4"]
        assert [seat.kind for seat in setup.seats] == [
            SeatKind.HUMAN,
            SeatKind.HARD,
            SeatKind.HUMAN,
            SeatKind.HUMAN,
        ]
        assert setup.seed == 42
        assert setup.hints is False
        assert setup.bot_delay == 0.0
        setup.start()  # the engine accepts it


async def test_new_game_empty_name_is_explained_and_start_refused() -> None:
    app = ScreenApp(NewGameScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = new_game_screen(app)
        screen.query_one("#seat-name-1", Input).focus()
        await pilot.press("backspace")  # the selected default name goes
        await pilot.pause()
        assert "Seat 2 needs a name." in static_text(screen, "#ng-names-problem")
        assert "Seat 2 needs a name." in static_text(screen, "#ng-status")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.result() is NO_RESULT
        assert screen.focused is screen.query_one("#seat-name-1")
        await pilot.press(*"Bo")
        await pilot.pause()
        assert static_text(screen, "#ng-names-problem") == ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.result().names == ["Player 1", "Bo"]


async def test_new_game_duplicate_names_are_refused() -> None:
    app = ScreenApp(NewGameScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = new_game_screen(app)
        screen.query_one("#seat-name-0", Input).focus()
        await pilot.press("A", "l")
        screen.query_one("#seat-name-1", Input).focus()
        await pilot.press("a", "l", "space")
        await pilot.pause()
        problem = static_text(screen, "#ng-names-problem")
        assert "Seats 1 and 2 are both called 'al'" in problem
        await pilot.click("#ng-start")
        await pilot.pause()
        assert app.result() is NO_RESULT


async def test_new_game_partnerships_need_four_players() -> None:
    app = ScreenApp(NewGameScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = new_game_screen(app)
        await pilot.press("down", "down", "down")  # Rummy 500
        await pilot.pause()
        assert screen.variant_id == "rummy500"
        await pick(pilot, "#opt-rummy500-partnerships", 1)
        message = "Partnerships are played by exactly four players (R-13)."
        assert static_text(screen, "#ng-count-problem") == message
        assert static_text(screen, "#ng-options-problem") == message
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.result() is NO_RESULT
        await pick(pilot, "#ng-count", 2)  # 2 -> 4 players
        assert static_text(screen, "#ng-count-problem") == ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        setup = app.result()
        assert setup.rules.partnerships is True
        assert len(setup.seats) == 4


async def test_new_game_count_follows_the_variant_range() -> None:
    app = ScreenApp(NewGameScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = new_game_screen(app)
        await pilot.press("down", "down", "down", "down")  # European: 2-12
        await pilot.pause()
        await pick(pilot, "#ng-count", "end")
        assert screen.player_count == 12
        screen.query_one("#ng-variant", OptionList).focus()
        await pilot.press("home")  # Classic: 2-6
        await pilot.pause()
        assert screen.variant_id == "classic"
        assert screen.player_count == 6
        rows = screen.query_one("#ng-seats").children
        assert [row.id for row in rows] == [f"seat-row-{index}" for index in range(6)]


@pytest.mark.parametrize("language", ["en", "fi", "ru"])
async def test_new_game_variant_entries_give_the_seat_range_once(language: str) -> None:
    """Each variant's entry names its seat range once (issue 21: "2-6 players" was also at the
    end of the description under it), in every language."""
    from rummy_tui.i18n import set_language

    set_language(language)
    try:
        app = ScreenApp(NewGameScreen)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            variants = new_game_screen(app).query_one("#ng-variant", OptionList)
            assert variants.option_count == len(VARIANT_IDS)
            for index in range(variants.option_count):
                rules = get_variant(VARIANT_IDS[index])
                entry = str(variants.get_option_at_index(index).prompt)
                seat_range = rf"\b{rules.min_players}\s*[-–]\s*{rules.max_players}\b"
                assert len(re.findall(seat_range, entry)) == 1, entry
    finally:
        set_language("en")


async def test_new_game_twelve_seats_fit_at_80x24_by_scrolling() -> None:
    app = ScreenApp(NewGameScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = new_game_screen(app)
        await pilot.press("end")  # European Rummy, the last entry
        await pilot.pause()
        await pick(pilot, "#ng-count", "end")
        last = screen.query_one("#seat-name-11", Input)
        last.focus()
        await pilot.pause()
        body = screen.query_one("#ng-body").region
        assert body.contains_region(last.region)
        await pilot.press(*"Zoe")
        await pilot.press("ctrl+s")
        await pilot.pause()
        setup = app.result()
        assert len(setup.seats) == 12
        assert setup.names[-1] == "Zoe"
        setup.start()


async def test_new_game_boathouse_per_card_scoring_brings_its_target() -> None:
    app = ScreenApp(NewGameScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = new_game_screen(app)
        await pilot.press("down")
        await pilot.pause()
        assert screen.variant_id == "boathouse"
        await pick(pilot, "#opt-boathouse-unmatched_value", 1)
        target = screen.query_one("#opt-boathouse-target_score", Select)
        assert str(target.query_one("#label", Static).content) == "25 points"
        await pilot.press("ctrl+s")
        await pilot.pause()
        setup = app.result()
        assert setup.rules.unmatched_value == "per_card"
        assert setup.rules.target_score == 25


async def test_new_game_chosen_target_is_kept_when_scoring_changes() -> None:
    app = ScreenApp(NewGameScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down")
        await pilot.pause()
        await pick(pilot, "#opt-boathouse-target_score", 2)  # 150
        await pick(pilot, "#opt-boathouse-unmatched_value", 1)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.result().rules.target_score == 150


async def test_new_game_deal_limit_label_depends_on_target() -> None:
    app = ScreenApp(NewGameScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = new_game_screen(app)
        deals = screen.query_one("#opt-classic-deal_limit", Select)
        assert str(deals.query_one("#label", Static).content) == "no limit"
        await pick(pilot, "#opt-classic-target_score", 3)  # no points target
        assert str(deals.query_one("#label", Static).content) == "one per player"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.result().rules.target_score is None


async def test_new_game_computer_seat_is_renamed_only_while_default() -> None:
    app = ScreenApp(NewGameScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = new_game_screen(app)
        await pick(pilot, "#seat-kind-0", 2)  # normal
        assert screen.query_one("#seat-name-0", Input).value == "Computer 1 (normal)"
        screen.query_one("#seat-name-1", Input).value = "Bob"
        await pick(pilot, "#seat-kind-1", 1)  # easy
        assert screen.query_one("#seat-name-1", Input).value == "Bob"
        await pilot.press("ctrl+s")
        await pilot.pause()
        setup = app.result()
        assert [(seat.name, seat.kind) for seat in setup.seats] == [
            ("Computer 1 (normal)", SeatKind.NORMAL),
            ("Bob", SeatKind.EASY),
        ]


async def test_new_game_escape_backs_out() -> None:
    app = ScreenApp(NewGameScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape")
        await pilot.pause()
        assert app.result() is None


async def test_new_game_f1_explains_the_chosen_variant() -> None:
    app = ScreenApp(NewGameScreen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "down")  # Double Rum
        await pick(pilot, "#opt-double-target_score", 3)  # 500
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.rules.target_score == 500
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert app.result() is NO_RESULT


def test_check_setup_reports_every_problem_by_place() -> None:
    check = check_setup(
        "rummy500",
        {"partnerships": True},
        [("Anna", SeatKind.HUMAN), (" ", SeatKind.HUMAN), ("anna", SeatKind.EASY)],
        seed_text="-",
    )
    assert check.setup is None
    assert check.count == "Partnerships are played by exactly four players (R-13)."
    assert check.names == [
        "Seat 2 needs a name.",
        "Seats 1 and 3 are both called 'anna': names must differ.",
    ]
    assert check.name_seats == [1, 2]
    assert check.seed is not None
    assert len(check.problems) == 4


def test_check_setup_refuses_unknown_option_values_in_words() -> None:
    check = check_setup(
        "classic", {"target_score": -3}, [("A", SeatKind.HUMAN), ("B", SeatKind.HUMAN)]
    )
    assert check.setup is None
    assert check.options is not None
    assert "target_score" in check.options


# ----------------------------------------------------------------------------- rules screen


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_rules_text_exists_for_every_variant(variant_id: str) -> None:
    rules = get_variant(variant_id)
    text = rules_markdown(rules)
    assert text.startswith(f"# {rules.name}")
    assert "## Options in force" in text
    assert "## Playing at one keyboard" in text
    for option in rules.options:
        assert option.label in text


def test_read_asset_refuses_missing_and_outside_paths() -> None:
    assert read_asset("rules/general.md").startswith("## Playing at one keyboard")
    with pytest.raises(AssetMissing):
        read_asset("rules/nothing.md")
    with pytest.raises(AssetMissing):
        read_asset("../pyproject.toml")


def test_read_asset_prefers_installed_package_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    installed = tmp_path / "assets" / "rules"
    installed.mkdir(parents=True)
    (installed / "general.md").write_text("installed copy", encoding="utf-8")
    monkeypatch.setattr(rummy_tui, "__path__", [*rummy_tui.__path__, str(tmp_path)])
    monkeypatch.delitem(sys.modules, "rummy_tui.assets", raising=False)
    try:
        assert read_asset("rules/general.md") == "installed copy"
        assert read_asset("rules/classic.md").startswith("# Classic Rummy")  # source fallback
    finally:
        sys.modules.pop("rummy_tui.assets", None)


def test_choice_labels_say_what_none_means() -> None:
    classic = get_variant("classic")
    european = get_variant("european")
    assert choice_label(classic, "rebuild_limit", None) == "unlimited"
    assert choice_label(classic, "deal_limit", None) == "no limit"
    assert choice_label(european, "deal_limit", None) == "one per player"
    assert choice_label(classic, "target_score", None) == "none (a number of deals)"
    assert choice_label(european, "twos_wild", True) == "yes"


async def test_rules_screen_shows_options_in_force_and_closes() -> None:
    rules = get_variant("european", twos_wild=True, deal_limit=4)
    app = ScreenApp(lambda: RulesScreen(rules))
    async with app.run_test(size=(80, 24)) as pilot:
        markdown = app.screen.query_one("#rules-text", Markdown)
        assert "- **Twos wild:** yes" in markdown.source
        assert "- **Number of deals:** 4 deals" in markdown.source
        assert "European Rummy" in static_text(app.screen, "#rules-header")
        await pilot.press("q")
        await pilot.pause()
        assert app.result() is None


async def test_rules_screen_pages_through_variants() -> None:
    app = ScreenApp(lambda: RulesScreen(get_variant("classic", target_score=150)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right")
        await pilot.pause()
        markdown = app.screen.query_one("#rules-text", Markdown)
        assert markdown.source.startswith("# Boathouse Rum")
        assert "Options (defaults" in markdown.source
        await pilot.press("left")
        await pilot.pause()
        assert "- **Points to win:** 150 points" in markdown.source
        await pilot.press("escape")
        await pilot.pause()
        assert app.result() is None


# ------------------------------------------------------------------------------ load screen


@dataclass(frozen=True)
class FakeInfo:
    name: str
    variant: str
    players: tuple[str, ...]
    deal_number: int
    scores: tuple[int, ...]
    last_played: datetime
    finished: bool = False
    damaged: str | None = None


class FakeStore:
    """The SaveStore calls the load screen makes, in memory."""

    def __init__(self) -> None:
        noon = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)
        infos = [
            FakeInfo("Friday", "Classic Rummy", ("Anna", "Bob"), 3, (35, 12), noon),
            FakeInfo(
                "Old 500",
                "Rummy 500",
                ("Anna", "Bob"),
                7,
                (310, 520),
                noon - timedelta(days=3),
                finished=True,
            ),
            FakeInfo(
                "broken",
                "",
                (),
                0,
                (),
                noon + timedelta(days=1),
                damaged="The checksum does not match: the file was changed.",
            ),
            FakeInfo(
                "euro", "European Rummy", ("A", "B", "C"), 2, (5, -2, -3), noon - timedelta(hours=1)
            ),
        ]
        self.saves = {info.name: info for info in infos}
        self.calls: list[tuple[str, ...]] = []

    def list(self) -> list[FakeInfo]:
        return sorted(self.saves.values(), key=lambda info: info.last_played, reverse=True)

    def rename(self, old: str, new: str) -> None:
        self.calls.append(("rename", old, new))
        if new in self.saves:
            raise ValueError(f"There is already a save called {new!r}.")
        self.saves[new] = replace(self.saves.pop(old), name=new)

    def delete(self, name: str) -> None:
        self.calls.append(("delete", name))
        del self.saves[name]

    def clear_finished(self) -> None:
        self.calls.append(("clear_finished",))
        for name in [name for name, info in self.saves.items() if info.finished]:
            del self.saves[name]


def listed_names(screen: Screen[Any]) -> list[str]:
    assert isinstance(screen, LoadScreen)
    return [info.name for info in screen.saves]


async def test_load_lists_newest_first_and_loads_with_enter() -> None:
    store = FakeStore()
    app = ScreenApp(lambda: LoadScreen(store))
    async with app.run_test(size=(80, 24)) as pilot:
        assert listed_names(app.screen) == ["broken", "Friday", "euro", "Old 500"]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.result() == "Friday"


async def test_load_damaged_save_shows_reason_and_is_not_loaded() -> None:
    store = FakeStore()
    app = ScreenApp(lambda: LoadScreen(store))
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen.query_one("#load-list", OptionList)
        prompt = str(menu.get_option_at_index(0).prompt)
        assert "damaged" in prompt
        assert "The checksum does not match" in prompt
        await pilot.press("enter")
        await pilot.pause()
        assert app.result() is NO_RESULT
        message = static_text(app.screen, "#load-message")
        assert "'broken' is damaged and cannot be loaded" in message


async def test_load_finished_match_shows_final_standings() -> None:
    info = FakeStore().saves["Old 500"]
    assert "Final standings: 1. Bob 520  2. Anna 310" in describe_save(info).plain
    assert "finished" in describe_save(info).plain


async def test_load_rename_by_typing() -> None:
    store = FakeStore()
    app = ScreenApp(lambda: LoadScreen(store))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "r")
        await pilot.pause()
        assert isinstance(app.screen, RenameDialog)
        await pilot.press(*"Saturday", "enter")  # the old name is selected: typing replaces it
        await pilot.pause()
        assert store.calls == [("rename", "Friday", "Saturday")]
        assert isinstance(app.screen, LoadScreen)
        assert listed_names(app.screen)[1] == "Saturday"
        assert selected(app.screen).name == "Saturday"


async def test_load_rename_refused_keeps_the_dialog_with_the_reason() -> None:
    store = FakeStore()
    app = ScreenApp(lambda: LoadScreen(store))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "r")
        await pilot.pause()
        await pilot.press(*"euro", "enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RenameDialog)
        assert "already a save called 'euro'" in static_text(dialog, "#rename-problem")
        await pilot.press("escape")
        await pilot.pause()
        assert listed_names(app.screen) == ["broken", "Friday", "euro", "Old 500"]


async def test_load_delete_asks_first() -> None:
    store = FakeStore()
    app = ScreenApp(lambda: LoadScreen(store))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert store.calls == []
        await pilot.press("delete")
        await pilot.pause()
        await pilot.click("#confirm-yes")
        await pilot.pause()
        assert store.calls == [("delete", "broken")]
        assert listed_names(app.screen) == ["Friday", "euro", "Old 500"]
        assert "Deleted 'broken'." in static_text(app.screen, "#load-message")


async def test_load_clear_finished_asks_first() -> None:
    store = FakeStore()
    app = ScreenApp(lambda: LoadScreen(store))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        assert store.calls == [("clear_finished",)]
        assert listed_names(app.screen) == ["broken", "Friday", "euro"]
        assert app.screen.query_one("#load-clear").disabled


async def test_load_store_failure_is_reported_not_raised() -> None:
    class BrokenStore(FakeStore):
        def list(self) -> list[FakeInfo]:
            raise OSError("Permission denied: the save folder")

    app = ScreenApp(lambda: LoadScreen(BrokenStore()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "could not be listed" in static_text(app.screen, "#load-message")
        assert app.screen.query_one("#load-empty").display
        await pilot.press("enter", "escape")
        await pilot.pause()
        assert app.result() is None


# ------------------------------------------------------------------- load with a real store


def real_store(folder: Path) -> SaveStore:
    """Two good saves, one of them with a backup and then damaged, and a foreign file."""
    store = SaveStore(folder, durable=False)
    setup = MatchSetup(rules=get_variant("classic"), seats=parse_players("Anna,Bob"), seed=3)
    game = setup.start()
    store.create(setup, game, "Friday")
    game.apply(game.legal_actions()[0])
    store.save("Friday", setup, game)  # the first copy becomes the backup
    other = MatchSetup(rules=get_variant("european"), seats=parse_players("Cid,bot:easy"))
    store.create(other, other.start(), "Euro night")
    (store.directory / "Friday.json").write_text("garbage", encoding="utf-8")
    (store.directory / "notes.json").write_text("{}", encoding="utf-8")
    return store


async def test_load_real_store_damaged_files_and_backup(tmp_path: Path) -> None:
    store = real_store(tmp_path)
    app = ScreenApp(lambda: LoadScreen(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        damaged = {info.name: info.damaged for info in screen.saves if info.damaged}
        assert set(damaged) == {"Friday", "notes"}
        assert "not valid JSON" in damaged["Friday"]
        friday = [info.name for info in screen.saves].index("Friday")
        screen.query_one("#load-list", OptionList).highlighted = friday
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.result() is NO_RESULT
        assert "'Friday' is damaged and cannot be loaded" in static_text(screen, "#load-message")
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        assert "Restored the backup of 'Friday'." in static_text(screen, "#load-message")
        assert selected(screen).name == "Friday"
        assert selected(screen).damaged is None
        await pilot.press("enter")
        await pilot.pause()
        assert app.result() == "Friday"
        assert store.load("Friday")[0].names == ["Anna", "Bob"]


async def test_load_real_store_rename_and_delete(tmp_path: Path) -> None:
    store = real_store(tmp_path)
    app = ScreenApp(lambda: LoadScreen(store))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        euro = [info.name for info in screen.saves].index("Euro night")
        screen.query_one("#load-list", OptionList).highlighted = euro
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        await pilot.press(*"a/b", "enter")
        await pilot.pause()
        assert isinstance(app.screen, RenameDialog)
        assert "cannot hold '/'" in static_text(app.screen, "#rename-problem")
        app.screen.query_one("#rename-input", Input).value = "  Long night "
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        assert selected(screen).name == "Long night"
        assert store.exists("Long night") and not store.exists("Euro night")
        await pilot.press("d", "y")
        await pilot.pause()
        assert not store.exists("Long night")
        assert "Long night" not in [info.name for info in screen.saves]
