"""The bytes Textual sends to the terminal draw exactly the compositor's picture, frame after
frame, around every take-back the shared screen shows (P-4).

A table once saw a take-back line drawn twice, across the log's border, on the shared screen.
Screenshots are the compositor's own full picture and always whole, so a fault of that kind
can live only in the partial updates written to the terminal. Here every app writes its real
output to a terminal emulator (tests/ui/terminal_emulator.py) and after every step the
emulator must show, cell for cell (characters, colours and attributes), what a full redraw of
the compositor would: no line drawn twice, nothing across a border, no stale cell.

The take-backs come from every place of the shared screen: the keyboard player's own ``u`` in
their turn (after a meld and after a take from the discard pile), ``u`` at the hand-off's
gate, ``u`` at the gate while the next seat plays on its own screen, and a take-back arriving
from that seat's own screen (a second hold of the shared match file, or the app of ``rummy
join`` played by its keys); with the log short and full (scrolled), the help opened and
closed around them, in English, Finnish and Russian, at 80x24, 100x30, 120x40 and the phone's
44x60, and with the window resized after them. After every step the log's scroll bar thumb
must also be where the log is scrolled (it once stayed above the end of the track after a
resize while the log showed its newest line).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pyte
import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot

from rummy_tui.core import Game, Phase, get_variant, new_game
from rummy_tui.core.actions import TakeBack
from rummy_tui.i18n import set_language
from rummy_tui.persistence.shared_match import SharedMatch
from rummy_tui.ui.shell.app import RummyApp
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.widgets.log import LogPanel
from tests.ui.helpers import app_for, pass_to, press, select, settle, stacked_game
from tests.ui.helpers import table as table_of
from tests.ui.terminal_emulator import Terminal, Terminals, assert_terminal_matches, terminals
from tests.ui.test_log_panel import random_moves
from tests.ui.test_own_screens import (
    game_of,
    host_app,
    joined_app,
    own_setup,
    screen_name,
    wait_for,
)
from tests.ui.test_own_screens_moves import to_the_table

pytestmark = pytest.mark.xdist_group("own-screens")

__all__ = ["terminals"]  # the fixture, used by name

SIZES = [(80, 24), (100, 30), (120, 40), (44, 60)]

BOB = "7H 8H 9H KS KD KC 2C 3C 5D JS"
ANNA = "10H AS 3S 5S 7S 9D 6C 8C QC 4H"


async def step(pilot: Pilot[Any], terminals: Terminals, *keys: str) -> None:
    """Press ``keys`` and check the terminal after each."""
    for key in keys:
        await press(pilot, key)
        await settle(pilot)
        await assert_terminal_matches(pilot, terminals, f"key {key!r}")


def thumb_rows(app: App[Any]) -> tuple[list[int], int] | None:
    """The rows of the log panel's scrollbar the compositor draws its thumb on (a whole
    cell or a part of one), and the track's height; None while the log fits (no bar)."""
    panels = app.screen.query(LogPanel)
    if not panels or not panels.first().show_vertical_scrollbar:
        return None
    bar = panels.first().vertical_scrollbar.region
    if not bar.height:  # a panel with no room for a line (its border only)
        return None
    strips = app.screen._compositor.render_strips()
    rows = []
    for row in range(bar.height):
        cell = [segment for segment in strips[bar.y + row].crop(bar.x, bar.x + 1) if segment.text]
        style = cell[0].style
        if cell[0].text.strip() or (style is not None and style.reverse):
            rows.append(row)
    return rows, bar.height


def assert_thumb_in_place(app: App[Any], what: str) -> None:
    """The log's scrollbar thumb is where the panel is scrolled: at the track's end while
    the newest line is at the panel's foot, at its start while the first is at its top."""
    found = thumb_rows(app)
    if found is None:
        return
    rows, height = found
    panel = app.screen.query_one(LogPanel)
    assert rows, f"after {what}: no thumb on the log's scrollbar"
    if panel.scroll_y >= panel.max_scroll_y:
        assert rows[-1] == height - 1, (
            f"after {what}: the log shows its newest line (scrolled {panel.scroll_y} of "
            f"{panel.max_scroll_y}) but the thumb is on rows {rows} of {height}"
        )
    if panel.scroll_y == 0:
        assert rows[0] == 0, f"after {what}: the log is at its top, the thumb on rows {rows}"


