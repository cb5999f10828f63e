"""Computer players' turns at the table: each move is chosen in a worker thread and handed
back to the match session, which makes it on the one road every move takes.

A move is chosen from the computer's own :class:`PlayerView` and the legal actions, after the
pace's delay. Every start and stop changes a token; a choice that comes back with an old token
(the table was left, a take-back changed the match) is dropped. While computers move one after
another the table is redrawn at most every :data:`STREAK_DRAW_EVERY` seconds, and a move
chosen while a menu covers the table waits for it to close.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Protocol

from rummy_tui.i18n import _
from rummy_tui.table import Mode

if TYPE_CHECKING:
    from rummy_tui.bots import Bot
    from rummy_tui.core import Action, PlayerView
    from rummy_tui.match.setup import MatchSetup
    from rummy_tui.ui.play.controller import Controller
    from rummy_tui.ui.screens.table import TableScreen
    from rummy_tui.ui.shell.host import TableHost

STREAK_DRAW_EVERY = 0.2
"""While computers move one after another, the table is redrawn at most this often (seconds).
At the "instant" pace a 12-seat table would otherwise lay out the whole screen after every
computer move, faster than anyone can read; at every slower pace each move is still drawn.
The table is always drawn when the streak ends (a person's turn, the end of the deal) and
before a computer's move waits behind a menu."""


class ComputersTable(Protocol):
    """The match session, as the computers' turns see it."""

    host: TableHost
    setup: MatchSetup
    controller: Controller
    table: TableScreen
    keyboard_seat: int | None

    def computer_acts(self, action: Action) -> bool:
        """Make a computer's ``action`` on the one road; whether it was applied."""
        ...

    def show_hand(self, seat: int, mode: Mode) -> None:
        """``seat``'s hand on the table, played or watched."""
        ...

    def hide_hand(self) -> PlayerView:
        """No hand on the table."""
        ...


@dataclass(frozen=True)
class ComputerChoice:
    """What a computer player chose, for the match session to make."""

    token: int
    """The token of the turn it was chosen for (an old one is dropped)."""
    action: Action | None
    """The move (None: it found none)."""
    error: str | None = None
    """Why it made the first legal move instead of its own (shown as a notice)."""


Chose = Callable[[ComputerChoice], None]
"""Gets a computer's choice, in the app's loop."""


class ComputerMoves:
    """The computer players' turns at one table: their thinking in worker threads, one move
    at a time, and how often the table is drawn meanwhile."""

    def __init__(self, session: ComputersTable) -> None:
        self.session = session
        self.host = session.host
        self.token = 0
        """Changes at every start and stop; a choice made under an older one is dropped."""
        self.waiting: ComputerChoice | None = None
        """A move chosen while a screen (menu, help, hint) covered the table: it is made when
        the table is back on top."""
        self.clock: Callable[[], float] = time.monotonic
        """The clock that paces redraws during a computers' streak."""
        self._drawn_at: float | None = None
        """When the table was last drawn during the current streak (None: no streak, the next
        computer's turn is drawn)."""
        self._stale = False
        """A computer's turn was not drawn yet (the table shows an earlier moment)."""

    def stop(self) -> None:
        """A computer still thinking stops at once (its choice is dropped), and so does the
        streak; a move that waited behind a menu is forgotten."""
        self.token += 1
        self.waiting = None
        self.end_streak()

    def end_streak(self) -> None:
        """No computer is moving now: the next computer's turn is drawn at once."""
        self._drawn_at = None
        self._stale = False

    def is_current(self, choice: ComputerChoice) -> bool:
        """Whether ``choice`` was made for the turn at the table now."""
        return choice.token == self.token

    def play(self, seat: int) -> None:
        """The computer in ``seat`` is to move: draw the table (at most every
        :data:`STREAK_DRAW_EVERY` seconds of a streak) and let it choose."""
        now = self.clock()
        if self._drawn_at is None or now - self._drawn_at >= STREAK_DRAW_EVERY:
            self._drawn_at = now
            self.draw_turn()
        else:
            self._stale = True
        controller = self.session.controller
        self.start(
            controller.bot_for(seat),
            controller.view(seat),
            controller.legal_actions(),
            self.session.setup.bot_delay,
            self.chose,
        )

    def draw_turn(self) -> None:
        """The table while a computer plays: the hand of the person at the keyboard watched
        (the one person at the table, or the person who plays after the computers), else no
        hand."""
        session = self.session
        watcher = session.keyboard_seat
        self._stale = False
        if watcher is not None and not session.controller.is_bot(watcher):
            session.show_hand(watcher, Mode.WATCH)
        else:
            session.hide_hand()

    def chose(self, choice: ComputerChoice) -> None:
        """A computer's choice came back: make it, unless it is stale or a menu covers the
        table (then it waits); a refused or missing move becomes the first legal one."""
        if not self.is_current(choice):
            return
        session = self.session
        if not self.host.is_on_top(session.table):
            # A menu or the help is open over the table: the computer waits for it to close,
            # and the table under it shows the moment the computer is about to move.
            if self._stale:
                self.draw_turn()
            self.waiting = choice
            return
        self.waiting = None
        if choice.error:
            self.host.notice(choice.error, "warning")
        action = choice.action
        if action is None or not session.computer_acts(action):
            legal = session.controller.legal_actions()
            if not legal or not session.computer_acts(legal[0]):
                self.host.notice(_("The computer player cannot move; the match is stuck."), "error")

    def resumed(self) -> None:
        """The table is on top again: make the computer's move that waited for it."""
        waiting, self.waiting = self.waiting, None
        if waiting is not None:
            self.host.soon(self.chose, waiting)

    def start(
        self,
        bot: Bot | None,
        view: PlayerView,
        legal: list[Action],
        delay: float,
        chose: Chose,
    ) -> None:
        """Let ``bot`` choose its next action from ``view`` in a worker thread; ``chose`` gets
        the choice back in the app's loop."""
        self.token += 1
        think = partial(self._think, self.token, bot, view, legal, delay, chose)
        self.host.in_thread(think, "bots")

    def _think(
        self,
        token: int,
        bot: Bot | None,
        view: PlayerView,
        legal: list[Action],
        delay: float,
        chose: Chose,
    ) -> None:
        """Runs in a worker thread: wait, choose, and hand the choice back."""
        waited_until = time.monotonic() + delay
        while time.monotonic() < waited_until:
            if token != self.token:  # the table was left or the match changed
                return
            time.sleep(min(0.05, max(0.0, waited_until - time.monotonic())))
        error: str | None = None
        action = None
        try:
            if bot is None:
                error = _("Computer players are not available; it makes the first legal move.")
                action = legal[0] if legal else None
            else:
                action = bot.choose(view, legal)
        except Exception as problem:
            error = _(
                "The computer player made a mistake ({problem}); it makes the first legal move."
            ).format(problem=problem)
            action = legal[0] if legal else None
        with contextlib.suppress(Exception):  # the app may be closing
            self.host.from_thread(chose, ComputerChoice(token, action, error))
