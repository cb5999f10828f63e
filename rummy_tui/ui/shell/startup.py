"""Where the app starts (the title screen, the new-game menu, a match dealt at once, the latest
unfinished match, or a saved one: the app routes to it) and the background loading that keeps
the first screen fast.

``rummy`` opens the title; ``rummy new``, ``rummy continue`` and ``rummy load NAME`` (and tests
with a stacked deck) go straight to a match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from textual.app import App

    from rummy_tui.core import Game
    from rummy_tui.match.setup import MatchSetup

Start = Literal["title", "new", "continue", "load", "join", "guide", "replay"]


def choose_start(setup: MatchSetup | None, game: Game | None, save_name: str | None) -> Start:
    """The start when none is named: "new" with a setup or a game, "load" with a save name,
    else "title"."""
    if setup is not None or game is not None:
        return "new"
    return "load" if save_name is not None else "title"


def preload(app: App[Any]) -> None:
    """Load the rules engine and the save store in the background once the first screen is
    up, so the next screen does not wait for them."""
    app.run_worker(_preload_modules, thread=True, group="preload", exit_on_error=False)


def _preload_modules() -> None:
    """Import what the table needs (runs in a worker thread)."""
    import rummy_tui.persistence
    import rummy_tui.ui.play.session  # noqa: F401