# The check itself -------------------------------------------------------------------------


async def test_the_check_sees_a_stray_sequence_and_a_changed_cell(terminals: Terminals) -> None:
    """The comparison is not vacuous: text written where the app wrote none, and one cell's
    colour changed behind the app's back, are both reported at their row and column."""
    app = app_for(stacked_game("classic", {0: ANNA, 1: BOB}, upcard="4C", stock="QD 6S 6D"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await assert_terminal_matches(pilot, terminals, "the start")
        terminal = terminals.of(app)
        assert terminal.writes and terminal.written > 80 * 24
        assert terminal.mismatches(app) == []

        terminal.feed("\x1b[5;10Hxy")  # a stray "xy" at row 4, columns 9 and 10
        found = terminal.mismatches(app)
        assert [(mismatch.row, mismatch.columns) for mismatch in found] == [(4, (9, 10))]
        assert "xy" in found[0].got and "xy" not in found[0].want
        with pytest.raises(AssertionError, match="differs from the compositor in 1 rows"):
            await assert_terminal_matches(pilot, terminals, "a stray sequence")

        app.screen.refresh()  # the whole screen drawn again: whole again
        await assert_terminal_matches(pilot, terminals, "a full repaint")

        cell = terminal.screen.buffer[7][3]
        terminal.screen.buffer[7][3] = cell._replace(reverse=not cell.reverse)  # same text
        found = terminal.mismatches(app)
        assert [(mismatch.row, mismatch.columns) for mismatch in found] == [(7, (3,))]
        assert found[0].want == found[0].got


def test_a_terminal_is_the_emulator_of_what_it_was_fed() -> None:
    terminal = Terminal(10, 3)
    terminal.feed("\x1b[2;3Hab\x1b[3;1H\U0001f0cfc")
    assert terminal.lines() == ["          ", "  ab      ", "\U0001f0cfc       "]
    assert isinstance(terminal.screen, pyte.Screen)


class LogApp(App[None]):
    """The log panel alone, in the table's frame."""

    CSS = "LogPanel { border: round white; scrollbar-size-vertical: 1; }"

    def compose(self) -> ComposeResult:
        yield LogPanel(id="log")


async def test_the_log_thumb_is_at_the_end_of_the_track_after_take_backs_and_resizes(
    terminals: Terminals,
) -> None:
    """A log longer than its panel, anchored to its newest line, with take-backs among its
    moves: the thumb ends at the foot of the track after every move and after the window is
    resized (the layout that only scrolls the panel to its end used to leave the thumb where
    the layout before it had drawn it), and the terminal shows it there too."""
    rng = random.Random(3)
    game = new_game(get_variant("classic"), ["Anna", "Bob", "Cid"], seed=4)
    app = LogApp()
    async with app.run_test(size=(40, 16)) as pilot:
        panel = app.query_one(LogPanel)
        for step in range(30):
            random_moves(game, 1, rng)
            if game.can_take_back() and rng.random() < 0.3:
                game.take_back()
            panel.show(list(game.state.log), DisplaySettings(), list(game.state.take_back_notes))
            await assert_terminal_matches(pilot, terminals, f"move {step}")
            assert_thumb_in_place(app, f"move {step}")
        assert game.state.take_back_notes and panel.max_scroll_y > 0
        for size in [(50, 20), (40, 16), (30, 12), (40, 16), (80, 40), (40, 16)]:
            await pilot.resize_terminal(*size)
            await assert_terminal_matches(pilot, terminals, f"a resize to {size}")
            assert_thumb_in_place(app, f"a resize to {size}")


# The keyboard player's own take-backs -------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_own_take_backs_of_a_meld_and_a_pile_take(
    terminals: Terminals, size: tuple[int, int]
) -> None:
    """Bob takes the 4♣ from the pile, melds, takes the meld back with ``u`` and then the
    take; the help is opened and closed around a take-back; the discard, a stock draw and a
    discard of Anna's follow."""
    app = app_for(stacked_game("classic", {0: ANNA, 1: BOB}, upcard="4C", stock="QD 6S 6D"))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await assert_terminal_matches(pilot, terminals, "the hand-off")
        await pass_to(pilot, "Bob")
        await assert_terminal_matches(pilot, terminals, "Bob's table")
        await step(pilot, terminals, "t")
        await select(pilot, "7H", "8H", "9H")
        await assert_terminal_matches(pilot, terminals, "three cards selected")
        await step(pilot, terminals, "m", "question_mark", "escape", "u")
        assert game_of(app).state.deal.melds == []
        await step(pilot, terminals, "question_mark", "escape", "u", "question_mark", "escape")
        assert game_of(app).phase is Phase.DRAW
        await step(pilot, terminals, "t", "x", "enter", "d", "x")
        assert len(game_of(app).state.take_back_notes) == 2


# The shared screen with a seat on its own screen --------------------------------------------


class SharedTable:
    """Anna and Cy at the shared keyboard, Bob on his own screen (played here through a
    second hold of the shared match file), driven at random with every take-back there is,
    the terminal checked after every step."""

    def __init__(self, pilot: Pilot[Any], host: RummyApp, terminals: Terminals, seed: int) -> None:
        self.pilot, self.host, self.terminals = pilot, host, terminals
        self.random = random.Random(seed)
        assert host.session is not None and host.session.link is not None
        self.bob = SharedMatch.open(host.session.link.shared.path)
        self.took_back: dict[str, int] = {}

    def close(self) -> None:
        self.bob.close()

    async def check(self, what: str) -> None:
        await settle(self.pilot)
        await assert_terminal_matches(self.pilot, self.terminals, what, self.host)
        assert_thumb_in_place(self.host, what)

    async def key(self, key: str) -> None:
        await press(self.pilot, key)
        await self.check(f"key {key!r}")

    def counted(self, where: str) -> None:
        self.took_back[where] = self.took_back.get(where, 0) + 1

    def chance(self, where: str, take_backs: float) -> bool:
        """Whether to take back here now: always the first time, then at random."""
        return where not in self.took_back or self.random.random() < take_backs

    def bob_game(self) -> Game:
        return self.bob.game

    async def news_shown(self) -> None:
        """Wait until the shared screen has shown Bob's newest move."""
        for _ in range(200):
            game, bob = game_of(self.host), self.bob_game()
            if (len(game.state.log), len(game.state.take_back_notes)) == (
                len(bob.state.log),
                len(bob.state.take_back_notes),
            ):
                return
            await self.pilot.pause(0.02)
        raise AssertionError("the shared screen never showed Bob's move")

    async def play(self, steps: int, take_backs: float = 0.3) -> None:
        for _step in range(steps):
            await settle(self.pilot)
            game = game_of(self.host)
            if game.phase not in (Phase.DRAW, Phase.PLAY):
                return
            top = screen_name(self.host)
            if game.current == 1:
                await self.bob_moves(take_backs)
            elif top == "HandoffScreen":
                await self.hand_off(take_backs)
            elif top != "TableScreen":
                await self.key("escape")
            else:
                await self.keyboard_moves(take_backs)

    async def hand_off(self, take_backs: float) -> None:
        offered = getattr(self.host.screen, "take_back", None) is not None
        if offered and self.chance("hand-off gate", take_backs):  # the discard before it
            before = len(game_of(self.host).state.take_back_notes)
            await self.key("u")
            if screen_name(self.host) == "TakeBackGate":
                await self.key("enter")
                if len(game_of(self.host).state.take_back_notes) > before:
                    self.counted("hand-off gate")
            return
        await self.key("enter")

    async def keyboard_moves(self, take_backs: float) -> None:
        game = game_of(self.host)
        seat = game.current
        if game.phase is Phase.DRAW:
            await self.key("t" if "own u" not in self.took_back else self.random.choice("ddt"))
            await self.answer_question()  # how deep into the pile to take (Rummy 500)
            if game_of(self.host).phase is Phase.DRAW:  # the take refused: the stock
                await self.key("d")
            if game_of(self.host).phase is Phase.PLAY and self.chance("own u", take_backs):
                await self.around_help("u", "own u")
            return
        await self.key("x")
        await self.answer_question()
        after = game_of(self.host)
        if after.current == seat and after.phase is Phase.PLAY:
            await self.around_help("u", "own u")  # the discard refused: the take taken back
            return
        elsewhere = "gate while elsewhere"
        if after.current == 1 and after.phase is Phase.DRAW and self.chance(elsewhere, take_backs):
            # Bob plays on his own screen: u on the shared screen opens the gate
            await self.around_help("u", elsewhere)
            if screen_name(self.host) == "TakeBackGate":
                await self.key("enter")

    async def answer_question(self) -> None:
        """A question over the table gets one of its choices at random (a refused one
        leaves it open: then Esc)."""
        screen = self.host.screen
        if screen_name(self.host) != "ChoiceScreen":
            return
        count = len(screen.choices)  # type: ignore[attr-defined]
        await self.key(str(self.random.randint(1, min(count, 9))))
        if self.host.screen is screen:
            await self.key("escape")

    async def around_help(self, key: str, where: str) -> None:
        """``key`` with the help opened and closed before it, now and then."""
        notes = len(game_of(self.host).state.take_back_notes)
        if self.random.random() < 0.4:
            await self.key("question_mark")
            await self.key("escape")
        await self.key(key)
        if screen_name(self.host) == "TakeBackGate":
            await self.key("enter")
        if self.random.random() < 0.4 and screen_name(self.host) == "TableScreen":
            await self.key("question_mark")
            await self.key("escape")
        if len(game_of(self.host).state.take_back_notes) > notes:
            self.counted(where)

    async def bob_moves(self, take_backs: float) -> None:
        bob = self.bob
        bob.catch_up()
        legal = bob.game.legal_actions()
        kinds = [a for a in legal if a.kind in ("draw_stock", "discard")]
        if not kinds:
            return
        action = self.random.choice(kinds)
        bob.append(bob.seq, action, 1)
        await self.news_shown()
        await self.check(f"Bob's {action.kind}")
        if action.kind == "discard" and self.chance("Bob's own screen", take_backs):
            bob.catch_up()
            if bob.game.can_take_back(1):
                bob.append(bob.seq, TakeBack(), 1)
                await self.news_shown()
                await self.check("Bob's take-back")
                self.counted("Bob's own screen")


SHARED_CASES = [*((size, "en") for size in SIZES), ((44, 60), "ru"), ((80, 24), "fi")]


@pytest.mark.parametrize(
    ("size", "language"), SHARED_CASES, ids=[f"{w}x{h}-{lang}" for (w, h), lang in SHARED_CASES]
)
async def test_shared_screen_take_backs_with_the_log_short_and_full(
    tmp_path: Path, terminals: Terminals, size: tuple[int, int], language: str
) -> None:
    """Rummy 500 with Bob on his own screen: every kind of take-back, first while the log
    is short, then in a full log scrolled to its newest line (long take-back lines wrap:
    "Cy took back: taking 8 cards from the discard pile")."""
    set_language(language)
    host = host_app(tmp_path, own_setup("Anna,own:Bob,Cy", seed=11))
    async with host.run_test(size=size) as pilot:
        await to_the_table(pilot, host)
        table = SharedTable(pilot, host, terminals, seed=size[0] * size[1])
        try:
            await table.check("the table")
            await table.play(10, take_backs=0.5)  # the log still short
            await table.play(26, take_backs=0.05)  # the log fills and scrolls
            await table.play(14, take_backs=0.6)  # take-backs in a full log
            assert table_of(host).query_one(LogPanel).max_scroll_y > 0  # the log was full
            for width, height in (SIZES[(SIZES.index(size) + 1) % len(SIZES)], size):
                await pilot.resize_terminal(width, height)  # the window resized, and back
                await table.check(f"a resize to {width}x{height}")
        finally:
            table.close()
    assert set(table.took_back) == {
        "own u",
        "gate while elsewhere",
        "Bob's own screen",
        "hand-off gate",
    }, table.took_back
    assert terminals.frames_compared > 60


class JoinedTable(SharedTable):
    """The same table with Bob's own screen a real one: the app of ``rummy join``, played by
    its keys; both terminals are checked after every step."""

    def __init__(
        self,
        pilot: Pilot[Any],
        host: RummyApp,
        joined_pilot: Pilot[Any],
        terminals: Terminals,
        seed: int,
    ) -> None:
        super().__init__(pilot, host, terminals, seed)
        self.joined_pilot = joined_pilot
        self.joined: RummyApp = joined_pilot.app

    def bob_game(self) -> Game:
        return game_of(self.joined)

    async def check(self, what: str) -> None:
        await settle(self.joined_pilot)
        await assert_terminal_matches(self.joined_pilot, self.terminals, what, self.joined)
        assert_thumb_in_place(self.joined, what)
        await super().check(what)

    async def bob_key(self, key: str) -> None:
        await press(self.joined_pilot, key)
        await settle(self.joined_pilot)
        await self.news_shown()
        await self.check(f"Bob's {key!r}")

    async def bob_moves(self, take_backs: float) -> None:
        await settle(self.joined_pilot)
        game = self.bob_game()
        if game.current != 1 or screen_name(self.joined) != "TableScreen":
            if screen_name(self.joined) != "TableScreen":
                await self.bob_key("escape")
            return
        if game.phase is Phase.DRAW:
            await self.bob_key("d")
            return
        await self.bob_key("x")
        if self.bob_game().current == 1:  # a question, or the discard refused
            await self.bob_key("escape")
            return
        if self.chance("Bob's own screen", take_backs):
            notes = len(self.bob_game().state.take_back_notes)
            await self.bob_key("u")
            if len(self.bob_game().state.take_back_notes) > notes:
                self.counted("Bob's own screen")


@pytest.mark.parametrize(
    ("host_size", "joined_size"), [((80, 24), (44, 60))], ids=["80x24-joined-44x60"]
)
async def test_take_backs_with_bob_on_a_joined_screen(
    tmp_path: Path,
    terminals: Terminals,
    host_size: tuple[int, int],
    joined_size: tuple[int, int],
) -> None:
    """Bob plays on the screen of ``rummy join`` (a terminal, or a phone's size): both
    terminals show their compositor's picture after every step."""
    host = host_app(tmp_path, own_setup("Anna,own:Bob,Cy", seed=11))
    async with host.run_test(size=host_size) as pilot:
        await settle(pilot)
        assert host.session is not None and host.session.link is not None
        code = host.session.link.codes[1]
        joined = joined_app(tmp_path, code)
        async with joined.run_test(size=joined_size) as joined_pilot:
            await wait_for(
                [pilot, joined_pilot], lambda: screen_name(joined) == "TableScreen", "joined"
            )
            await to_the_table(pilot, host)
            table = JoinedTable(pilot, host, joined_pilot, terminals, seed=host_size[0])
            try:
                await table.check("the table")
                await table.play(10, take_backs=0.5)
                await table.play(22, take_backs=0.05)
                await table.play(14, take_backs=0.6)
            finally:
                table.close()
    assert set(table.took_back) == {
        "own u",
        "gate while elsewhere",
        "Bob's own screen",
        "hand-off gate",
    }, table.took_back
