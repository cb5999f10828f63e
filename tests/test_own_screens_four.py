"""A group of four on three kinds of screen plays a whole Rummy 500 deal (issue 24, done when),
in English and in Finnish: Anna and Cy at the shared keyboard (tmux window 0, hand-offs
included), Bob in a second terminal (``rummy join CODE`` in another tmux window) and Dee in a
browser tab (headless Chromium on the served page ``/?join=CODE``). Both codes are read off the
shared screen's list of own screens.

Every move is made by keys (d, or e once the stock is empty; x) on the screen of the seat to
move, with a take-back (u, P-4) at the shared keyboard and one on Bob's screen. A discard at
the shared keyboard passes to a seat on its own screen, with no hand-off to take it back from,
so there the seat to move takes the top of the discard pile (t) and takes that back; Bob takes
back a discard. A terminal's key is sent once its screen shows the turn it is meant for. The
tab draws on a canvas, so its key is sent once the shared file shows Dee's turn and the
window's output since the last move says so and has stopped. Every word looked for on a
screen comes from the catalogs.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from rummy_tui.core import Game, Phase, TakeDiscard
from rummy_tui.i18n import _, set_language
from rummy_tui.persistence.shared_tables import read_join_code
from rummy_tui.ui.play.render import card_label
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.test_own_screens_tmux import new_window, rummy, shared_game, turn_shown
from tests.test_serve_browser import CHROMIUM, Served, playwright, served, wait_for
from tests.ui.tmux_driver import Terminal, hand_on_screen

pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="no Chromium here (apt-get install chromium)"),
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
    pytest.mark.slow,
]

__all__ = ["served"]  # the fixture: rummy serve on a free port over its own data folder

BOB, DEE = 1, 3
MAX_TURNS = 400
SETTINGS = DisplaySettings()
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[@-_]")


@pytest.fixture
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The language of every screen of the test (and of the words it looks for)."""
    set_language(request.param)
    yield request.param
    set_language("en")


def code_pattern(player: str) -> re.Pattern[str]:
    line = _("{player}: on their own screen, waiting to join · code {code}")
    head, tail = re.escape(line).split(re.escape("{code}"))
    return re.compile(head.replace(re.escape("{player}"), player) + r"([0-9A-Z-]{15})" + tail)


def joined(player: str) -> str:
    return _("{player}: on their own screen, joined").format(player=player)


class Tab:
    """Dee's browser tab: its keys, and the frames of the screen its window sent."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.frames: list[tuple[float, bytes]] = []

        def watch(socket: Any) -> None:
            def received(payload: Any) -> None:
                if isinstance(payload, bytes):  # the window's output (pings come as text)
                    self.frames.append((time.monotonic(), payload))

            socket.on("framereceived", received)

        page.on("websocket", watch)

    def text(self, since: int = 0) -> str:
        """What the window wrote since frame ``since``, without escape sequences."""
        raw = b"".join(payload for _at, payload in self.frames[since:])
        return ESCAPES.sub("", raw.decode("utf-8", errors="replace"))

    async def drawn_and_still(
        self, since: int, words: str, what: str, timeout: float = 20.0
    ) -> None:
        """Wait until the tab drew ``words`` after frame ``since`` (taken before the key of
        the move it is to show) and then drew nothing for 0.4 s."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if (
                len(self.frames) > since
                and time.monotonic() - self.frames[-1][0] > 0.4
                and words in self.text(since)
            ):
                return
            await asyncio.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what} on Dee's tab")

    async def press(self, key: str) -> None:
        await self.page.evaluate("document.querySelector('.xterm-helper-textarea').focus()")
        await self.page.keyboard.press(key)


async def wait_until(check: Callable[[], object], what: str, timeout: float = 20.0) -> object:
    """``wait_for`` of the served page's test, looking every 0.05 s (a move is seen as soon
    as the file has it)."""
    return await wait_for(check, what, timeout, poll=0.05)


def moves(game: Game) -> int:
    return len(game.state.log) + len(game.state.take_back_notes)


def key_for(game: Game) -> str:
    if game.phase is Phase.DRAW:
        kinds = {action.kind for action in game.legal_actions()}
        return "d" if "draw_stock" in kinds else "e"
    return "x"


@pytest.mark.parametrize(("served", "language"), [("en", "en"), ("fi", "fi")], indirect=True)
async def test_four_at_a_shared_keyboard_a_terminal_and_a_tab_play_a_whole_deal(
    served: Served, language: str
) -> None:
    url, data, _token = served
    session = f"rummy-four-{language}-{os.getpid()}"
    host = Terminal(session=session, width=100, height=30)
    host.start(
        f"{rummy(data, language)} new --variant rummy500 --players Anna,own:Bob,Cy,own:Dee"
        " --seed 5 --bot-delay 0"
    )
    host.session = f"{session}:0"
    try:
        shown = host.wait_for(
            lambda text: all(code_pattern(n).search(text) for n in ("Bob", "Dee")), "the codes"
        )
        codes = {n: code_pattern(n).search(shown).group(1) for n in ("Bob", "Dee")}  # type: ignore[union-attr]
        parsed = read_join_code(codes["Bob"])
        assert parsed is not None
        tag = parsed.tag
        bob = new_window(session, "bob", f"{rummy(data, language)} join {codes['Bob']}", 100, 30)
        bob_title = _("{name}'s hand").format(name="Bob") + " ·"
        bob.wait_for(lambda text: bob_title in text, "Bob's joined table", timeout=30)
        async with playwright.async_playwright() as driver:
            browser = await driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = await browser.new_page(viewport={"width": 1000, "height": 640})
            tab = Tab(page)
            await page.goto(f"{url}?join={codes['Dee']}")
            await page.wait_for_selector("body.-first-byte", timeout=20_000)
            host.wait_for(
                lambda text: joined("Bob") in text and joined("Dee") in text,
                "both own screens joined",
                timeout=30,
            )
            assert codes["Bob"] not in host.screen() and codes["Dee"] not in host.screen()
            cut = _("{variant}: the cut for the first dealer").format(variant=_("Rummy 500"))
            host.keys("Escape")
            host.wait_for(lambda text: cut in text, "the cut")
            host.keys("Enter")
            await play_the_deal(data, tag, host, bob, tab)
            over = _("Deal {number} is over.").format(number=1)
            host.wait_for(lambda text: over in text, "the deal's end on the shared screen")
            bob.wait_for(lambda text: over in text, "the deal's end on Bob's screen")
            await wait_until(lambda: over in tab.text(), "the deal's end on Dee's tab")
            await browser.close()
    finally:
        host.session = session
        host.stop()


