"""The autosave of the match at the table: which save it goes to and whether it is saved.

The table saves after every applied action through one :class:`Autosave`. Its states:

* no store: saving is not possible at all (``note`` is "not saved");
* unsaved: the match has no save yet, or the last attempt failed (``note`` is "NOT SAVED").
  Every later autosave and leaving the table try again, and a first save that failed (a full
  disk at the start) creates the save as soon as writing works again, so no move is lost;
* saved: the last attempt succeeded (``note`` is "saved").

Leaving an unsaved match is warned about (:meth:`Autosave.leave_note`), and :meth:`close`
lets another window open the match.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rummy_tui.i18n import N_, _
from rummy_tui.persistence.errors import SaveError

if TYPE_CHECKING:
    from rummy_tui.core import Game
    from rummy_tui.match.setup import MatchSetup
    from rummy_tui.persistence.store import SaveStore

SAVED_NOTE = N_("saved")
"""The table's top-line note when every move shown is on disk (translated where it is shown)."""


@dataclass
class Autosave:
    """The autosave of one match."""

    store: SaveStore | None = None
    """Where the match is saved; None when saving is not possible."""
    name: str | None = None
    """The save's name; None until the first save succeeds."""
    problem: str | None = None
    """Why saving fails, or None when the last save succeeded (the first reason is kept
    while failures go on; the table may put its own wording here, so a notice is shown once)."""
    extra: dict[str, Any] = field(default_factory=dict)
    """What the interface keeps with the match besides the game."""
    saved_moves: int | None = None
    """How many logged actions the last successful save held (None before the first)."""

    @property
    def unsaved(self) -> bool:
        """Whether moves made at the table are not on disk yet (saving is possible but the
        match has no save, or the last save failed)."""
        return self.store is not None and (self.name is None or self.problem is not None)

    @property
    def note(self) -> str:
        """The table's top-line note: "saved", "NOT SAVED" or "not saved" (no store), marked
        for the catalogs and translated where the table shows it."""
        if self.store is None:
            return N_("not saved")
        return N_("NOT SAVED") if self.unsaved else SAVED_NOTE

    def save(self, setup: MatchSetup, game: Game, extra: dict[str, Any] | None = None) -> None:
        """Save the match now, creating its save if it has none yet.

        Raises:
            SaveError: when it could not be saved (``problem`` then says why, and the next
                call tries again).
        """
        if self.store is None:
            return
        try:
            self.name = self.store.save_or_create(self.name, setup, game, extra)
        except SaveError as error:
            if self.problem is None:
                self.problem = error.reason
            raise
        self.problem = None
        self.saved_moves = len(game.state.log)

    def holds_last_move(self, game: Game) -> bool:
        """Whether the match's save is on disk with every move of ``game`` in it."""
        return (
            self.store is not None and not self.unsaved and self.saved_moves == len(game.state.log)
        )

    def leave_note(self) -> str:
        """What to tell a player who asks to leave the table."""
        if self.store is None:
            return _("This match is not being saved.")
        if self.unsaved:
            return _(
                "This match is NOT SAVED: leaving now loses its moves. Stay (saving is tried "
                "again after every move), or leave anyway."
            )
        # Translators: {name} is the save's name, in quotes.
        return _("The match is saved after every move as {name}; continue it later.").format(
            name=repr(self.name)
        )

    def close(self) -> None:
        """The match leaves the table: another window may open it now."""
        if self.store is not None and self.name is not None:
            self.store.release(self.name)
