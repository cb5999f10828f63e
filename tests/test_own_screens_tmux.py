"""Seats on their own screens in real terminals (tmux, issue 24): the shared screen in one
window, ``rummy join CODE`` in another, a whole Rummy 500 deal played by keys only.

Anna and Cy play at the shared keyboard (hand-offs included), Bob in the joined window; Bob
takes a discard back on his own screen (P-4), and his window's process is killed with
``kill -9`` in the middle of the deal and started again with the same code: it rejoins where
the match is and the deal goes on. Every screen is read with ``capture-pane``; which key to
press next is read from the shared match file (what every screen replays), and each key is
sent only once its screen shows the turn it is meant for. A second ``rummy join`` with the same
code while Bob's screen lives takes the seat over (the first window closes with the reason);
a wrong code is refused with a sentence.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from rummy_tui.core import Card, Discard, Game, Phase
from rummy_tui.i18n import _
from rummy_tui.persistence.shared_match import SharedMatch
from rummy_tui.persistence.shared_tables import read_join_code, table_path
from rummy_tui.ui.play.render import card_label
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.ui.tmux_driver import Terminal, hand_on_screen

ROOT = Path(__file__).resolve().parent.parent
CODE = re.compile(r"Bob: on their own screen, waiting to join · code ([0-9A-Z-]{15})")
SETTINGS = DisplaySettings()
MAX_TURNS = 400

pytestmark = [
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
    pytest.mark.slow,
]


def rummy(data: Path, language: str = "en") -> str:
    base = f"cd {shlex.quote(str(ROOT))} && {shlex.quote(sys.executable)} -m rummy_tui"
    return f"{base} --data-dir {shlex.quote(str(data))} --lang {language}"


def new_window(session: str, name: str, command: str, width: int, height: int) -> Terminal:
    """A second window of the tmux session ``session`` running ``command`` in a shell."""
    subprocess.run(
        ["tmux", "new-window", "-d", "-t", session, "-n", name, "bash --norc --noprofile"],
        check=True,
    )
    window = Terminal(session=f"{session}:{name}", width=width, height=height)
    window.keys(f"{command}; echo EXIT-$?", "Enter", literal_first=True)
    return window


def shell_pid(window: Terminal) -> int:
    out = subprocess.run(
        ["tmux", "display-message", "-p", "-t", window.session, "#{pane_pid}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return int(out.strip())


def shared_game(data: Path, tag: str) -> Game:
    """The match as the shared file holds it now (every screen replays the same)."""
    with SharedMatch.open(table_path(data, tag)) as match:
        return match.game


def wait_until(check: Callable[[], object], what: str, timeout: float = 20.0) -> object:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def public_cards(game: Game) -> set[Card]:
    """Every card the whole table has seen: the discard pile, every discard of the log, every
    discard taken back, and the melds."""
    seen: set[Card] = set(game.view(-1).discard_pile)
    seen.update(
        record.action.card for record in game.state.log if isinstance(record.action, Discard)
    )
    seen.update(
        note.move.card for note in game.state.take_back_notes if isinstance(note.move, Discard)
    )
    for meld in game.state.deal.melds:
        seen.update(meld.cards)
    return seen


def turn_shown(screen: str, game: Game) -> bool:
    """Whether ``screen`` shows the turn of the seat to act, with its hand as the file has it
    (before the draw 7 cards, after it 8): a key sent now is meant for that turn. The words
    are the current language's."""
    name = game.players[game.current]
    title = _("{name}'s hand").format(name=name) + " ·"
    if title not in screen:
        return False
    if not any(line.startswith(f" {name}: ") for line in screen.splitlines()):
        return False
    return len(hand_on_screen(screen, title)) == len(game.state.deal.hands[game.current])


def shared_screen(data: Path, session: str) -> tuple[Terminal, str]:
    """The shared screen of a new Rummy 500 match (Anna, Bob on his own screen, Cy) in window
    0 of the tmux session ``session``, and Bob's join code read off it."""
    host = Terminal(session=session, width=100, height=30)
    host.start(
        f"{rummy(data)} new --variant rummy500 --players Anna,own:Bob,Cy --seed 5 --bot-delay 0"
    )
    host.session = f"{session}:0"  # start() made the session; its keys go to window 0
    shown = host.wait_for(lambda text: CODE.search(text) is not None, "Bob's join code")
    match = CODE.search(shown)
    assert match is not None
    return host, match.group(1)


