"""Computer players' moves: each is chosen in a worker thread and posted back to the match
session, which makes it on the one road every move takes.

A move is chosen from the computer's own :class:`PlayerView` and the legal actions, after the
pace's delay. Every start and stop changes a token; a choice that comes back with an old token
(the table was left, a take-back changed the match) is dropped.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from rummy_tui.i18n import _

if TYPE_CHECKING:
    from rummy_tui.bots import Bot
    from rummy_tui.core import Action, PlayerView
    from rummy_tui.ui.host import TableHost


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
    """The computer players' thinking in worker threads, one move at a time."""

    def __init__(self, host: TableHost) -> None:
        self.host = host
        self.token = 0
        """Changes at every start and stop; a choice made under an older one is dropped."""

    def stop(self) -> None:
        """A computer still thinking stops at once (its choice is dropped)."""
        self.token += 1

    def is_current(self, choice: ComputerChoice) -> bool:
        """Whether ``choice`` was made for the turn at the table now."""
        return choice.token == self.token

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
