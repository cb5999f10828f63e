"""What the match at the table needs from the app around it, and nothing more.

The match session (:mod:`rummy_tui.ui.play.session`), what seats a match
(:mod:`rummy_tui.ui.play.opening`) and the menus over the table
(:mod:`rummy_tui.ui.play.table_menus`) are handed a :class:`TableHost`: screens go up through
it, notices are shown, work runs in a thread, and the routes the table may take (the title,
the rules, quitting, a new match) are asked of it. The app is the one
host; these modules never import it, so the dependencies point one way: the app over the
session, the session over its screens.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel
    from textual.screen import Screen

    from rummy_tui.core import Game
    from rummy_tui.match.setup import MatchSetup
    from rummy_tui.persistence import SaveStore
    from rummy_tui.ui.play.key_help import KeyRow
    from rummy_tui.ui.shell.data_folder import DataFolder
    from rummy_tui.ui.shell.settings import DisplaySettings


class TableHost(Protocol):
    """The app, as the match at the table sees it."""

    data: DataFolder
    """Display settings, saves and records of the data folder."""
    data_dir: Path | None
    """The data folder."""
    autosave: bool
    """Whether matches are saved after every move (tests may switch it off)."""

    @property
    def settings(self) -> DisplaySettings:
        """How cards are drawn."""
        ...

    def store(self) -> SaveStore | None:
        """The save store, or None when saving is not possible."""
        ...

    def own_keys(self) -> list[KeyRow]:
        """The rows of the app's own keys for the help (Ctrl+Q)."""
        ...

    def notice(self, message: str, severity: SeverityLevel = "information") -> None:
        """Show a notice (never raises)."""
        ...

    def signal_turn(self, mine: bool) -> None:
        """Whether it is this screen's turn now: its start rings the bell and names the turn
        in the window title (a seat's own screen)."""
        ...

    def show_screen(self, screen: Screen[Any], then: Callable[[Any], None] | None = None) -> None:
        """Put ``screen`` on top; ``then`` gets its result when it is dismissed."""
        ...

    def install_screen(self, screen: Screen[Any], name: str) -> None:
        """Keep ``screen`` under ``name`` when it leaves the top, to show it again later."""
        ...

    def is_screen_installed(self, screen: str) -> bool:
        """Whether a screen is kept under that name."""
        ...

    def get_screen(self, screen: str) -> Screen[Any]:
        """The screen kept under that name."""
        ...

    def top_screen(self) -> Screen[Any]:
        """The screen on top."""
        ...

    def take_down(self, screen: Screen[Any]) -> None:
        """Put ``screen`` away if it is on top, its answer unwanted (nobody is told)."""
        ...

    def is_on_top(self, screen: Screen[Any]) -> bool:
        """Whether ``screen`` is the screen on top (nothing covers it)."""
        ...

    def in_thread(self, work: Callable[[], None], group: str) -> None:
        """Run ``work`` in a worker thread of ``group`` (its errors are not fatal)."""
        ...

    def from_thread(self, callback: Callable[..., None], *arguments: Any) -> None:
        """From a worker thread: run ``callback(*arguments)`` in the app's own loop."""
        ...

    def soon(self, callback: Callable[..., None], *arguments: Any) -> None:
        """Run ``callback(*arguments)`` once the messages waiting now are handled."""
        ...

    def clear_screens(self) -> None:
        """Back to the bottom of the screen stack; the match at the table is put away."""
        ...

    def show_title(self) -> None:
        """The title screen."""
        ...

    def show_load(self) -> None:
        """The list of saved matches."""
        ...

    def show_rules(self) -> None:
        """The rules of the variant being played."""
        ...

    def quit_game(self) -> None:
        """Leave the game (the match is saved already)."""
        ...

    def begin_match(self, setup: MatchSetup, game: Game) -> None:
        """Seat a new match (the next one of the same table, say)."""
        ...