def join_bob(data: Path, session: str, code: str, host: Terminal) -> Terminal:
    """``rummy join CODE`` in a second window; returns it once Bob's table is up."""
    bob = new_window(session, "bob", f"{rummy(data)} join {code}", 100, 30)
    bob.wait_for(lambda text: "Bob's hand ·" in text, "Bob's joined table", timeout=30)
    host.wait_for(lambda text: "Bob: on their own screen, joined" in text, "Bob joined")
    assert code not in host.screen()  # the code is shown only until the seat joins
    return bob


def test_a_second_screen_on_a_seat_takes_it_over_and_a_wrong_code_is_refused(
    tmp_path: Path,
) -> None:
    """While Bob's screen lives, ``rummy join`` with his code in another window opens his
    seat there, and the first window closes to the title with the reason (issue 30, item 8:
    it used to be refused); a wrong code is refused on the Join screen with a sentence."""
    data = tmp_path / "data"
    data.mkdir()
    session = f"rummy-own-refused-{os.getpid()}"
    host, code = shared_screen(data, session)
    try:
        bob = join_bob(data, session, code, host)
        join = f"{rummy(data)} join {code}"
        again = new_window(session, "again", join, 100, 30)
        again.wait_for(lambda text: "Bob's hand ·" in text, "Bob's seat on the newer screen")
        closed = bob.wait_for(
            lambda text: "Bob's seat was opened" in text,
            "the older screen's reason",
        )
        assert "Traceback" not in closed
        wrong = code[:-1] + ("2" if code[-1] != "2" else "3")
        wrong_window = new_window(session, "wrong", f"{rummy(data)} join {wrong}", 100, 30)
        refused = wrong_window.wait_for(
            lambda text: "That code opens no seat." in text, "the wrong code"
        )
        assert "Join a table" in refused and "Traceback" not in refused
        for window in ("again", "wrong"):
            subprocess.run(["tmux", "kill-window", "-t", f"{session}:{window}"], check=True)
    finally:
        host.session = session
        host.stop()


