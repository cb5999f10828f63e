"""Two people at one keyboard in a real terminal (issue 13), at the laptop default 80x24 and
at 120x40: a deal of Classic Rummy and one of European Rummy played from the cut to the end
of the deal through every hand-off, with the keys a person presses (tests/ui/tmux_driver.py).

Every screen met on the way is read back with ``capture-pane`` and checked for what a person
needs on it: the cut names who deals and who plays first, the hand-off box is whole and names
the next player, the table shows the player to act, their hand, the phase line and the keys,
and the end of the deal shows the result and how to go on. Nothing may be cut off by the
terminal's edge.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

from rummy_tui.core import get_variant, new_game
from tests.ui.tmux_driver import GLYPHS, Driver, DriverError, Terminal

ROOT = Path(__file__).resolve().parents[2]
PEOPLE = ("Anna", "Bob")
TABLE_KEYS = ("Move", "Select", "Log", "Help", "Score sheet", "Menu")
"""Footer keys every table screen of a person's turn shows, whatever the variant."""


pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def check_cut(screen: str) -> None:
    assert re.search(r"(Anna|Bob) cut the lowest card and deals\.", screen), screen
    assert re.search(r"(Anna|Bob), left of the dealer, plays first\.", screen), screen
    assert "Enter  Start the deal" in screen, screen


def check_box(screen: str, top: str, bottom: str, side: str) -> None:
    """The box drawn with ``top`` .. ``bottom`` corners is whole: every row between its top
    and bottom edges starts and ends with ``side`` in the columns of the corners."""
    lines = screen.splitlines()
    first = next(n for n, line in enumerate(lines) if top in line)
    last = next(n for n, line in enumerate(lines) if bottom in line)
    left = lines[first].index(top)
    right = len(lines[first].rstrip()) - 1
    assert last > first + 2, screen
    for line in lines[first + 1 : last]:
        assert (
            line[left : left + 1] == side
            and line[right : right + 1] == side
            and len(line.rstrip()) == right + 1
        ), f"a row of the box is cut or overlapped:\n{screen}"
    assert len(lines[last].rstrip()) == right + 1, screen


def check_handoff(screen: str) -> None:
    found = re.search(r"Pass to (\w+)", screen)
    assert found and found[1] in PEOPLE, screen
    name = found[1]
    check_box(screen, "╔", "╚", "║")
    for line in (
        f"Pass to {name}",
        f"Only {name} should look at the screen now.",
        f"Press Enter when {name} is at the keyboard.",
        f"deal 1 · {name} to play",
        "Since your last turn:",
        "Enter  I am at the keyboard",
        "q  Leave the table",
    ):
        assert line in screen, f"{line!r} is missing from the hand-off:\n{screen}"


def check_table(screen: str, variant_name: str) -> None:
    found = re.search(r"╭─ (\w+)'s hand", screen)
    assert found and found[1] in PEOPLE, screen
    name = found[1]
    lines = screen.splitlines()
    assert lines[0].lstrip().startswith(variant_name) and lines[0].rstrip().endswith("saved"), (
        screen
    )
    assert f"▶ {name} (you)" in screen, screen
    assert any(line.startswith(f" {name}: ") for line in lines), f"no phase line:\n{screen}"
    for key in TABLE_KEYS:
        assert re.search(rf"\S+  {key}(   |$)", screen, re.MULTILINE), (
            f"the key for {key!r} is missing:\n{screen}"
        )
    for box in ("╭─ Players", "╭─ Log", f"╭─ {name}'s hand"):
        assert box in screen, screen
    assert screen.count("╰") == 4, f"a box has lost its bottom edge:\n{screen}"


def check_end(screen: str) -> None:
    for line in ("Deal 1 is over.", "Standings", "Press Enter", "Enter  Continue"):
        assert line in screen, f"{line!r} is missing from the end of the deal:\n{screen}"
    assert all(name in screen for name in PEOPLE), screen


def drawn_whole(screen: str, variant_name: str) -> bool:
    """Whether the screen shows all that its checks look for: the footer is redrawn a moment
    after the hand when the keys change, and a person looks at the finished screen, not at a
    frame in between (so the driver waits for this, never for a fixed time)."""
    check = check_handoff if "Pass to" in screen else None
    if check is None and "is over" in screen:
        check = check_end
    try:
        if check is not None:
            check(screen)
        elif "'s hand ·" in screen:
            check_table(screen, variant_name)
    except (AssertionError, StopIteration, ValueError):
        return False
    return True


def play(variant: str, size: tuple[int, int], seed: int) -> Driver:
    """Play one deal of ``variant`` for Anna and Bob in a ``size`` terminal, checking every
    screen; the driver that played it."""
    width, height = size
    data_dir = tempfile.mkdtemp(prefix="rummy-two-")
    terminal = Terminal(f"rummy-two-{variant}-{width}-{os.getpid()}", width, height)
    game = new_game(get_variant(variant), list(PEOPLE), seed=seed)
    variant_name = game.rules.name
    driver = Driver(terminal, game, seed, drawn=lambda text: drawn_whole(text, variant_name))
    command = f"cd {shlex.quote(str(ROOT))} && {shlex.quote(sys.executable)} -m rummy_tui"
    terminal.start(
        f"{command} --data-dir {shlex.quote(data_dir)} new --variant {variant} "
        f"--players {','.join(PEOPLE)} --seed {seed}"
    )
    try:
        check_cut(terminal.wait_for(lambda t: "the cut for the first dealer" in t, "the cut"))
        terminal.keys("Enter")
        end = driver.play_deal(cut=False)
        check_end(end)
        for screen in driver.screens[:-1]:  # the last one is the end of the deal
            if "Pass to" in screen:
                check_handoff(screen)
            else:
                check_table(screen, variant_name)
        terminal.keys("q")
        terminal.wait_for(lambda t: "Leave the table?" in t, "the leave question")
        terminal.keys("3")
        terminal.wait_for(lambda t: "EXIT-0" in t, "the shell prompt")
        if any(glyph in terminal.history() for glyph in GLYPHS):
            raise DriverError("cards were left in the terminal's scrollback")
    finally:
        terminal.stop()
        shutil.rmtree(data_dir, ignore_errors=True)
    return driver


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize(("variant", "seed"), [("classic", 7), ("european", 7)])
def test_two_people_play_a_deal_through_the_hand_offs(
    variant: str, seed: int, size: tuple[int, int]
) -> None:
    driver = play(variant, size, seed)
    assert driver.handoffs >= 3
    assert driver.game.state.results, "the deal did not end"
