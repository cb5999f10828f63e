"""Play a two-player Classic deal in a real terminal (tmux) the way a person would.

The driver starts ``rummy new --variant classic --players Anna,Bob --seed S`` in a tmux
session, reads the screen with ``capture-pane`` and answers with ``send-keys``. To know which
move to make it keeps a mirror of the match (the same seed deals the same cards) and asks a
computer player; every move is then made with the keys a person would press, after checking
that the hand on screen is exactly the mirror's hand. At every hand-off it checks that no card
is on screen, and at the end that nothing of any hand is left in the terminal's scrollback.

Run it by hand with ``python -m tests.ui.tmux_driver [--seed 3] [--command "rummy"]``.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from rummy_tui.bots import make_bot
from rummy_tui.core import (
    Action,
    Card,
    Discard,
    DrawStock,
    Game,
    GoOut,
    LayOffCard,
    Meld,
    Phase,
    TakeDiscard,
    get_variant,
    new_game,
)
from rummy_tui.i18n.deal_words import ending_words
from rummy_tui.i18n.log_lines import entry_sentence
from rummy_tui.ui.play.render import card_label, log_plain
from rummy_tui.ui.shell.settings import DisplaySettings

GLYPHS = "♣♦♥♠"
TOKEN = re.compile(r"(10|[2-9AJQK])([♣♦♥♠])|JK")
SETTINGS = DisplaySettings()


class DriverError(AssertionError):
    """The terminal did not show what a player would expect."""


def settings_file_environment() -> list[str]:
    """``-e RUMMY_CONFIG=...`` for tmux when the test names a settings file (a tmux server
    already running would otherwise give the session its own environment)."""
    named = os.environ.get("RUMMY_CONFIG")
    return ["-e", f"RUMMY_CONFIG={named}"] if named else []


@dataclass
class Terminal:
    """A tmux session running one command."""

    session: str
    width: int = 100
    height: int = 30

    def start(self, command: str) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.session], capture_output=True)
        subprocess.run(
            [
                "tmux",
                "new-session",
                "-d",
                "-s",
                self.session,
                "-x",
                str(self.width),
                "-y",
                str(self.height),
                *settings_file_environment(),
                "bash --norc --noprofile",
            ],
            check=True,
        )
        self.keys(f"{command}; echo EXIT-$?", "Enter", literal_first=True)

    def keys(self, *keys: str, literal_first: bool = False) -> None:
        if literal_first:
            subprocess.run(["tmux", "send-keys", "-t", self.session, "-l", keys[0]], check=True)
            keys = keys[1:]
        if keys:
            subprocess.run(["tmux", "send-keys", "-t", self.session, *keys], check=True)

    def screen(self) -> str:
        return subprocess.run(
            ["tmux", "capture-pane", "-p", "-t", self.session],
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    def history(self) -> str:
        """Everything tmux kept: the scrollback and the visible screen."""
        return subprocess.run(
            ["tmux", "capture-pane", "-p", "-S", "-", "-E", "-", "-t", self.session],
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    def stop(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.session], capture_output=True)

    def wait_for(self, predicate, what: str, timeout: float = 10.0) -> str:  # type: ignore[no-untyped-def]
        """Poll the screen until ``predicate(screen)`` holds and the screen is still."""
        deadline = time.monotonic() + timeout
        previous = None
        while time.monotonic() < deadline:
            text = self.screen()
            if predicate(text) and text == previous:
                return text
            previous = text
            time.sleep(0.05)
        raise DriverError(f"timed out waiting for {what}; the screen shows:\n{self.screen()}")


def hand_on_screen(text: str, title: str = "'s hand ·") -> list[str]:
    """The hand shown in the hand box, left to right (lifted cards included); ``title`` is
    what the box's title line holds (another language's words for it)."""
    lines = text.splitlines()
    start = next((n for n, line in enumerate(lines) if title in line), None)
    if start is None:
        raise DriverError("no hand on screen")
    found: list[tuple[int, int, str]] = []
    for row, line in enumerate(lines[start + 1 :]):
        if line.lstrip().startswith("╰"):
            break
        for match in TOKEN.finditer(line):
            found.append((row // 2, match.start(), match.group(0)))
    found.sort()
    return [token for _line, _column, token in found]


@dataclass
class Driver:
    terminal: Terminal
    game: Game
    seed: int
    actions: int = 0
    handoffs: int = 0
    log: list[str] = field(default_factory=list)
    screens: list[str] = field(default_factory=list)
    """Every screen the driver acted on, in order (for checks of the layout)."""
    drawn: Callable[[str], bool] = lambda screen: True
    """Whether a screen the driver is about to act on is drawn whole (a test's checks of
    each screen): the driver waits for it, so it never reads a frame in between."""

    def label(self, card: Card) -> str:
        return card_label(card, SETTINGS)

    def check_no_cards(self, text: str, where: str) -> None:
        # The hand-off lists what happened since the player's last turn: the public log, with
        # public cards (P-2), below its title; the gate above it shows no card at all (P-1).
        gate, _, summary = text.partition("Since your last turn:")
        if any(glyph in gate for glyph in GLYPHS):
            raise DriverError(f"a card is visible on {where}:\n{text}")
        public = " ".join(
            log_plain(entry_sentence(record), SETTINGS) for record in self.game.state.log
        )
        for token in (match.group(0) for match in TOKEN.finditer(summary)):
            if token not in public:
                raise DriverError(f"{token} on {where} is not in the public log:\n{text}")

    def select(self, hand: list[str], cards: list[Card]) -> None:
        """Select cards with the keys: Left to the first card, Right to each, Space."""
        for card in cards:
            index = hand.index(self.label(card))
            self.terminal.keys(*(["Left"] * len(hand)), *(["Right"] * index), "Space")

    def act(self, screen: str) -> None:
        game = self.game
        seat = game.current
        view = game.view(seat)
        hand = hand_on_screen(screen)
        if Counter(hand) != Counter(self.label(card) for card in view.hand):
            raise DriverError(
                f"the screen shows {hand}, but {game.players[seat]} holds {view.hand}"
            )
        legal = game.legal_actions()
        action: Action = make_bot("normal", self.seed).choose(view, legal)
        self.log.append(f"{game.players[seat]}: {action.kind}")
        if isinstance(action, DrawStock):
            self.terminal.keys("d")
        elif isinstance(action, TakeDiscard):
            self.terminal.keys("t")
        elif isinstance(action, Meld):
            self.select(hand, list(action.cards))
            self.terminal.keys("m")
        elif isinstance(action, LayOffCard):
            self.select(hand, [action.card])
            self.terminal.keys("l")
            targets = [
                meld
                for meld in game.state.deal.melds
                if any(True for _ in _layoffs(game, meld, action.card))
            ]
            if len(targets) > 1:
                question = self.terminal.wait_for(
                    lambda text: "on which meld?" in text, "the lay-off question"
                )
                number = _choice_number(question, f"#{action.meld_id} ")
                self.terminal.keys(str(number))
        elif isinstance(action, Discard):
            self.select(hand, [action.card])
            self.terminal.keys("x")
        elif isinstance(action, GoOut) and action.discard is not None:
            # g with one card selected goes out with the first listed way that throws it
            self.select(hand, [action.discard])
            self.terminal.keys("g")
            action = next(
                option
                for option in legal
                if isinstance(option, GoOut) and option.discard == action.discard
            )
        else:
            raise DriverError(f"the driver cannot play {action!r}")
        game.apply(action)
        self.actions += 1

    def play_deal(self, cut: bool = True) -> str:
        """Play until the end-of-deal screen; returns its text. ``cut``: the deal starts with
        the cut for the first dealer (the first deal of a match)."""
        terminal = self.terminal
        if cut:
            terminal.wait_for(lambda t: "the cut for the first dealer" in t, "the cut")
            terminal.keys("Enter")
        last_log = -1
        while True:

            def ready(screen: str) -> bool:
                if "is over" in screen or "Pass to" in screen:
                    return True
                name = self.game.players[self.game.current]
                if f"{name}'s hand ·" not in screen:
                    return False
                return len(hand_on_screen(screen)) == len(
                    self.game.state.deal.hands[self.game.current]
                )

            text = terminal.wait_for(
                lambda screen: ready(screen) and self.drawn(screen), "the next screen"
            )
            self.screens.append(text)
            if "is over" in text:
                return text
            if "Pass to" in text:
                self.check_no_cards(text, "the hand-off screen")
                name = self.game.players[self.game.current]
                if f"Pass to {name}" not in text:
                    raise DriverError(f"the hand-off names the wrong player:\n{text}")
                self.handoffs += 1
                terminal.keys("Enter")
                title = f"{name}'s hand ·"
                terminal.wait_for(lambda t, title=title: title in t, f"{name}'s hand")
                continue
            if len(self.game.state.log) == last_log:
                raise DriverError(f"the last move was not accepted:\n{text}")
            last_log = len(self.game.state.log)
            self.act(text)
            if self.game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
                continue


def _layoffs(game: Game, meld, card: Card):  # type: ignore[no-untyped-def]
    from rummy_tui.core.layoffs import layoff_options

    return layoff_options(game.rules, meld, card)


def _choice_number(question: str, needle: str) -> int:
    for line in question.splitlines():
        match = re.search(r"(\d)\.\s", line)
        if match and needle in line:
            return int(match.group(1))
    raise DriverError(f"no choice with {needle!r}:\n{question}")


def run(command: str, seed: int, session: str = "rummy-e2e") -> dict[str, object]:
    """Play one deal; returns what happened (raises DriverError on a problem)."""
    if shutil.which("tmux") is None:
        raise DriverError("tmux is not installed")
    data_dir = tempfile.mkdtemp(prefix="rummy-e2e-")
    terminal = Terminal(session)
    game = new_game(get_variant("classic"), ["Anna", "Bob"], seed=seed)
    driver = Driver(terminal, game, seed)
    started = time.monotonic()
    terminal.start(
        f"{command} --data-dir {shlex.quote(data_dir)} new --variant classic "
        f"--players Anna,Bob --seed {seed}"
    )
    try:
        end = driver.play_deal()
        result = game.state.results[-1]
        winner = game.players[result.winner] if result.winner is not None else None
        if winner is not None and f"{winner} went out" not in end:
            raise DriverError(f"the end of the deal does not name {winner}:\n{end}")
        if result.dead and "Dead hand" not in end:
            raise DriverError(f"the dead hand is not explained:\n{end}")
        terminal.keys("q")
        terminal.wait_for(lambda t: "Leave the table?" in t, "the leave question")
        terminal.keys("3")
        terminal.wait_for(lambda t: "EXIT-0" in t, "the shell prompt")
        history = terminal.history()
        if any(glyph in history for glyph in GLYPHS):
            raise DriverError(f"cards were left in the terminal's scrollback:\n{history}")
    finally:
        terminal.stop()
        shutil.rmtree(data_dir, ignore_errors=True)
    ending = result.ending
    about = game.players[ending.seat] if ending is not None and ending.seat is not None else ""
    return {
        "seconds": round(time.monotonic() - started, 1),
        "actions": driver.actions,
        "handoffs": driver.handoffs,
        "winner": winner,
        "scores": list(game.state.scores),
        "reason": ending_words(result.ending, about),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--command", default=f"{shlex.quote(sys.executable)} -m rummy_tui")
    args = parser.parse_args(argv)
    print(run(args.command, args.seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
