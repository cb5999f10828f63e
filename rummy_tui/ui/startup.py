"""Where the app starts: the title screen, the new-game menu, a match dealt at once, the latest
unfinished match, or a saved one; and the background loading that keeps the first screen fast.

``rummy`` opens the title; ``rummy new``, ``rummy continue`` and ``rummy load NAME`` (and tests
with a stacked deck) go straight to a match.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from rummy_tui.i18n import _

if TYPE_CHECKING:
    from rummy_tui.core import Game
    from rummy_tui.match.setup import MatchSetup
    from rummy_tui.ui.app import RummyApp

Start = Literal["title", "new", "continue", "load"]


def choose_start(setup: MatchSetup | None, game: Game | None, save_name: str | None) -> Start:
    """The start when none is named: "new" with a setup or a game, "load" with a save name,
    else "title"."""
    if setup is not None or game is not None:
        return "new"
    return "load" if save_name is not None else "title"


def start(app: RummyApp) -> None:
    """Show the app's first screen; a problem shows the title screen with a notice, never a
    traceback."""
    try:
        _route(app)
    except Exception as error:  # no traceback reaches the player
        app.notice(_("Something went wrong while starting: {error}").format(error=error), "error")
        app.show_title()


def _route(app: RummyApp) -> None:
    mode = app.start_mode
    if mode == "new":
        if app.start_setup is None and app.start_game is None:
            app.show_new_game()
        else:
            app.opener.begin_match(app.start_setup, app.start_game)
    elif mode == "continue":
        app.opener.continue_latest()
    elif mode == "load":
        if app.start_save is None:
            app.show_load()
        else:
            app.opener.load_match(app.start_save)
    else:
        app.show_title()


def preload(app: RummyApp) -> None:
    """Load the rules engine and the save store in the background once the first screen is
    up, so the next screen does not wait for them."""
    app.run_worker(_preload_modules, thread=True, group="preload", exit_on_error=False)


def _preload_modules() -> None:
    """Import what the table needs (runs in a worker thread)."""
    import rummy_tui.persistence
    import rummy_tui.ui.screens.table  # noqa: F401
