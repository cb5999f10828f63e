"""A table's evening on own screens, with every screen killed or reloaded once (issue 30).

Run it from the project folder (it needs tmux and Debian's ``chromium``)::

    python tests/own_screens_trial.py [--seed 5] [--language en]

A whole Rummy 500 deal by four people on three kinds of screen: Anna and Cy at the shared
keyboard (tmux window 0, hand-offs included), Bob in a second terminal (``rummy join CODE``
in another tmux window) and Dee in a headless Chromium tab the size of a phone (390x844, the
served page opened as ``/?join=CODE``). Both codes are read off the shared screen. Every move
is made by keys on the screen of the seat to move (``d``, or ``e`` once the stock is empty;
``x``), and in the middle of a turn (after the draw, before the discard) each screen is taken
away once and comes back:

* Bob's ``rummy join`` is killed with ``kill -9`` and started again with the same code;
* Dee's tab is reloaded (the tab gets its seat back without the code: it was removed from the
  address once used);
* the shared screen is killed with ``kill -9`` and ``rummy continue`` opens the match again
  (Enter on the list of own screens continues it, Enter at the hand-off shows the hand).

Each time, the card drawn before the screen went away must still be in the hand of the seat
when its screen is back, and the move count of the shared match must be the same.

Every frame each screen drew is kept (each ``capture-pane`` of the two terminals, each output
message of the tab's websocket) and checked, once the turn it was drawn in is over, for the
cards it must not show: a card in another seat's hand that was not public by the end of that
turn (the hand a screen may show is its own seat's; on the shared screen the hand its hand box
names, which must be a seat of its keyboard). Jokers are not looked for (two jokers share one
label). The frames of the cut for the first dealer (a pack of its own, every card public) and
of the end of the deal, where every hand is revealed (P-3), are not checked.

It prints the frames checked per screen, the leaks (each with the screen and the card) and the
moves lost, and ends with code 1 when there was a leak or a lost move.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rummy_tui.core import Card, Discard, Game, Phase  # noqa: E402
from rummy_tui.i18n import _, set_language  # noqa: E402
from rummy_tui.persistence.shared_match import SharedMatch  # noqa: E402
from rummy_tui.persistence.shared_tables import read_join_code, table_path  # noqa: E402
from rummy_tui.ui.play.render import card_label  # noqa: E402
from rummy_tui.ui.shell.settings import DisplaySettings  # noqa: E402

SETTINGS = DisplaySettings()
PLAYERS = ("Anna", "Bob", "Cy", "Dee")
ANNA, BOB, CY, DEE = range(4)
KEYBOARD = frozenset({ANNA, CY})
MAX_TURNS = 400
PHONE = {"width": 390, "height": 844}
ESCAPES = re.compile(r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[@-_]")
TOKEN = re.compile(r"(10|[2-9AJQK])([♣♦♥♠])")


# ---------------------------------------------------------------------------- the match


def shared_game(data: Path, tag: str) -> Game:
    """The match as its shared file holds it now (what every screen replays)."""
    with SharedMatch.open(table_path(data, tag)) as match:
        return match.game


def moves(game: Game) -> int:
    return len(game.state.log) + len(game.state.take_back_notes)


def public_cards(game: Game) -> set[Card]:
    """Every card the whole table has seen: the discard pile, every discard of the log and of
    the take-backs, and the melds."""
    seen: set[Card] = set(game.view(-1).discard_pile)
    seen.update(r.action.card for r in game.state.log if isinstance(r.action, Discard))
    seen.update(n.move.card for n in game.state.take_back_notes if isinstance(n.move, Discard))
    for meld in game.state.deal.melds:
        seen.update(meld.cards)
    return seen


def draw_key(game: Game) -> str:
    kinds = {action.kind for action in game.legal_actions()}
    return "d" if "draw_stock" in kinds else "e"


# ---------------------------------------------------------------------------- frames


@dataclass
class Frame:
    """What one screen drew once, and the turn it was drawn in."""

    screen: str
    """``shared``, ``Bob`` or ``Dee``."""
    turn: int
    text: str


@dataclass
class Frames:
    """Every frame of every screen, checked turn by turn."""

    kept: list[Frame] = field(default_factory=list)
    turn: int = 0
    ever_public: set[Card] = field(default_factory=set)
    """Every card seen public at the start or end of a turn so far (the first card turned up
    on the discard pile is public but no discard of the log)."""
    checked: dict[str, int] = field(default_factory=dict)
    leaks: list[str] = field(default_factory=list)

    def keep(self, screen: str, text: str) -> None:
        self.kept.append(Frame(screen, self.turn, text))

    def check_turn(self, before: Game, after: Game) -> None:
        """Check the frames drawn in the turn that took the match from ``before`` to
        ``after``, then start the next turn."""
        self.ever_public |= public_cards(before) | public_cards(after)
        public = self.ever_public
        hands = before.state.deal.hands
        cut = _("{variant}: the cut for the first dealer").format(variant=_("Rummy 500"))
        for frame in [f for f in self.kept if f.turn == self.turn]:
            if cut in frame.text:  # the cut's cards are a pack of their own, all public
                continue
            allowed = allowed_seat(frame, before)
            hidden = {
                card_label(card, SETTINGS): PLAYERS[seat]
                for seat, hand in enumerate(hands)
                if seat != allowed
                for card in hand
                if card not in public and card.suit is not None
            }
            found = {m.group(0) for m in TOKEN.finditer(frame.text)}
            for label in sorted(found & set(hidden)):
                self.leaks.append(
                    f"{frame.screen}'s screen showed {label} of {hidden[label]}'s hand"
                    f" (turn {self.turn}):\n{frame.text}"
                )
            self.checked[frame.screen] = self.checked.get(frame.screen, 0) + 1
        self.kept = [f for f in self.kept if f.turn != self.turn]
        self.turn += 1


def allowed_seat(frame: Frame, game: Game) -> int | None:
    """The seat whose hand ``frame`` may show: a joined screen's own; on the shared screen
    the seat its hand box names, when that seat plays at the keyboard."""
    if frame.screen != "shared":
        return PLAYERS.index(frame.screen)
    for seat in KEYBOARD:
        if _("{name}'s hand").format(name=game.players[seat]) + " ·" in frame.text:
            return seat
    return None


# ---------------------------------------------------------------------------- terminals


class Terminal:
    """One tmux window; every screen read is kept as a frame."""

    def __init__(self, target: str, name: str, frames: Frames) -> None:
        self.target, self.name, self.frames = target, name, frames

    def keys(self, *keys: str, literal: bool = False) -> None:
        command = ["tmux", "send-keys", "-t", self.target, *(["-l"] if literal else []), *keys]
        subprocess.run(command, check=True)

    def run(self, command: str) -> None:
        self.keys(f"{command}; echo EXIT-$?", literal=True)
        self.keys("Enter")

    def screen(self) -> str:
        text = subprocess.run(
            ["tmux", "capture-pane", "-p", "-t", self.target],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        self.frames.keep(self.name, text)
        return text

    def wait_for(self, check: Callable[[str], bool], what: str, timeout: float = 30.0) -> str:
        """The screen once ``check`` holds and it is still."""
        deadline = time.monotonic() + timeout
        previous = None
        while time.monotonic() < deadline:
            text = self.screen()
            if check(text) and text == previous:
                return text
            previous = text
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what}; the screen:\n{self.screen()}")

    def kill_game(self) -> None:
        """``kill -9`` of the game running in this window's shell."""
        shell = subprocess.run(
            ["tmux", "display-message", "-p", "-t", self.target, "#{pane_pid}"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        children = subprocess.run(
            ["ps", "-o", "pid=", "--ppid", shell], capture_output=True, text=True
        ).stdout.split()
        for child in children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(child), signal.SIGKILL)
        self.wait_for(lambda text: "EXIT-137" in text, "the killed game's shell")
        # the killed screen's picture stays in the pane: leave it, so that only the new
        # screen's table counts
        self.keys("tput rmcup; clear", literal=True)
        self.keys("Enter")


def turn_shown(screen: str, game: Game) -> bool:
    """Whether ``screen`` shows the turn of the seat to act with its hand as the file has it."""
    name = game.players[game.current]
    title = _("{name}'s hand").format(name=name) + " ·"
    if title not in screen:
        return False
    lines = screen.splitlines()
    start = next(n for n, line in enumerate(lines) if title in line)
    shown = []
    for line in lines[start + 1 :]:
        if line.lstrip().startswith("╰"):
            break
        shown += [m.group(0) for m in re.finditer(r"(10|[2-9AJQK])([♣♦♥♠])|JK", line)]
    return sorted(shown) == sorted(
        card_label(card, SETTINGS) for card in game.state.deal.hands[game.current]
    )


# ---------------------------------------------------------------------------- the tab


class Tab:
    """Dee's browser tab: its keys, and every output message of its window as a frame."""

    def __init__(self, page: Any, frames: Frames) -> None:
        self.page, self.frames = page, frames
        self.received: list[tuple[float, str]] = []

        def watch(socket: Any) -> None:
            def received(payload: Any) -> None:
                if isinstance(payload, bytes):  # the window's output (pings come as text)
                    text = ESCAPES.sub("", payload.decode("utf-8", errors="replace"))
                    self.received.append((time.monotonic(), text))
                    frames.keep("Dee", text)

            socket.on("framereceived", received)

        page.on("websocket", watch)

    def text(self, since: int = 0) -> str:
        return "".join(text for _at, text in self.received[since:])

    async def drawn_and_still(self, since: int, words: str, what: str) -> None:
        """Wait until the tab drew ``words`` after message ``since`` and then drew nothing
        for 0.4 s."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if (
                len(self.received) > since
                and time.monotonic() - self.received[-1][0] > 0.4
                and words in self.text(since)
            ):
                return
            await asyncio.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what} on Dee's tab")

    async def press(self, key: str) -> None:
        await self.page.evaluate("document.querySelector('.xterm-helper-textarea').focus()")
        await self.page.keyboard.press(key)


# ---------------------------------------------------------------------------- the evening


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def rummy(data: Path, language: str) -> str:
    base = f"cd {shlex.quote(str(ROOT))} && {shlex.quote(sys.executable)} -m rummy_tui"
    return f"{base} --data-dir {shlex.quote(str(data))} --lang {language}"


async def wait_until(check: Callable[[], object], what: str, timeout: float = 30.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        await asyncio.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def code_on(screen: str, player: str) -> str | None:
    line = _("{player}: on their own screen, waiting to join · code {code}")
    head, tail = re.escape(line).split(re.escape("{code}"))
    pattern = head.replace(re.escape("{player}"), player) + r"([0-9A-Z-]{15})" + tail
    found = re.search(pattern, screen)
    return found.group(1) if found else None


@dataclass
class Evening:
    """The screens of the evening and what was found."""

    data: Path
    tag: str
    language: str
    host: Terminal
    bob: Terminal
    tab: Tab
    codes: dict[str, str]
    frames: Frames
    lost: list[str] = field(default_factory=list)
    away: set[str] = field(default_factory=set)
    """The screens taken away and back already."""
    tab_mark: int = 0
    """How many output messages the tab had drawn when the newest key was pressed."""

    async def play(self) -> Game:
        """Every turn by keys on the screen of the seat to move, to the end of the deal."""
        game = shared_game(self.data, self.tag)
        for _turn in range(MAX_TURNS):
            if game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
                return game
            await self.turn(game)
            after = shared_game(self.data, self.tag)
            self.frames.check_turn(game, after)
            game = after
        raise AssertionError("the deal did not end")

    async def turn(self, game: Game) -> None:
        """One turn of the seat to move: draw, maybe its screen goes away and comes back,
        discard."""
        seat = game.current
        await self.move(game, draw_key(game), "the draw")
        drawn = shared_game(self.data, self.tag)
        if drawn.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            return
        screen = "Dee" if seat == DEE else "Bob" if seat == BOB else "shared"
        if screen not in self.away and len(drawn.state.log) > 8:
            self.away.add(screen)
            await self.away_and_back(screen, drawn)
        await self.move(shared_game(self.data, self.tag), "x", "the discard")

    async def move(self, game: Game, key: str, what: str) -> None:
        """Press ``key`` on the screen of the seat to move once it shows the turn; the
        shared match must then hold one more move."""
        seat, count = game.current, moves(game)
        name = game.players[seat]
        if seat == DEE:
            if game.phase is Phase.DRAW:  # the tab has drawn the move before this turn
                await self.tab.drawn_and_still(self.tab_mark, _("Draw a card"), "Dee's turn")
            self.tab_mark = len(self.tab.received)
            await self.tab.press(key)
        else:
            terminal = self.bob if seat == BOB else self.host
            if seat in KEYBOARD:
                self.pass_keyboard(name, game)
            terminal.wait_for(lambda text: turn_shown(text, game), f"{name}'s turn")
            self.tab_mark = len(self.tab.received)
            terminal.keys(key)
        try:
            await wait_until(lambda: moves(shared_game(self.data, self.tag)) > count, what)
        except AssertionError:
            self.lost.append(f"{name}'s {what} (key {key}) made no move")
            raise

    def pass_keyboard(self, name: str, game: Game) -> None:
        """At the shared keyboard: Enter at ``name``'s hand-off when it is up."""
        pass_to = _("Pass to {player}").format(player=name)
        screen = self.host.wait_for(
            lambda text: pass_to in text or turn_shown(text, game),
            f"{name}'s hand-off or turn",
        )
        if pass_to in screen:
            self.host.keys("Enter")

    async def away_and_back(self, screen: str, game: Game) -> None:
        """Take ``screen`` away in the middle of the turn of ``game`` and bring it back:
        nothing of the match may be lost."""
        before = moves(game)
        seat = game.current
        hand = sorted(card_label(c, SETTINGS) for c in game.state.deal.hands[seat])
        if screen == "Bob":
            self.bob.kill_game()
            self.bob.run(f"{rummy(self.data, self.language)} join {self.codes['Bob']}")
            self.bob.wait_for(lambda text: turn_shown(text, game), "Bob back at his turn")
        elif screen == "Dee":
            since = len(self.tab.received)
            await self.tab.page.reload()
            await self.tab.page.wait_for_selector("body.-first-byte", timeout=30_000)
            await self.tab.drawn_and_still(
                since, _("{name}'s hand").format(name="Dee"), "Dee's tab back"
            )
            if "join=" in self.tab.page.url:
                self.lost.append(f"the join code stayed in the tab's address: {self.tab.page.url}")
            self.tab_mark = since
        else:
            self.host.kill_game()
            self.host.run(f"{rummy(self.data, self.language)} continue")
            self.host.wait_for(
                lambda text: _("Own screens") in text, "the list of own screens after resume"
            )
            self.host.keys("Enter")
            self.pass_keyboard(game.players[seat], game)
            self.host.wait_for(lambda text: turn_shown(text, game), "the turn after resume")
        after = shared_game(self.data, self.tag)
        kept = sorted(card_label(c, SETTINGS) for c in after.state.deal.hands[seat])
        if moves(after) != before or kept != hand:
            self.lost.append(f"{screen}'s screen came back without the drawn card")


async def evening(seed: int, language: str, folder: Path) -> tuple[Frames, list[str]]:
    """Play the evening in ``folder``; the frames checked and the moves lost."""
    from playwright.async_api import async_playwright

    set_language(language)
    data = folder / "data"
    data.mkdir()
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "rummy_tui",
            "--data-dir",
            str(data),
            "--lang",
            language,
            "serve",
            "--port",
            str(port),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
        start_new_session=True,
    )
    session = f"rummy-trial-{os.getpid()}"
    frames = Frames()
    try:
        await wait_until(lambda: _listening(port), "the server")
        subprocess.run(
            [
                "tmux",
                "new-session",
                "-d",
                "-s",
                session,
                "-x",
                "100",
                "-y",
                "30",
                "bash --norc --noprofile",
            ],
            check=True,
        )
        subprocess.run(
            ["tmux", "new-window", "-d", "-t", session, "-n", "bob", "bash --norc --noprofile"],
            check=True,
        )
        subprocess.run(["tmux", "resize-window", "-t", f"{session}:bob", "-x", "100", "-y", "30"])
        host = Terminal(f"{session}:0", "shared", frames)
        bob = Terminal(f"{session}:bob", "Bob", frames)
        host.run(
            f"{rummy(data, language)} new --variant rummy500 --players Anna,own:Bob,Cy,own:Dee"
            f" --seed {seed} --bot-delay 0"
        )
        shown = host.wait_for(
            lambda text: all(code_on(text, n) for n in ("Bob", "Dee")), "the join codes"
        )
        codes = {n: code_on(shown, n) or "" for n in ("Bob", "Dee")}
        parsed = read_join_code(codes["Bob"])
        assert parsed is not None
        bob.run(f"{rummy(data, language)} join {codes['Bob']}")
        bob.wait_for(
            lambda text: _("{name}'s hand").format(name="Bob") + " ·" in text, "Bob's table"
        )
        async with async_playwright() as driver:
            browser = await driver.chromium.launch(
                executable_path=shutil.which("chromium"), args=["--no-sandbox"]
            )
            page = await browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
            tab = Tab(page, frames)
            await page.goto(f"http://127.0.0.1:{port}/?join={codes['Dee']}")
            await page.wait_for_selector("body.-first-byte", timeout=30_000)
            joined = _("{player}: on their own screen, joined")
            host.wait_for(
                lambda text: (
                    joined.format(player="Bob") in text and joined.format(player="Dee") in text
                ),
                "both own screens joined",
            )
            host.keys("Escape")
            host.wait_for(
                lambda text: (
                    _("{variant}: the cut for the first dealer").format(variant=_("Rummy 500"))
                    in text
                ),
                "the cut",
            )
            host.keys("Enter")
            night = Evening(data, parsed.tag, language, host, bob, tab, codes, frames)
            final = await night.play()
            await browser.close()
        if final.phase not in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            night.lost.append("the deal did not end")
        if night.away != {"shared", "Bob", "Dee"}:
            night.lost.append(f"only {sorted(night.away)} were taken away and back")
        return frames, night.lost
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)


def _listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
    except OSError:
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--language", default="en")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="rummy-trial-") as folder:
        frames, lost = asyncio.run(evening(args.seed, args.language, Path(folder)))
    total = sum(frames.checked.values())
    per = ", ".join(f"{name} {count}" for name, count in sorted(frames.checked.items()))
    print(f"frames checked: {total} ({per})")
    print(f"leaks: {len(frames.leaks)}")
    for leak in frames.leaks:
        print(f"  {leak}")
    print(f"moves lost: {len(lost)}")
    for line in lost:
        print(f"  {line}")
    return 1 if frames.leaks or lost else 0


if __name__ == "__main__":
    sys.exit(main())