def test_a_whole_rummy500_deal_with_bob_in_his_own_terminal(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    session = f"rummy-own-{os.getpid()}"
    host, code = shared_screen(data, session)
    host_screens: list[str] = []
    bob_screens: list[str] = []
    try:
        parsed = read_join_code(code)
        assert parsed is not None
        tag = parsed.tag
        join = f"{rummy(data)} join {code}"
        bob = join_bob(data, session, code, host)

        host.keys("Escape")
        host.wait_for(lambda text: "the cut for the first dealer" in text, "the cut")
        host.keys("Enter")

        took_back = killed = ended_by_key = False
        bob_moves = 0
        for _turn in range(MAX_TURNS):
            game = shared_game(data, tag)
            if game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
                break
            seq = len(game.state.log) + len(game.state.take_back_notes)
            if game.current == 1:
                if not killed and bob_moves >= 2 and game.phase is Phase.DRAW:
                    # kill -9 Bob's screen mid-deal; the same code opens his seat again
                    shell = shell_pid(bob)
                    children = subprocess.run(
                        ["ps", "-o", "pid=", "--ppid", str(shell)],
                        capture_output=True,
                        text=True,
                    ).stdout.split()
                    assert children, "no process in Bob's window"
                    for child in children:
                        os.kill(int(child), 9)
                    bob.wait_for(lambda text: "EXIT-137" in text, "the killed screen's end")
                    # the killed screen's picture stays in the pane: clear it first, so that
                    # only the new screen's table counts as Bob's turn shown
                    bob.keys(
                        f"tput rmcup; clear; {join}; echo EXIT-$?", "Enter", literal_first=True
                    )
                    killed = True
                terminal = bob
                host_screens.append(host.screen())
            else:
                name = game.players[game.current]
                screen = host.wait_for(
                    lambda text, g=game, n=name: f"Pass to {n}" in text or turn_shown(text, g),
                    "the hand-off or the turn on the shared screen",
                )
                if "Pass to" in screen:
                    host_screens.append(screen)
                    host.keys("Enter")
                    wait_until(lambda: "Pass to" not in host.screen(), "the hand-off passed")
                    continue
                terminal = host
            screen = terminal.wait_for(lambda text, g=game: turn_shown(text, g), "the turn")
            (bob_screens if terminal is bob else host_screens).append(screen)
            # the hand on screen is the hand the file holds (the rejoined screen's too)
            assert sorted(hand_on_screen(screen)) == sorted(
                card_label(card, SETTINGS) for card in game.state.deal.hands[game.current]
            ), screen
            if game.phase is Phase.DRAW:
                kinds = {action.kind for action in game.legal_actions()}
                ended_by_key = "draw_stock" not in kinds
                terminal.keys("e" if ended_by_key else "d")
            else:
                terminal.keys("x")

            def moved(before: int = seq) -> bool:
                now = shared_game(data, tag)
                return len(now.state.log) + len(now.state.take_back_notes) > before

            try:
                wait_until(moved, "the move in the shared file")
            except AssertionError as error:
                raise AssertionError(
                    f"{game.players[game.current]} {game.phase}: no move; the screen:\n"
                    f"{terminal.screen()}"
                ) from error
            if terminal is bob and game.phase is Phase.PLAY:
                bob_moves += 1
                if not took_back:
                    # Bob takes his discard back on his own screen before Cy moves (P-4)
                    bob.wait_for(lambda text: "Bob's hand ·" in text, "Bob's table")
                    bob.keys("u")
                    wait_until(
                        lambda: (
                            shared_game(data, tag).current == 1
                            and shared_game(data, tag).phase is Phase.PLAY
                        ),
                        "Bob's turn again",
                    )
                    bob.wait_for(lambda text: "took back" in text, "the take-back on Bob's screen")
                    took_back = True
            after = shared_game(data, tag)
            if after.phase not in (Phase.DEAL_OVER, Phase.MATCH_OVER):
                bob_screens.append(bob.screen())
        final = shared_game(data, tag)
        assert final.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)
        host.wait_for(lambda text: "Deal 1 is over." in text, "the deal's end on the shared screen")
        bob.wait_for(lambda text: "Deal 1 is over." in text, "the deal's end on Bob's screen")
        assert took_back and killed and ended_by_key and bob_moves >= 3
        assert any("Pass to Anna" in text or "Pass to Cy" in text for text in host_screens)
        assert not any("Pass to Bob" in text for text in host_screens)
        assert any("Bob is playing on their own screen." in text for text in host_screens)
        public = public_cards(final)
        hidden = [
            card_label(card, SETTINGS)
            for seat, hand in enumerate(final.state.deal.hands)
            if seat != 1
            for card in hand
            if card not in public
        ]
        assert hidden and len(bob_screens) > 20
        assert final.state.results[-1].ending is not None
        for text in bob_screens:
            words = set(text.replace("│", " ").split())
            assert not words & set(hidden), (sorted(words & set(hidden)), text)
    finally:
        host.session = session
        host.stop()


def test_rummy_join_at_phone_size_takes_one_line_a_seat(tmp_path: Path) -> None:
    """``rummy join`` in a terminal of 44x60 (a phone's size): the table is laid out for the
    first time at that width, and each seat of the players panel takes one line, with no blank
    line under it (issue 30, item 7: the evening's defect 5)."""
    data = tmp_path / "data"
    data.mkdir()
    session = f"rummy-own-phone-{os.getpid()}"
    host, code = shared_screen(data, session)
    try:
        # the window is made 44x60 before the command starts, so the table is laid out for
        # the first time at that size (a window resized after the start is another case)
        subprocess.run(
            ["tmux", "new-window", "-d", "-t", session, "-n", "bob", "bash --norc --noprofile"],
            check=True,
        )
        bob = Terminal(session=f"{session}:bob", width=44, height=60)
        subprocess.run(
            ["tmux", "resize-window", "-t", bob.session, "-x", "44", "-y", "60"], check=True
        )
        size = subprocess.run(
            ["tmux", "display-message", "-p", "-t", bob.session, "#{pane_width}x#{pane_height}"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        assert size == "44x60", size
        bob.keys(f"{rummy(data)} join {code}; echo EXIT-$?", "Enter", literal_first=True)
        shown = bob.wait_for(lambda text: "Bob's hand ·" in text, "Bob's joined table", 30)
        lines = shown.splitlines()
        assert max(len(line) for line in lines) <= 44
        top = next(n for n, line in enumerate(lines) if line.startswith("╭─ Players"))
        bottom = next(n for n in range(top + 1, len(lines)) if lines[n].startswith("╰"))
        rows = [line.strip("│ ") for line in lines[top + 1 : bottom]]
        assert len(rows) == 3 and all(rows), shown
        assert any("Bob (you) · 7 cards" in row for row in rows), shown
    finally:
        host.session = session
        host.stop()
