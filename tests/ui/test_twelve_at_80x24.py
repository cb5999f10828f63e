"""Twelve players on an 80x24 terminal (issue 13): every screen's essential line in view,
what happened since a player's last turn readable, and the look kept by snapshots.

Update the snapshots after an intended change of the look with ``pytest
tests/ui/test_twelve_at_80x24.py --snapshot-update`` and look at the new pictures first.
"""

from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace
from typing import Any

from textual.content import Content

from rummy_tui.bots import make_bot
from rummy_tui.core import Game, Phase, get_variant, new_game
from rummy_tui.i18n.log_lines import entry_sentence
from rummy_tui.ui.screens.load import LoadScreen, describe_save
from rummy_tui.ui.screens.log_view import LogScreen, full_log_text
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.widgets.log import SINCE_MARK, since_last_turn
from tests.ui.helpers import NAMES, app_for, press, screen_text, settle
from tests.ui.test_menu_snapshots import MenuApp

SIZE = (80, 24)
PEOPLE = (0, 11)
"""Anna and Liv play; the ten seats between them are computers."""
BOTS = {seat: "easy" for seat in range(1, 11)}


def twelve(variant: str = "european", seed: int = 7) -> Game:
    return new_game(get_variant(variant), list(NAMES), seed=seed)


def play_until(game: Game, done: Any, limit: int = 3000, level: str = "easy") -> Game:
    """Computer moves for every seat until ``done(game)``."""
    for step in range(limit):
        if done(game):
            return game
        seat = game.current
        game.apply(make_bot(level, step).choose(game.view(seat), game.legal_actions()), seat=seat)
    raise AssertionError("the game did not get there")


def at_person_after_others(game: Game) -> bool:
    """Liv is to play and every other seat has played at least once since the deal began."""
    acted = {record.seat for record in game.state.log if record.seat is not None}
    return game.current == 11 and len(acted) >= 11 and game.phase is Phase.DRAW


def deal_over(game: Game) -> bool:
    return game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)


# ---------------------------------------------------------------------------- the cut


async def test_cut_shows_dealer_and_first_player_at_80x24_with_twelve() -> None:
    app = app_for(twelve(), bots=BOTS)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "CutScreen"
        shown = screen_text(app)
        game = app.session.game  # type: ignore[union-attr]
        dealer = game.players[game.state.first_dealer]
        first = game.players[(game.state.first_dealer + 1) % 12]
        assert f"{dealer} cut the lowest card and deals." in shown
        assert f"{first}, left of the dealer, plays first." in shown
        assert "PgDn" in shown  # the cuts below scroll, and the key bar says how


def test_snapshot_cut_twelve_80x24(snap_compare: Any) -> None:
    assert snap_compare(app_for(twelve(), bots=BOTS), terminal_size=SIZE)


# ---------------------------------------------------------------------------- hand-off


async def test_hand_off_lists_everything_since_the_last_turn() -> None:
    game = play_until(twelve(), at_person_after_others)
    since = since_last_turn(game.state.log, 11)
    assert since and all(record.seat != 11 for record in since)
    app = app_for(game, bots=BOTS)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "HandoffScreen"
        shown = screen_text(app)
        assert "Pass to Liv" in shown and "Press Enter when Liv is at the keyboard" in shown
        assert "Since your last turn:" in shown
        # The newest record is on view; the older ones are a PgUp away.
        assert entry_sentence(since[-1]).split(" ")[0] in shown.split("Since your last turn:")[1]
        body = app.screen.query_one("#handoff-since")
        assert body.max_scroll_y > 0 and body.scroll_y == body.max_scroll_y
        await press(pilot, "pageup")
        assert body.scroll_y < body.max_scroll_y


def test_snapshot_hand_off_twelve_80x24(snap_compare: Any) -> None:
    game = play_until(twelve(), at_person_after_others)
    assert snap_compare(app_for(game, bots=BOTS), terminal_size=SIZE)


# ------------------------------------------------------------------------- players panel


async def test_players_panel_keeps_the_player_to_act_and_the_keyboard_in_view() -> None:
    game = play_until(twelve(), at_person_after_others)
    app = app_for(game, bots=BOTS)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, "enter")  # Liv takes the keyboard: seat 11, the last of twelve
        await settle(pilot)
        panel = app.screen.query_one("PlayersPanel")
        box = app.screen.query_one("#seat-11")
        visible = panel.scrollable_content_region
        assert visible.y <= box.region.y and box.region.bottom <= visible.bottom
        assert "▶ Liv" in screen_text(app)


# ------------------------------------------------------------------------ the log screen