async def play_the_deal(data: Path, tag: str, host: Terminal, bob: Terminal, tab: Tab) -> None:
    """Every turn by keys on the screen of the seat to move, to the end of the deal."""
    took_back: set[str] = set()
    handoffs: set[str] = set()
    own_seen = False
    ended_by_key = False
    frames_at_move = 0
    for _turn in range(MAX_TURNS):
        game = shared_game(data, tag)
        if game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            break
        seq = moves(game)
        name = game.players[game.current]
        key = key_for(game)
        ended_by_key = ended_by_key or key == "e"
        if game.current == DEE:
            prompt = f"{name}: {_('Draw a card')}" if key == "d" else ""
            await tab.drawn_and_still(frames_at_move, prompt, "Dee's turn")
            frames_at_move = len(tab.frames)
            await tab.press(key)
            terminal = None
        else:
            if game.current == BOB:
                terminal = bob
                own_seen = (
                    own_seen
                    or _("{player} is playing on their own screen.").format(player="Bob")
                    in host.screen()
                )
            else:
                pass_to = _("Pass to {player}").format(player=name)
                screen = host.wait_for(
                    lambda text, g=game, p=pass_to: p in text or turn_shown(text, g),
                    "the hand-off or the turn on the shared screen",
                )
                if pass_to in screen:
                    handoffs.add(name)
                    host.keys("Enter")
                    await wait_until(lambda p=pass_to: p not in host.screen(), "the hand-off")
                    continue
                terminal = host
            screen = terminal.wait_for(lambda text, g=game: turn_shown(text, g), "the turn")
            title = _("{name}'s hand").format(name=name) + " ·"
            assert sorted(hand_on_screen(screen, title)) == sorted(
                card_label(card, SETTINGS) for card in game.state.deal.hands[game.current]
            ), screen
            takes = [a for a in game.legal_actions() if isinstance(a, TakeDiscard)]
            if terminal is host and "shared keyboard" not in took_back and len(takes) == 1:
                frames_at_move = len(tab.frames)
                await take_and_take_back(data, tag, host, game)
                took_back.add("shared keyboard")
                continue
            frames_at_move = len(tab.frames)
            terminal.keys(key)
        try:
            await wait_until(lambda s=seq: moves(shared_game(data, tag)) > s, "the move")
        except AssertionError as error:
            shown = tab.text()[-2000:] if terminal is None else terminal.screen()
            raise AssertionError(f"{name} {game.phase}: no move; the screen:\n{shown}") from error
        if key == "x" and name == "Bob" and name not in took_back:
            frames_at_move = len(tab.frames)
            await take_back(data, tag, bob, name)
            took_back.add(name)
    final = shared_game(data, tag)
    assert final.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)
    assert final.state.results[-1].ending is not None
    assert took_back == {"shared keyboard", "Bob"} and ended_by_key
    assert handoffs == {"Anna", "Cy"} and own_seen
    assert {record.seat for record in final.state.log if record.seat is not None} == {0, 1, 2, 3}


async def take_and_take_back(data: Path, tag: str, host: Terminal, game: Game) -> None:
    """At the shared keyboard the seat to move takes the top of the discard pile (t: the one
    depth the core offers it takes at once) and takes that back (u, P-4). The discard that
    ends a turn there passes to a seat on its own screen, with no hand-off in between to take
    it back from, so the take is what the shared keyboard takes back."""
    name = game.players[game.current]
    seq = moves(game)
    host.keys("t")
    try:
        await wait_until(lambda: moves(shared_game(data, tag)) > seq, "the take")
    except AssertionError as error:
        raise AssertionError(f"{error}; the screen:\n{host.screen()}") from error
    assert isinstance(shared_game(data, tag).state.log[-1].action, TakeDiscard)
    await take_back(data, tag, host, name)


async def take_back(data: Path, tag: str, terminal: Terminal, name: str) -> None:
    """``name`` takes back the newest move of the turn with u on ``terminal`` (P-4): the
    shared file holds one more take-back note, ``name`` is to move again, and the screen's log
    says so."""
    notes = len(shared_game(data, tag).state.take_back_notes)
    terminal.keys("u")

    def back() -> bool:
        now = shared_game(data, tag)
        return len(now.state.take_back_notes) > notes and now.players[now.current] == name

    try:
        await wait_until(back, f"{name}'s take-back")
    except AssertionError as error:
        raise AssertionError(f"{error}; the screen:\n{terminal.screen()}") from error
    # the log line begins "Anna took back" whatever was taken back
    note = _("{name} took back: discard {card}").split(":")[0].format(name=name)
    terminal.wait_for(lambda text: note in text, f"the take-back on {name}'s screen")