async def test_log_screen_shows_the_whole_log_with_the_last_turn_marked() -> None:
    game = play_until(twelve(), at_person_after_others)
    records = list(game.state.log)
    text = full_log_text(records, DisplaySettings(), seat=11).plain
    assert text.count("\n") + 1 == len(records) + 1  # every record, and the rule
    assert SINCE_MARK in text

    app = MenuApp(lambda: LogScreen(records, DisplaySettings(), seat=11))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        shown = screen_text(app)
        assert "The log of the match" in shown and "Esc" in shown
        assert entry_sentence(records[-1]).split(" ")[0] in shown  # the newest line is on view
        await press(pilot, "escape")
        assert type(app.screen).__name__ != "LogScreen"


# -------------------------------------------------------------------------- end of deal


async def test_end_of_deal_names_the_winner_at_the_top() -> None:
    game = play_until(twelve(seed=1), deal_over, level="normal")
    app = app_for(game, bots=BOTS)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "DealEndScreen"
        shown = screen_text(app)
        assert "Deal 1 is over." in shown
        assert "Press Enter to deal the next deal." in shown or "The match is over" in shown
        assert "from each of the 11 others" in shown


def test_snapshot_end_of_deal_twelve_80x24(snap_compare: Any) -> None:
    game = play_until(twelve(seed=1), deal_over, level="normal")
    assert snap_compare(app_for(game, bots=BOTS), terminal_size=SIZE)


# ------------------------------------------------------------------------------- load


class FakeStore:
    """Three saves, one of them of twelve players, at fixed times."""

    def __init__(self) -> None:
        when = datetime(2020, 11, 30, 17, 56)
        self.saves = [
            SimpleNamespace(
                name="European Rummy - Anna, Bob +10 - 30 Nov 17h56",
                variant="European Rummy",
                players=list(NAMES),
                scores=[0] * 12,
                deal_number=3,
                to_play="Computer 11 (hard)",
                last_played=when,
            ),
            SimpleNamespace(
                name="Classic Rummy - Anna, Bob - 29 Nov 20h15",
                variant="Classic Rummy",
                players=["Anna", "Bob"],
                scores=[35, 12],
                deal_number=2,
                to_play="Bob",
                last_played=datetime(2020, 11, 29, 20, 15),
            ),
        ]

    def list(self) -> list[Any]:
        return self.saves

    def rename(self, old: str, new: str) -> str:
        return new

    def delete(self, name: str) -> None:
        return None

    def clear_finished(self) -> list[str]:
        return []


def test_load_entry_wraps_indented_and_keeps_the_time_whole() -> None:
    entry = describe_save(FakeStore().saves[0], width=76).plain
    lines = entry.split("\n")
    assert len(lines) >= 4  # the twelve names continue on a line of their own
    assert all(line.startswith("\u00a0\u00a0") for line in lines[1:])
    assert "last played 30 Nov 2020 17:56" in entry
    assert all(Content(line).cell_length <= 76 for line in lines)


def test_snapshot_load_twelve_80x24(snap_compare: Any) -> None:
    assert snap_compare(MenuApp(lambda: LoadScreen(FakeStore())), terminal_size=SIZE)


def test_snapshot_table_twelve_80x24(snap_compare: Any) -> None:
    """The table itself: the player to act and the person at the keyboard in view, the top
    line on one line."""
    game = play_until(twelve(), at_person_after_others)
    assert snap_compare(app_for(game, bots=BOTS), terminal_size=SIZE, press=["enter"])


async def test_hand_off_wraps_a_long_line_instead_of_cutting_it() -> None:
    """At 80 columns a record longer than the hand-off box (a computer's dig in Rummy 500)
    wraps onto the next line: every record since the last turn is on screen whole."""
    from rummy_tui.ui.widgets.log import log_lines

    names = ["Anna", "Computer 2 (normal)", "Cid", "Computer 4 (hard)", "Eve", "Computer 6"]
    game = new_game(get_variant("rummy500"), names, seed=4, dealer=5)
    app = app_for(game, bots={1: "normal", 3: "hard", 5: "easy"})
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "enter", "d", "x")  # Anna plays; the hand-off to Cid comes at once
        await settle(pilot)
        # Cid watches Computer 2 until it has moved (however long it thinks), then plays:
        # a draw pressed while the computer still thinks is not Cid's to make
        await press(pilot, "enter")
        await settle(pilot)
        assert app.session.game.current == 2  # type: ignore[union-attr]
        await press(pilot, "d", "x")
        await settle(pilot)
        assert type(app.screen).__name__ == "HandoffScreen"
        records = since_last_turn(app.session.game.state.log, 4)  # type: ignore[union-attr]
        assert any(len(entry_sentence(record)) > 70 for record in records), (
            "no long record: another seed"
        )
        shown = "".join(screen_text(app).replace("║", "").split())  # spaces aside
        for line in log_lines(records, DisplaySettings(), limit=None).plain.splitlines():
            assert "".join(line.split()) in shown
